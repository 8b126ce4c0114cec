import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { informacionPago, metodosdepago } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { invalid } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { json } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { mask, PAYMENT_FIELDS, paymentInfoErrors, paymentInfoSchema } from '../../shared/schemas/profile';
import { missingRefs } from '../resources';

const own = () => requires(P.miInformacionPersonal);

/** The member's payment details; account numbers masked unless `full`. */
export async function paymentInfoOf(db: Db, userId: number, full: boolean) {
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
    numero_cuenta: full ? p.numeroCuenta : mask(p.numeroCuenta),
    titular: p.titular,
    tipo_billetera: p.tipoBilletera,
    criptomoneda_id: p.criptomonedaId,
    direccion_billetera: full ? p.direccionBilletera : mask(p.direccionBilletera),
  };
}

export const paymentRoutes = new Hono<AppEnv>()
  .get('/', own(), async (c) => c.json({ data: await paymentInfoOf(c.var.db, c.var.user.id, true) }))
  .put('/', own(), json(paymentInfoSchema), async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
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
      updatedAt: clock.now(),
    };
    await db
      .insert(informacionPago)
      .values({ userId: user.id, ...values, createdAt: clock.now() })
      .onConflictDoUpdate({ target: informacionPago.userId, set: values });
    return c.json({ data: await paymentInfoOf(db, user.id, true), message: MSG.updated });
  });
