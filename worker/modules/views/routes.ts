// Saved views of the grids (decision 0161): GET /vistas?grid= lists the views a user
// sees on one grid (his own, his roles', the global ones), and he creates, changes and deletes
// his own, at most MAX_VIEWS. Sharing with everyone, or with a role he holds (and a role's
// default), needs P.compartirVistas; changing another user's shared view, or sharing with any
// role, P.administrarVistas (decision 0344).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { roles, userRoles, vistas } from '../../db/schema';
import { signedIn } from '../../platform/auth';
import { insertWhereStatement } from '../../platform/guarded-insert';
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
const ROLE_NOT_HELD = 'Solo puedes compartir una vista con un rol que tienes.';
const OWNER_ONLY_PERSONAL = 'Solo quien creó la vista puede volverla personal.';
/** Views a user may keep, over all grids (each up to 8 KB: viewStateSchema). */
export const MAX_VIEWS = 50;
const TOO_MANY = `Puedes guardar hasta ${MAX_VIEWS} vistas. Elimina alguna para guardar otra.`;

const mayManage = (c: Ctx) => c.var.permissions.has(P.administrarVistas);
const mayShare = (c: Ctx) => mayManage(c) || c.var.permissions.has(P.compartirVistas);

/** The role ids the signed-in user holds. */
const heldRoles = (c: Ctx) =>
  c.var.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, c.var.user.id));

/** The views a user sees on a grid: his own, his roles' and the global ones. */
const visible = (c: Ctx, grid: string) =>
  and(
    eq(vistas.grid, grid),
    or(
      eq(vistas.alcance, 'GLOBAL'),
      and(eq(vistas.alcance, 'PERSONAL'), eq(vistas.userId, c.var.user.id)),
      and(eq(vistas.alcance, 'ROL'), inArray(vistas.roleId, heldRoles(c))),
    ),
  );

type Body = v.InferOutput<typeof viewSchema>;

/**
 * The columns of a valid body, after the sharing rules: sharing needs its permission; a role view
 * (and a role's default) only for a role the user holds, unless he administers views; a view of
 * someone else (`owner`) is never made personal, which would make it that user's alone.
 */
async function columnsOf(c: Ctx, body: Body, owner = c.var.user.id) {
  if ((body.alcance !== 'PERSONAL' || body.predeterminada) && !mayShare(c))
    throw new HttpError(403, SHARE_REFUSED);
  if (body.predeterminada && body.alcance !== 'ROL')
    throw invalidField('predeterminada', VIEW_DEFAULT_NEEDS_ROLE);
  if (body.alcance === 'PERSONAL' && owner !== c.var.user.id)
    throw invalidField('alcance', OWNER_ONLY_PERSONAL);
  let roleId: number | null = null;
  if (body.alcance === 'ROL') {
    if (!body.role_id) throw invalidField('role_id', VIEW_ROLE_REQUIRED);
    const role = await c.var.db.select({ id: roles.id }).from(roles).where(eq(roles.id, body.role_id)).get();
    if (!role) throw invalidField('role_id', VIEW_ROLE_REQUIRED);
    if (!mayManage(c)) {
      const held = await heldRoles(c);
      if (!held.some((r) => r.id === role.id)) throw invalidField('role_id', ROLE_NOT_HELD);
    }
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

/** Whether the user may change a view: his own; another user's shared one if he administers views. */
const mayEdit = (c: Ctx, row: { userId: number; alcance: string }) =>
  row.userId === c.var.user.id || (row.alcance !== 'PERSONAL' && mayManage(c));

/** The view a user may change (mayEdit); any other answers 404, as a record of someone else's does. */
async function editable(c: Ctx, viewId: number) {
  const row = await c.var.db.select().from(vistas).where(eq(vistas.id, viewId)).get();
  if (!row || !mayEdit(c, row)) throw notFound();
  return row;
}

/** The role's other default on the grid (one default per role), unset in the write's batch. */
const clearDefault = (cols: { grid: string; roleId: number | null; predeterminada: boolean }, except = 0) =>
  and(
    eq(vistas.grid, cols.grid),
    eq(vistas.roleId, cols.roleId ?? 0),
    eq(vistas.predeterminada, true),
    sql`${vistas.id} <> ${except}`,
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
    // The roles he may share with: every one for a view administrator, his own otherwise.
    const shareRoles = share
      ? await c.var.db
          .select({ id: roles.id, nombre: roles.nombre })
          .from(roles)
          .where(mayManage(c) ? undefined : inArray(roles.id, heldRoles(c)))
          .orderBy(asc(roles.nombre))
      : [];
    return c.json({
      data: rows.map(({ user_id, estado, ...r }) => ({
        ...r,
        estado: JSON.parse(estado) as Record<string, unknown>,
        propia: user_id === c.var.user.id,
        editable: mayEdit(c, { userId: user_id, alcance: r.alcance }),
      })),
      puede_compartir: share,
      roles: shareRoles,
    });
  })
  .post('/', signedIn(), json(viewSchema), async (c) => {
    const cols = await columnsOf(c, c.req.valid('json'));
    const now = c.var.clock.now();
    // The limit is a condition of the INSERT itself (decision 0091): parallel saves cannot all pass.
    const room = sql`(select count(*) from ${vistas} where ${vistas.userId} = ${c.var.user.id}) < ${MAX_VIEWS}`;
    const insert = insertWhereStatement(
      c.var.db,
      vistas,
      [{ ...cols, userId: c.var.user.id, createdAt: now, updatedAt: now }],
      room,
    );
    const [, inserted] = cols.predeterminada
      ? await c.var.db.batch([
          c.var.db
            .update(vistas)
            .set({ predeterminada: false })
            .where(and(clearDefault(cols), room)),
          insert,
        ])
      : [null, await insert];
    if (!inserted[0]) throw invalidField('nombre', TOO_MANY);
    return c.json({ data: { id: Number(inserted[0].id) }, message: MSG.created }, 201);
  })
  .put('/:id{[0-9]+}', signedIn(), idParam, json(viewSchema), async (c) => {
    const viewId = c.req.valid('param').id;
    const row = await editable(c, viewId);
    const cols = await columnsOf(c, c.req.valid('json'), row.userId);
    const update = c.var.db
      .update(vistas)
      .set({ ...cols, updatedAt: c.var.clock.now() })
      .where(eq(vistas.id, viewId));
    if (cols.predeterminada)
      await c.var.db.batch([
        c.var.db.update(vistas).set({ predeterminada: false }).where(clearDefault(cols, viewId)),
        update,
      ]);
    else await update;
    return c.json({ message: MSG.updated });
  })
  .delete('/:id{[0-9]+}', signedIn(), idParam, async (c) => {
    const viewId = c.req.valid('param').id;
    await editable(c, viewId);
    await c.var.db.delete(vistas).where(eq(vistas.id, viewId));
    return c.json({ message: MSG.deleted });
  });
