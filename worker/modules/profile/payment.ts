import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { informacionPago, metodosdepago } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { readerOf, readPersonalField, type PersonalDataReader } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import {
  actorOf,
  runAudited,
  staleWrite,
  type Actor,
  type Audited,
  restoredBody,
  versionedEdit,
} from '../../platform/audit';
import { json, parseWith } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import {
  PAYMENT_FIELDS,
  PAYMENT_KEYS,
  paymentInfoErrors,
  paymentInfoSchema,
  type PaymentInfo,
} from '../../shared/schemas/profile';
import { missingRefs } from '../resources';

const own = () => requires(P.miInformacionPersonal);

/** The member's payment details as `reader` may see them (account numbers: readPersonalField). */
export async function paymentInfoOf(db: Db, userId: number, reader: PersonalDataReader) {
  const row = await db
    .select({ p: informacionPago, metodo: metodosdepago.nombre, tipo: metodosdepago.tipo })
    .from(informacionPago)
    .leftJoin(metodosdepago, eq(metodosdepago.id, informacionPago.metodoPagoId))
    .where(eq(informacionPago.userId, userId))
    .get();
  if (!row) return null;
  const p = row.p;
  return {
    metodo_pago_id: p.metodoPagoId,
    metodo_pago: row.metodo,
    metodo_tipo: row.tipo,
    banco_id: p.bancoId,
    tipo_cuenta: p.tipoCuenta,
    numero_cuenta: readPersonalField(reader, 'numero_cuenta', p.numeroCuenta, userId),
    titular: p.titular,
    tipo_billetera: p.tipoBilletera,
    criptomoneda_id: p.criptomonedaId,
    direccion_billetera: readPersonalField(reader, 'direccion_billetera', p.direccionBilletera, userId),
    tipo_persona: p.tipoPersona,
    nit: p.nit,
    version: p.version,
  };
}

/** The member's payment details are audited (decision 0250); account numbers shown masked. */
export const PAYMENT_AUDITED: Audited = { entity: 'informacion_pago', table: informacionPago };

const paymentRowOf = (db: Db, userId: number) =>
  db.select({ id: informacionPago.id }).from(informacionPago).where(eq(informacionPago.userId, userId)).get();

/**
 * Inserts or updates the member's one payment row with its activity and revision in one batch; an
 * update checks the version the form read (a stale one is a 409 naming who saved first).
 */
export async function savePaymentInfo(
  db: Db,
  userId: number,
  values: Omit<typeof informacionPago.$inferInsert, 'userId' | 'createdAt'>,
  version: number | undefined,
  actor: Actor,
  action: 'editar' | 'restaurar' = 'editar',
) {
  const current = await paymentRowOf(db, userId);
  if (!current) {
    try {
      await runAudited(db, {
        audited: PAYMENT_AUDITED,
        id: 'new',
        action: 'crear',
        actor,
        write: db
          .insert(informacionPago)
          .values({ userId, ...values, createdAt: actor.at })
          .onConflictDoNothing({ target: informacionPago.userId }),
      });
    } catch (err) {
      // Another first save came in between (two tabs): its row stands, and this one is told who
      // saved it, as any stale edit is (409), instead of failing on the unique index.
      const saved = await paymentRowOf(db, userId);
      if (!saved) throw err;
      throw await staleWrite(db, PAYMENT_AUDITED, saved.id);
    }
    return;
  }
  await runAudited(db, versionedEdit(db, PAYMENT_AUDITED, current.id, values, { version, actor, action }));
}

/** Validates and saves a member's payment details (his screen, or a restore from the history). */
async function putPaymentInfo(
  db: Db,
  userId: number,
  body: PaymentInfo,
  actor: Actor,
  action: 'editar' | 'restaurar' = 'editar',
) {
  const metodo = await db
    .select({ tipo: metodosdepago.tipo })
    .from(metodosdepago)
    .where(eq(metodosdepago.id, body.metodo_pago_id))
    .get();
  const errors = {
    ...(await missingRefs(db, [
      { field: 'metodo_pago_id', resource: 'metodosdepago', ids: [body.metodo_pago_id] },
      { field: 'banco_id', resource: 'bancos', ids: [body.banco_id] },
      { field: 'criptomoneda_id', resource: 'criptomoneda', ids: [body.criptomoneda_id] },
    ])),
    ...paymentInfoErrors(body, metodo?.tipo),
  };
  if (Object.keys(errors).length) throw invalid(errors);
  // Only the fields the method uses are kept; the others are cleared.
  const used = new Set(PAYMENT_FIELDS[metodo!.tipo] ?? []);
  const pick = <K extends keyof typeof body>(k: K) => (used.has(k) ? body[k] : null);
  const values = {
    metodoPagoId: body.metodo_pago_id,
    bancoId: pick('banco_id'),
    tipoCuenta: pick('tipo_cuenta'),
    numeroCuenta: pick('numero_cuenta'),
    titular: pick('titular'),
    tipoBilletera: pick('tipo_billetera'),
    criptomonedaId: pick('criptomoneda_id'),
    direccionBilletera: pick('direccion_billetera'),
    // The person type decides the withholding on his bonuses (decision 0445); a NIT only for a company.
    tipoPersona: body.tipo_persona,
    nit: body.tipo_persona === 'JURIDICA' ? body.nit : null,
    updatedAt: actor.at,
  };
  await savePaymentInfo(db, userId, values, body.version, actor, action);
}

/** The fields of the payment details a restore may copy back (decision 0253): the form's. */
export const PAYMENT_RESTORABLE = PAYMENT_KEYS;

/** Copies chosen fields of a member's payment details back from a revision, through the form's checks. */
export async function restorePaymentInfo(
  c: Context<AppEnv>,
  rowId: number,
  restored: Record<string, unknown>,
  version?: number,
) {
  const { db } = c.var;
  const row = await db.select().from(informacionPago).where(eq(informacionPago.id, rowId)).get();
  if (!row) throw notFound();
  const body = parseWith(
    paymentInfoSchema,
    restoredBody(
      {
        metodo_pago_id: row.metodoPagoId,
        banco_id: row.bancoId,
        tipo_cuenta: row.tipoCuenta,
        numero_cuenta: row.numeroCuenta,
        titular: row.titular,
        tipo_billetera: row.tipoBilletera,
        criptomoneda_id: row.criptomonedaId,
        direccion_billetera: row.direccionBilletera,
        tipo_persona: row.tipoPersona,
        nit: row.nit,
        version: row.version,
      },
      restored,
      version,
    ),
  );
  await putPaymentInfo(db, row.userId, body, actorOf(c), 'restaurar');
}

export const paymentRoutes = new Hono<AppEnv>()
  .get('/', own(), async (c) => c.json({ data: await paymentInfoOf(c.var.db, c.var.user.id, readerOf(c)) }))
  .put('/', own(), json(paymentInfoSchema), async (c) => {
    const { db, user } = c.var;
    await putPaymentInfo(db, user.id, c.req.valid('json'), actorOf(c));
    return c.json({ data: await paymentInfoOf(db, user.id, readerOf(c)), message: MSG.updated });
  });
