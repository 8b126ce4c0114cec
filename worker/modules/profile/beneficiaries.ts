import { and, eq, ne, sql, sum } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { beneficiarios, parentesco } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { HttpError, invalid, notFound } from '../../platform/errors';
import { insertWhereStatement } from '../../platform/guarded-insert';
import {
  actorOf,
  runAudited,
  type Actor,
  type Audited,
  restoredBody,
  versionedEdit,
} from '../../platform/audit';
import type { AppEnv } from '../../platform/ports';
import { json, params, parseWith } from '../../platform/validate';
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
      version: beneficiarios.version,
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
 * The 100 % rule as a condition of the writing statement (decision 0091): the member's other
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

/** A beneficiary's writes are audited (decision 0250): who, when, the row before and after. */
export const BENEFICIARY_AUDITED: Audited = { entity: 'beneficiarios', table: beneficiarios };

/**
 * Saves a beneficiary with the version the dialog read and the 100 % rule in the statement. Either
 * failing aborts the batch: a stale version is a 409 naming who saved first, else the sum went over
 * meanwhile.
 */
async function updateBeneficiary(
  db: Db,
  userId: number,
  rowId: number,
  body: Body,
  actor: Actor,
  action: 'editar' | 'restaurar' = 'editar',
) {
  const mine = and(eq(beneficiarios.id, rowId), eq(beneficiarios.userId, userId));
  try {
    await runAudited(
      db,
      versionedEdit(
        db,
        BENEFICIARY_AUDITED,
        rowId,
        { ...values(body), updatedAt: actor.at },
        {
          version: body.version,
          actor,
          action,
          where: and(mine, fitsWithin100(userId, body.porcentaje, rowId)),
        },
      ),
    );
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) {
      const fresh = await db.select({ version: beneficiarios.version }).from(beneficiarios).where(mine).get();
      if (body.version === undefined || fresh?.version === body.version) throw over100();
    }
    throw err;
  }
}

/** The fields of a beneficiary a restore may copy back (decision 0253). */
export const BENEFICIARY_RESTORABLE = [
  'nombre',
  'tipo_identificacion_id',
  'numero_identificacion',
  'parentesco_id',
  'porcentaje',
] as const;

/** Copies chosen fields of a member's beneficiary back from a revision, through the dialog's checks. */
export async function restoreBeneficiary(
  c: Context<AppEnv>,
  rowId: number,
  restored: Record<string, unknown>,
  version?: number,
) {
  const { db } = c.var;
  const row = await db.select().from(beneficiarios).where(eq(beneficiarios.id, rowId)).get();
  if (!row) throw notFound();
  const body = parseWith(
    beneficiarioSchema,
    restoredBody(
      {
        nombre: row.nombre,
        tipo_identificacion_id: row.tipoIdentificacionId,
        numero_identificacion: row.numeroIdentificacion,
        parentesco_id: row.parentescoId,
        porcentaje: row.porcentaje,
        version: row.version,
      },
      restored,
      version,
    ),
  );
  await check(db, row.userId, body, rowId);
  await updateBeneficiary(db, row.userId, rowId, body, actorOf(c), 'restaurar');
}

export const beneficiaryRoutes = new Hono<AppEnv>()
  .get('/', own(), async (c) => c.json({ data: await beneficiariesOf(c.var.db, c.var.user.id) }))
  .post('/', own(), json(beneficiarioSchema), async (c) => {
    const body = c.req.valid('json');
    await check(c.var.db, c.var.user.id, body);
    const { db } = c.var;
    const actor = actorOf(c);
    const now = actor.at;
    // Over 100 % the INSERT adds nothing, and the activity and revision skip with it.
    const [inserted] = await runAudited<[{ id: number }[]]>(db, {
      audited: BENEFICIARY_AUDITED,
      id: 'new',
      action: 'crear',
      actor,
      guard: 'changed',
      write: insertWhereStatement(
        db,
        beneficiarios,
        [{ userId: c.var.user.id, ...values(body), createdAt: now, updatedAt: now }],
        fitsWithin100(c.var.user.id, body.porcentaje),
      ),
    });
    const rowId = inserted[0]?.id;
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
    await updateBeneficiary(c.var.db, c.var.user.id, rowId, body, actorOf(c));
    return c.json({ message: MSG.updated });
  })
  .delete('/:id{[0-9]+}', own(), idParam, async (c) => {
    const { db } = c.var;
    const rowId = c.req.valid('param').id;
    const mine = and(eq(beneficiarios.id, rowId), eq(beneficiarios.userId, c.var.user.id));
    if (!(await db.select({ id: beneficiarios.id }).from(beneficiarios).where(mine).get())) throw notFound();
    const actor = actorOf(c);
    await runAudited(db, {
      audited: BENEFICIARY_AUDITED,
      id: rowId,
      action: 'eliminar',
      actor,
      guard: 'delete',
      write: db.delete(beneficiarios).where(mine),
    });
    return c.body(null, 204);
  });
