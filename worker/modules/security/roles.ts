import {
  activationWrite,
  auditedExport,
  historyInsert,
  actorOf,
  bumpVersion,
  runAudited,
  versionWhere,
  type Action,
  type Audited,
} from '../../platform/audit';
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { listExport } from '../../platform/xlsx-stream';
import { MSG } from '../../shared/messages';
import { configPermission } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { ROLES_DEF, roleSchema, SYSTEM_ROLE_MESSAGE } from '../../shared/security-resources';
import { ADMIN_ROLE } from '../../platform/roles';
import { cellOf } from '../resources';
import { guardPermissionGrant, guardRoleCeiling, permissionCodesOfRole, permissionIds } from './service';
import { paginate } from '../../platform/paginate';

const perm = (a: 'view' | 'new' | 'edit' | 'delete' | 'export') =>
  requires(configPermission('seguridad:roles', a));
const idParam = params(v.object({ id: id() }));

const permisosCount = sql<number>`(select count(*) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id})`;
const usuariosCount = sql<number>`(select count(*) from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;
const spec: ListSpec = {
  sorts: {
    id: roles.id,
    nombre: roles.nombre,
    activo: roles.activo,
    permisos: permisosCount,
    usuarios: usuariosCount,
    created_at: roles.createdAt,
  },
  filters: { nombre: { kind: 'text', column: roles.nombre }, activo: { kind: 'bool', column: roles.activo } },
  defaultSort: { key: 'nombre', dir: 'asc' },
};
const columns = {
  id: roles.id,
  nombre: roles.nombre,
  descripcion: roles.descripcion,
  activo: roles.activo,
  require_totp: roles.requireTotp,
  version: roles.version,
  permisos: permisosCount,
  usuarios: usuariosCount,
  created_at: roles.createdAt,
};

async function listRoles(db: Db, query: ReturnType<typeof parseListQuery>) {
  const where = whereOf(query, spec);
  const { data, total } = await paginate(
    db,
    db
      .select(columns)
      .from(roles)
      .where(where)
      .orderBy(...orderOf(query, spec, roles.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(roles).where(where),
  );
  return { data, total };
}

async function getRole(db: Db, roleId: number) {
  const row = await db.select(columns).from(roles).where(eq(roles.id, roleId)).get();
  if (!row) throw notFound();
  return { ...row, permisos_codes: await permissionCodesOfRole(db, roleId) };
}

async function checkName(db: Db, nombre: string, exceptId?: number) {
  if (
    await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(sql`upper(${roles.nombre}) = ${nombre}`, exceptId ? ne(roles.id, exceptId) : undefined))
      .get()
  )
    throw conflict(ROLES_DEF.uniqueMessage);
}

/** A role's writes are audited with its permission codes in the snapshot (decision 0110). */
export const ROLE_AUDITED: Audited = {
  entity: 'roles',
  table: roles,
  links: {
    permisos: sql`(select json_group_array(code) from (select p.code as code from ${rolePermissions} rp join ${permissions} p on p.id = rp.permission_id where rp.role_id = t.id order by p.code))`,
  },
};

/** The statements that replace the permission rows of the role `roleId` names (its write's record). */
function permissionStatements(db: Db, ids: number[], roleId: SQL) {
  return [
    db.run(sql`delete from ${rolePermissions} where role_id = ${roleId}`),
    db.run(sql`insert into ${rolePermissions} (role_id, permission_id)
      select ${roleId}, value from json_each(${JSON.stringify([...new Set(ids)])})`),
  ];
}

type RoleBody = v.InferOutput<typeof roleSchema>;

/**
 * Creates or edits a role, its permissions, its activity and revision in one batch (SECURITY row
 * 15, decision 0110). The update names the version the form read; an older one is a 409.
 */
export async function saveRole(
  c: Context<AppEnv>,
  roleId: number | 'new',
  body: RoleBody,
  action: Action = roleId === 'new' ? 'crear' : 'editar',
): Promise<number> {
  const db = c.var.db;
  const role = roleId === 'new' ? null : await getRole(db, roleId);
  if (role) guardRoleCeiling(c.var.permissions, role.permisos_codes);
  // ADMINISTRADOR keeps its permissions; only its two-factor requirement may change.
  if (role?.nombre === ADMIN_ROLE) {
    if (
      body.nombre !== ADMIN_ROLE ||
      !body.activo ||
      [...new Set(body.permisos)].sort().join() !== role.permisos_codes.join()
    )
      throw conflict(SYSTEM_ROLE_MESSAGE);
  }
  await checkName(db, body.nombre, role?.id);
  const ids = await permissionIds(db, [...new Set(body.permisos)]);
  guardPermissionGrant(c.var.permissions, role?.permisos_codes ?? [], body.permisos);
  const actor = actorOf(c);
  const now = actor.at;
  const values = {
    nombre: body.nombre,
    descripcion: body.descripcion,
    activo: body.activo,
    requireTotp: body.require_totp,
    updatedAt: now,
  };
  const permsChanged = !role || [...new Set(body.permisos)].sort().join() !== role.permisos_codes.join();
  const results = await runAudited<[{ id: number }[]]>(db, {
    audited: ROLE_AUDITED,
    id: roleId,
    action,
    actor,
    write:
      roleId === 'new'
        ? db
            .insert(roles)
            .values({ ...values, createdAt: now })
            .returning({ id: roles.id })
        : db
            .update(roles)
            .set({ ...values, version: bumpVersion })
            .where(versionWhere(ROLE_AUDITED, roleId, body.version)),
    linked: (id) => (permsChanged && role?.nombre !== ADMIN_ROLE ? permissionStatements(db, ids, id) : []),
    history: [
      ...(role && role.activo !== body.activo
        ? [
            {
              entity: 'rol',
              from: role.activo ? 'ACTIVO' : 'INACTIVO',
              to: body.activo ? 'ACTIVO' : 'INACTIVO',
            },
          ]
        : []),
      ...(permsChanged
        ? [
            {
              entity: 'rol_permisos',
              from: `${role?.permisos_codes.length ?? 0} permisos`,
              to: `${new Set(body.permisos).size} permisos`,
              comentario: [...new Set(body.permisos)].sort().join(','),
            },
          ]
        : []),
    ],
  });
  return roleId === 'new' ? results[0][0]!.id : roleId;
}

export const roleRoutes = new Hono<AppEnv>()
  .get('/', perm('view'), async (c) => c.json(await listRoles(c.var.db, parseListQuery(c.req.query(), spec))))
  .get('/excel', perm('export'), async (c) => {
    const query = parseListQuery({ ...c.req.query(), page: '1', perPage: '100' }, spec);
    const db = c.var.db;
    const { filas, pages } = await listExport(
      (page, perPage) => listRoles(db, { ...query, page, perPage }),
      (r) => ROLES_DEF.columns.map((col) => cellOf(col, r)),
    );
    return auditedExport(c, {
      entity: 'roles',
      comentario: JSON.stringify({ filas }),
      file: 'roles',
      body: [{ name: 'Roles', headers: ROLES_DEF.columns.map((col) => col.header), pages }],
    });
  })
  .put('/toggle', perm('edit'), json(v.object({ id: id(), value: v.boolean(MSG.invalid) })), async (c) => {
    const { id: roleId, value } = c.req.valid('json');
    const role = await getRole(c.var.db, roleId);
    guardRoleCeiling(c.var.permissions, role.permisos_codes);
    if (role.nombre === ADMIN_ROLE && !value) throw conflict(SYSTEM_ROLE_MESSAGE);
    await runAudited(
      c.var.db,
      activationWrite(c.var.db, {
        audited: ROLE_AUDITED,
        entity: 'rol',
        id: roleId,
        from: role.activo,
        value,
        actor: actorOf(c),
      }),
    );
    return c.json({ data: await getRole(c.var.db, roleId), message: MSG.updated });
  })
  .get('/:id{[0-9]+}', perm('view'), idParam, async (c) =>
    c.json({ data: await getRole(c.var.db, c.req.valid('param').id) }),
  )
  .post('/', perm('new'), json(roleSchema), async (c) => {
    const roleId = await saveRole(c, 'new', c.req.valid('json'));
    return c.json({ data: await getRole(c.var.db, roleId), message: MSG.created }, 201);
  })
  .put('/:id{[0-9]+}', perm('edit'), idParam, json(roleSchema), async (c) => {
    const roleId = await saveRole(c, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ data: await getRole(c.var.db, roleId), message: MSG.updated });
  })
  .delete('/:id{[0-9]+}', perm('delete'), idParam, async (c) => {
    const roleId = c.req.valid('param').id;
    const role = await getRole(c.var.db, roleId);
    guardRoleCeiling(c.var.permissions, role.permisos_codes);
    if (role.nombre === ADMIN_ROLE || role.nombre === 'USUARIO')
      throw conflict('Los roles ADMINISTRADOR y USUARIO son del sistema y no se pueden eliminar');
    if (role.usuarios > 0)
      throw conflict(
        'No se puede eliminar: el rol está asignado a usuarios. Puedes desactivarlo en su lugar.',
      );
    await runAudited(c.var.db, {
      audited: ROLE_AUDITED,
      id: roleId,
      action: 'eliminar',
      actor: actorOf(c),
      guard: 'delete',
      write: c.var.db.delete(roles).where(eq(roles.id, roleId)),
      linked: [
        historyInsert(c.var.db, {
          entity: 'rol',
          entityId: roleId,
          from: role.activo ? 'ACTIVO' : 'INACTIVO',
          to: 'ELIMINADO',
          comentario: role.nombre,
          userId: c.var.user.id,
          at: c.var.clock.now(),
        }),
      ],
    });
    return c.body(null, 204);
  });

/** The fields of a role a restore may copy back from a revision. */
export const ROLE_RESTORABLE = ['nombre', 'descripcion', 'activo', 'require_totp', 'permisos'] as const;

/**
 * Copies chosen fields of a role back from a revision's snapshot, as a new edit through the same
 * checks as the role form (the system role, the name, the permission-grant guard, the version).
 */
export async function restoreRole(
  c: Context<AppEnv>,
  roleId: number,
  values: Record<string, unknown>,
  version?: number,
): Promise<void> {
  const role = await getRole(c.var.db, roleId);
  const pick = <T>(k: string, current: T, from: (x: unknown) => T): T =>
    k in values ? from(values[k]) : current;
  await saveRole(
    c,
    roleId,
    {
      nombre: pick('nombre', role.nombre, String),
      descripcion: pick('descripcion', role.descripcion, (x) => (x == null ? null : String(x))) as string,
      activo: pick('activo', role.activo, Boolean),
      require_totp: pick('require_totp', role.require_totp, Boolean),
      permisos: pick('permisos', role.permisos_codes, (x) => (Array.isArray(x) ? x.map(String) : [])),
      version: version ?? role.version,
    },
    'restaurar',
  );
}
