import { auditedExport } from '../../platform/audited-export';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { rolePermissions, roles, userRoles } from '../../db/schema';
import { requires } from '../../platform/auth';
import { historyInsert } from '../../platform/audit';
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
import { guardPermissionGrant, permissionCodesOfRole, permissionIds } from './service';
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

/** Writes a role's permission set with its audit row, in one batch (SECURITY row 15). */
async function savePermissions(db: Db, roleId: number, codes: string[], actor: number, at: number) {
  const before = await permissionCodesOfRole(db, roleId);
  const next = [...new Set(codes)].sort();
  if (before.join(',') === next.join(',')) return;
  const ids = await permissionIds(db, next);
  await db.batch([
    db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId)),
    ...(ids.length
      ? [db.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })))]
      : []),
    historyInsert(db, {
      entity: 'rol_permisos',
      entityId: roleId,
      from: `${before.length} permisos`,
      to: `${next.length} permisos`,
      comentario: next.join(','),
      userId: actor,
      at,
    }),
  ]);
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
    if (role.nombre === ADMIN_ROLE && !value) throw conflict(SYSTEM_ROLE_MESSAGE);
    const now = c.var.clock.now();
    await c.var.db.batch([
      c.var.db.update(roles).set({ activo: value, updatedAt: now }).where(eq(roles.id, roleId)),
      historyInsert(c.var.db, {
        entity: 'rol',
        entityId: roleId,
        from: role.activo ? 'ACTIVO' : 'INACTIVO',
        to: value ? 'ACTIVO' : 'INACTIVO',
        userId: c.var.user.id,
        at: now,
      }),
    ]);
    return c.json({ data: await getRole(c.var.db, roleId), message: MSG.updated });
  })
  .get('/:id{[0-9]+}', perm('view'), idParam, async (c) =>
    c.json({ data: await getRole(c.var.db, c.req.valid('param').id) }),
  )
  .post('/', perm('new'), json(roleSchema), async (c) => {
    const body = c.req.valid('json');
    await checkName(c.var.db, body.nombre);
    await permissionIds(c.var.db, body.permisos);
    guardPermissionGrant(c.var.permissions, [], body.permisos);
    const now = c.var.clock.now();
    const role = await c.var.db
      .insert(roles)
      .values({
        nombre: body.nombre,
        descripcion: body.descripcion,
        activo: body.activo,
        requireTotp: body.require_totp,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    await savePermissions(c.var.db, role.id, body.permisos, c.var.user.id, now);
    return c.json({ data: await getRole(c.var.db, role.id), message: MSG.created }, 201);
  })
  .put('/:id{[0-9]+}', perm('edit'), idParam, json(roleSchema), async (c) => {
    const roleId = c.req.valid('param').id;
    const body = c.req.valid('json');
    const role = await getRole(c.var.db, roleId);
    // ADMINISTRADOR keeps its permissions; only its two-factor requirement may change.
    if (role.nombre === ADMIN_ROLE) {
      if (
        body.nombre !== ADMIN_ROLE ||
        !body.activo ||
        [...new Set(body.permisos)].sort().join() !== role.permisos_codes.join()
      )
        throw conflict(SYSTEM_ROLE_MESSAGE);
    }
    await checkName(c.var.db, body.nombre, roleId);
    guardPermissionGrant(c.var.permissions, role.permisos_codes, body.permisos);
    const now = c.var.clock.now();
    await c.var.db.batch([
      c.var.db
        .update(roles)
        .set({
          nombre: body.nombre,
          descripcion: body.descripcion,
          activo: body.activo,
          requireTotp: body.require_totp,
          updatedAt: now,
        })
        .where(eq(roles.id, roleId)),
      ...(role.activo !== body.activo
        ? [
            historyInsert(c.var.db, {
              entity: 'rol',
              entityId: roleId,
              from: role.activo ? 'ACTIVO' : 'INACTIVO',
              to: body.activo ? 'ACTIVO' : 'INACTIVO',
              userId: c.var.user.id,
              at: now,
            }),
          ]
        : []),
    ]);
    if (role.nombre !== ADMIN_ROLE)
      await savePermissions(c.var.db, roleId, body.permisos, c.var.user.id, now);
    return c.json({ data: await getRole(c.var.db, roleId), message: MSG.updated });
  })
  .delete('/:id{[0-9]+}', perm('delete'), idParam, async (c) => {
    const roleId = c.req.valid('param').id;
    const role = await getRole(c.var.db, roleId);
    if (role.nombre === ADMIN_ROLE || role.nombre === 'USUARIO')
      throw conflict('Los roles ADMINISTRADOR y USUARIO son del sistema y no se pueden eliminar');
    if (role.usuarios > 0)
      throw conflict(
        'No se puede eliminar: el rol está asignado a usuarios. Puedes desactivarlo en su lugar.',
      );
    await c.var.db.batch([
      c.var.db.delete(roles).where(eq(roles.id, roleId)),
      historyInsert(c.var.db, {
        entity: 'rol',
        entityId: roleId,
        from: role.activo ? 'ACTIVO' : 'INACTIVO',
        to: 'ELIMINADO',
        comentario: role.nombre,
        userId: c.var.user.id,
        at: c.var.clock.now(),
      }),
    ]);
    return c.body(null, 204);
  });
