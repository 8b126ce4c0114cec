import { and, eq, ne, sql, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { beneficiarios, parentesco } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { insertWhere } from '../../platform/guarded-insert';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { BENEFICIARIES_OVER_100, beneficiarioSchema } from '../../shared/schemas/profile';
import { missingRefs } from '../resources';

type Body = v.InferOutput<typeof beneficiarioSchema>;
const own = () => requires(P.miInformacionPersonal);
const idParam = params(v.object({ id: id() }));

export async function beneficiariesOf(db: Db, userId: number) {
  return db
    .select({
      id: beneficiarios.id,
      nombre: beneficiarios.nombre,
      tipo_identificacion_id: beneficiarios.tipoIdentificacionId,
      numero_identificacion: beneficiarios.numeroIdentificacion,
      parentesco_id: beneficiarios.parentescoId,
      parentesco: parentesco.nombre,
      porcentaje: beneficiarios.porcentaje,
    })
    .from(beneficiarios)
    .leftJoin(parentesco, eq(parentesco.id, beneficiarios.parentescoId))
    .where(eq(beneficiarios.userId, userId))
    .orderBy(beneficiarios.id);
}

/** References exist, and the member's percentages add up to at most 100 %. */
async function check(db: Db, userId: number, body: Body, exceptId?: number) {
  const errors = await missingRefs(db, [
    { field: 'parentesco_id', resource: 'parentesco', ids: [body.parentesco_id] },
    { field: 'tipo_identificacion_id', resource: 'tiposidentificacion', ids: [body.tipo_identificacion_id] },
  ]);
  const row = await db
    .select({ total: sum(beneficiarios.porcentaje) })
    .from(beneficiarios)
    .where(and(eq(beneficiarios.userId, userId), exceptId ? ne(beneficiarios.id, exceptId) : undefined))
    .get();
  if (Number(row?.total ?? 0) + body.porcentaje > 10_000) errors.porcentaje = [BENEFICIARIES_OVER_100];
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * The 100 % rule as a condition of the writing statement (issue 21 §3): the member's other
 * percentages, summed when the INSERT/UPDATE runs, plus this one. `check` above answers the
 * usual case with the field error first; this closes the race between parallel requests.
 */
const fitsWithin100 = (userId: number, porcentaje: number, exceptId?: number) =>
  sql`(select coalesce(sum(${beneficiarios.porcentaje}), 0) from ${beneficiarios} where ${beneficiarios.userId} = ${userId}${
    exceptId ? sql` and ${beneficiarios.id} <> ${exceptId}` : sql``
  }) + ${porcentaje} <= 10000`;
const over100 = () => invalid({ porcentaje: [BENEFICIARIES_OVER_100] });

const values = (b: Body) => ({
  nombre: b.nombre,
  tipoIdentificacionId: b.tipo_identificacion_id,
  numeroIdentificacion: b.numero_identificacion,
  parentescoId: b.parentesco_id,
  porcentaje: b.porcentaje,
});

export const beneficiaryRoutes = new Hono<AppEnv>()
  .get('/', own(), async (c) => c.json({ data: await beneficiariesOf(c.var.db, c.var.user.id) }))
  .post('/', own(), json(beneficiarioSchema), async (c) => {
    const body = c.req.valid('json');
    await check(c.var.db, c.var.user.id, body);
    const now = c.var.clock.now();
    const [rowId] = await insertWhere(
      c.var.db,
      beneficiarios,
      [{ userId: c.var.user.id, ...values(body), createdAt: now, updatedAt: now }],
      fitsWithin100(c.var.user.id, body.porcentaje),
    );
    if (rowId === undefined) throw over100();
    return c.json({ data: { id: rowId }, message: MSG.created }, 201);
  })
  .put('/:id{[0-9]+}', own(), idParam, json(beneficiarioSchema), async (c) => {
    const rowId = c.req.valid('param').id;
    const body = c.req.valid('json');
    const mine = and(eq(beneficiarios.id, rowId), eq(beneficiarios.userId, c.var.user.id));
    if (!(await c.var.db.select({ id: beneficiarios.id }).from(beneficiarios).where(mine).get()))
      throw notFound();
    await check(c.var.db, c.var.user.id, body, rowId);
    const updated = await c.var.db
      .update(beneficiarios)
      .set({ ...values(body), updatedAt: c.var.clock.now() })
      .where(and(mine, fitsWithin100(c.var.user.id, body.porcentaje, rowId)))
      .returning({ id: beneficiarios.id });
    if (!updated.length) throw over100();
    return c.json({ message: MSG.updated });
  })
  .delete('/:id{[0-9]+}', own(), idParam, async (c) => {
    const gone = await c.var.db
      .delete(beneficiarios)
      .where(and(eq(beneficiarios.id, c.req.valid('param').id), eq(beneficiarios.userId, c.var.user.id)))
      .returning()
      .get();
    if (!gone) throw notFound();
    return c.body(null, 204);
  });
