import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict, HttpError, invalid } from '../../platform/errors';
import { MSG } from '../../shared/messages';
import { LAST_ADMIN_MESSAGE } from '../../shared/security-resources';
import { ADMIN_ROLE } from '../../platform/roles';

export async function adminRoleId(db: Db): Promise<number> {
  return (await db.select({ id: roles.id }).from(roles).where(eq(roles.nombre, ADMIN_ROLE)).get())!.id;
}

/** Active users holding ADMINISTRADOR, other than `exceptUserId`. */
async function otherActiveAdmins(db: Db, exceptUserId: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(eq(userRoles.roleId, await adminRoleId(db)), eq(users.activo, true), ne(users.id, exceptUserId)),
    )
    .get();
  return row?.n ?? 0;
}

/** Refuses a change that would leave the platform without an active administrator. */
export async function guardLastAdmin(db: Db, userId: number, next: { activo: boolean; roleIds: number[] }) {
  const adminId = await adminRoleId(db);
  const isAdminNow = await db
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, adminId)))
    .get();
  if (!isAdminNow) return;
  const staysAdmin = next.activo && next.roleIds.includes(adminId);
  if (!staysAdmin && (await otherActiveAdmins(db, userId)) === 0) throw conflict(LAST_ADMIN_MESSAGE);
}

export async function checkRoleIds(db: Db, ids: number[]) {
  if (!ids.length) return;
  const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
  if (found.length !== new Set(ids).size) throw invalid({ roles: [MSG.invalid] });
}

export async function roleNamesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ nombre: roles.nombre })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.nombre);
  return rows.map((r) => r.nombre);
}

export async function permissionIds(db: Db, codes: string[]): Promise<number[]> {
  if (!codes.length) return [];
  const rows = await db
    .select({ id: permissions.id, code: permissions.code })
    .from(permissions)
    .where(inArray(permissions.code, codes));
  const unknown = codes.filter((c) => !rows.some((r) => r.code === c));
  if (unknown.length)
    throw invalid({ permisos: [`Permisos desconocidos: ${unknown.slice(0, 5).join(', ')}`] });
  return rows.map((r) => r.id);
}

export async function permissionCodesOfRole(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ code: permissions.code })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(permissions.code);
  return rows.map((r) => r.code);
}

export const GRANT_REFUSED = 'No puedes otorgar permisos que no tienes';
export const OWN_ROLES_REFUSED = 'No puedes cambiar tus propios roles';

/**
 * Nobody hands out more than it holds: every role newly assigned must carry only permissions the
 * actor has, and nobody changes its own roles.
 */
export async function guardRoleGrant(
  db: Db,
  actor: { id: number; permissions: ReadonlySet<string> },
  userId: number,
  next: number[],
) {
  const current = (
    await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))
  ).map((r) => r.roleId);
  const added = [...new Set(next)].filter((r) => !current.includes(r));
  const removed = current.filter((r) => !next.includes(r));
  if (actor.id === userId && (added.length || removed.length)) throw new HttpError(403, OWN_ROLES_REFUSED);
  for (const roleId of added) {
    if ((await permissionCodesOfRole(db, roleId)).some((code) => !actor.permissions.has(code)))
      throw new HttpError(403, GRANT_REFUSED);
  }
}

/** Every permission newly put in a role must be one the actor holds. */
export function guardPermissionGrant(held: ReadonlySet<string>, before: string[], next: string[]) {
  if (next.some((code) => !before.includes(code) && !held.has(code))) throw new HttpError(403, GRANT_REFUSED);
}

export const ROLE_CEILING_REFUSED = 'No puedes modificar este rol: tiene permisos que tú no tienes';

/**
 * The privilege ceiling on roles (SECURITY row 18): a role is edited, switched on or off, or
 * deleted only by someone who holds every permission it has. Otherwise a role editor could empty
 * the role of a user above him, then take that user over within the user ceiling.
 */
export function guardRoleCeiling(held: ReadonlySet<string>, codes: readonly string[]) {
  if (codes.some((code) => !held.has(code))) throw new HttpError(403, ROLE_CEILING_REFUSED);
}

export const SELF_SERVICE_REFUSED =
  'Para cambiar tu propia contraseña o tu verificación en dos pasos, usa Mi cuenta';

/**
 * The user-management routes act on other users (decision 0099): one's own password and second
 * factor change on the account screen, which asks for the current password first.
 */
export function guardNotSelf(actor: { id: number }, userId: number) {
  if (actor.id === userId) throw new HttpError(403, SELF_SERVICE_REFUSED);
}

export const CEILING_REFUSED = 'No puedes modificar este usuario: tiene permisos que tú no tienes';

/**
 * Every permission a user could hold: through each assigned role, active or not. An inactive role
 * still counts (decision 0099): re-activating it would otherwise hand its holder powers that a
 * user manager without them took over in the meantime.
 */
async function assignedPermissionCodes(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: permissions.code })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.code);
}

/**
 * The privilege ceiling (SECURITY row 18): an actor changes another user's password, e-mail, user name,
 * activation, roles, photo or sessions only while holding every permission that user holds through
 * any assigned role, active or inactive (decision 0099).
 */
export async function guardCeiling(
  db: Db,
  actor: { id: number; permissions: ReadonlySet<string> },
  userId: number,
) {
  if (actor.id === userId) return;
  const held = await assignedPermissionCodes(db, userId);
  for (const code of held) if (!actor.permissions.has(code)) throw new HttpError(403, CEILING_REFUSED);
}
