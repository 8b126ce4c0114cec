// Saved views of the grids (issue 25, decision 0161): GET /vistas?grid= lists the views a user
// sees on one grid (his own, his roles', the global ones), and he creates, changes and deletes
// his own. Sharing with a role or with everyone, and a role's default, need P.compartirVistas.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { roles, userRoles, vistas } from '../../db/schema';
import { signedIn } from '../../platform/auth';
import { HttpError, invalidField, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { json, params, parseWith } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { VIEW_DEFAULT_NEEDS_ROLE, VIEW_ROLE_REQUIRED, viewSchema } from '../../shared/schemas/views';

type Ctx = Context<AppEnv>;
const idParam = params(v.object({ id: id() }));
const gridQuery = v.pipe(v.string(MSG.required), v.minLength(1, MSG.required), v.maxLength(200, MSG.invalid));
const SHARE_REFUSED = 'No tienes permiso para compartir vistas.';

const mayShare = (c: Ctx) => c.var.permissions.has(P.compartirVistas);

/** The views a user sees on a grid: his own, his roles' and the global ones. */
const visible = (c: Ctx, grid: string) =>
  and(
    eq(vistas.grid, grid),
    or(
      eq(vistas.alcance, 'GLOBAL'),
      and(eq(vistas.alcance, 'PERSONAL'), eq(vistas.userId, c.var.user.id)),
      and(
        eq(vistas.alcance, 'ROL'),
        inArray(
          vistas.roleId,
          c.var.db
            .select({ id: userRoles.roleId })
            .from(userRoles)
            .where(eq(userRoles.userId, c.var.user.id)),
        ),
      ),
    ),
  );

type Body = v.InferOutput<typeof viewSchema>;

/** The columns of a valid body, after the sharing rules. */
async function columnsOf(c: Ctx, body: Body) {
  if ((body.alcance !== 'PERSONAL' || body.predeterminada) && !mayShare(c))
    throw new HttpError(403, SHARE_REFUSED);
  if (body.predeterminada && body.alcance !== 'ROL')
    throw invalidField('predeterminada', VIEW_DEFAULT_NEEDS_ROLE);
  let roleId: number | null = null;
  if (body.alcance === 'ROL') {
    if (!body.role_id) throw invalidField('role_id', VIEW_ROLE_REQUIRED);
    const role = await c.var.db.select({ id: roles.id }).from(roles).where(eq(roles.id, body.role_id)).get();
    if (!role) throw invalidField('role_id', VIEW_ROLE_REQUIRED);
    roleId = role.id;
  }
  return {
    grid: body.grid,
    nombre: body.nombre,
    estado: JSON.stringify(body.estado),
    alcance: body.alcance,
    roleId,
    predeterminada: body.predeterminada,
  };
}

/** The view a user may change: his own; a shared one also with the permission to share. */
async function editable(c: Ctx, viewId: number) {
  const row = await c.var.db.select().from(vistas).where(eq(vistas.id, viewId)).get();
  if (!row) throw notFound();
  const own = row.userId === c.var.user.id;
  if (!own && (row.alcance === 'PERSONAL' || !mayShare(c))) throw notFound();
  return row;
}

/** Unsets the role's other default on the grid (one default per role), in the write's batch. */
const clearDefault = (
  c: Ctx,
  cols: { grid: string; roleId: number | null; predeterminada: boolean },
  except = 0,
) =>
  c.var.db
    .update(vistas)
    .set({ predeterminada: false })
    .where(
      and(
        eq(vistas.grid, cols.grid),
        eq(vistas.roleId, cols.roleId ?? 0),
        eq(vistas.predeterminada, true),
        sql`${vistas.id} <> ${except}`,
      ),
    );

export const viewRoutes = new Hono<AppEnv>()
  .get('/', signedIn(), async (c) => {
    const grid = parseWith(gridQuery, c.req.query('grid'));
    const rows = await c.var.db
      .select({
        id: vistas.id,
        nombre: vistas.nombre,
        estado: vistas.estado,
        alcance: vistas.alcance,
        role_id: vistas.roleId,
        rol: roles.nombre,
        predeterminada: vistas.predeterminada,
        user_id: vistas.userId,
      })
      .from(vistas)
      .leftJoin(roles, eq(roles.id, vistas.roleId))
      .where(visible(c, grid))
      .orderBy(asc(vistas.nombre), asc(vistas.id));
    const share = mayShare(c);
    const shareRoles = share
      ? await c.var.db.select({ id: roles.id, nombre: roles.nombre }).from(roles).orderBy(asc(roles.nombre))
      : [];
    return c.json({
      data: rows.map(({ user_id, estado, ...r }) => ({
        ...r,
        estado: JSON.parse(estado) as Record<string, unknown>,
        propia: user_id === c.var.user.id,
      })),
      puede_compartir: share,
      roles: shareRoles,
    });
  })
  .post('/', signedIn(), json(viewSchema), async (c) => {
    const cols = await columnsOf(c, c.req.valid('json'));
    const now = c.var.clock.now();
    const insert = c.var.db
      .insert(vistas)
      .values({ ...cols, userId: c.var.user.id, createdAt: now, updatedAt: now })
      .returning({ id: vistas.id });
    const [, inserted] = cols.predeterminada
      ? await c.var.db.batch([clearDefault(c, cols), insert])
      : [null, await insert];
    return c.json({ data: { id: inserted[0]!.id }, message: MSG.created }, 201);
  })
  .put('/:id{[0-9]+}', signedIn(), idParam, json(viewSchema), async (c) => {
    const viewId = c.req.valid('param').id;
    await editable(c, viewId);
    const cols = await columnsOf(c, c.req.valid('json'));
    const update = c.var.db
      .update(vistas)
      .set({ ...cols, updatedAt: c.var.clock.now() })
      .where(eq(vistas.id, viewId));
    if (cols.predeterminada) await c.var.db.batch([clearDefault(c, cols, viewId), update]);
    else await update;
    return c.json({ message: MSG.updated });
  })
  .delete('/:id{[0-9]+}', signedIn(), idParam, async (c) => {
    const viewId = c.req.valid('param').id;
    await editable(c, viewId);
    await c.var.db.delete(vistas).where(eq(vistas.id, viewId));
    return c.json({ message: MSG.deleted });
  });
