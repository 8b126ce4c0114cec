import { asc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { permissions } from '../../db/schema';
import { loadPermissions, requires } from '../../platform/auth';
import type { AppEnv } from '../../platform/ports';
import { containsPattern } from '../../platform/list-query';
import { params } from '../../platform/validate';
import { configPermission } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { permissionCodesOfRole } from './service';

const viewRoles = () => requires(configPermission('seguridad:roles', 'view'));
const viewUsers = () => requires(configPermission('seguridad:usuarios', 'view'));
const idParam = params(v.object({ id: id() }));

/** The catalogue as stored (seeded from worker/shared/permissions.ts), for the role editor. */
export const permissionRoutes = new Hono<AppEnv>()
  .get('/', viewRoles(), async (c) => {
    const data = await c.var.db
      .select({
        id: permissions.id,
        code: permissions.code,
        descripcion: permissions.descripcion,
        grupo: permissions.grupo,
      })
      .from(permissions)
      .orderBy(asc(permissions.grupo), asc(permissions.code));
    return c.json({ data });
  })
  .get('/autocomplete', viewRoles(), async (c) => {
    const q = containsPattern((c.req.query('q') ?? '').slice(0, 100));
    const data = await c.var.db
      .select({ id: permissions.id, label: permissions.code, descripcion: permissions.descripcion })
      .from(permissions)
      .where(
        sql`(${permissions.code} LIKE ${q} ESCAPE '\\' OR ${permissions.descripcion} LIKE ${q} ESCAPE '\\')`,
      )
      .orderBy(permissions.code)
      .limit(50);
    return c.json({ data });
  })
  .get('/role/:id{[0-9]+}', viewRoles(), idParam, async (c) =>
    c.json({ data: await permissionCodesOfRole(c.var.db, c.req.valid('param').id) }),
  )
  .get('/user/:id{[0-9]+}', viewUsers(), idParam, async (c) =>
    c.json({ data: [...(await loadPermissions(c.var.db, c.req.valid('param').id))].sort() }),
  );
