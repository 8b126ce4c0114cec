// Online payment through the configured gateway (docs/decisions/0141):
// - GET  /pasarela                     whether online payment is offered (any signed-in user);
// - POST /pasarela/compras/:id         the owner's hosted-checkout URL for an unpaid purchase;
// - POST /pasarela/wompi/eventos       Wompi's events: public, signed (marker `webhook`).
// The webhook pays a purchase only for an APPROVED transaction whose reference, amount and
// currency are the purchase's, once per transaction id, through the same confirmation as the
// administrator's (history entry, notification, subscriptions); a VOIDED event for a transaction
// that paid annuls the purchase through the administrator's annulment (claims.ts). VOIDED,
// DECLINED and ERROR are final: a later APPROVED is recorded and refused (decision 0341).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { compras, pasarelaTransacciones } from '../../db/schema';
import { historyInsert } from '../../platform/audit';
import { requires, signedIn, webhook } from '../../platform/auth';
import { HttpError, notFound, conflict } from '../../platform/errors';
import { paymentProvider, type GatewayTransaction } from '../../platform/payment-gateway';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import {
  GATEWAY_CURRENCY,
  GATEWAY_FINAL_UNPAID,
  GATEWAY_MSG,
  type GatewayResult,
} from '../../shared/gateway';
import { parseReference, referenceFor } from '../../shared/payment-reference';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { ANNUL_MSG } from '../../shared/schemas/shop';
import { finishClaim } from './claims';
import { STATE } from '../../shared/workflow';

const idParam = params(v.object({ id: id() }));

/** The SPA's purchase detail, where the gateway sends the member back. */
const purchasePage = (origin: string, purchaseId: number) => `${origin}/app/miscompras/view/${purchaseId}`;

/**
 * Outcomes a later event of the same transaction may still change: only a PENDING one (an
 * APPROVED after it pays). VOIDED, DECLINED and ERROR are final (decision 0341).
 */
const OPEN: GatewayResult[] = [STATE.PENDIENTE];

/**
 * An APPROVED event for a transaction already VOIDED, DECLINED or ERROR (Wompi re-delivers for 24
 * hours, in no guaranteed order): recorded in the transaction's history and refused; the purchase
 * stays unpaid. True when it was such a transaction.
 */
async function refusedAfterFinal(
  db: AppEnv['Variables']['db'],
  provider: string,
  t: GatewayTransaction,
  now: number,
) {
  const row = await db
    .select({ id: pasarelaTransacciones.id, estado: pasarelaTransacciones.estado })
    .from(pasarelaTransacciones)
    .where(and(eq(pasarelaTransacciones.proveedor, provider), eq(pasarelaTransacciones.transaccionId, t.id)))
    .get();
  if (!row || !(GATEWAY_FINAL_UNPAID as readonly string[]).includes(row.estado)) return false;
  await historyInsert(db, {
    entity: 'pasarela_transaccion',
    entityId: row.id,
    from: row.estado,
    to: t.status.slice(0, 20),
    comentario: `Evento rechazado: la transacción ${t.id.slice(0, 60)} ya estaba en un estado final (${row.estado})`,
    userId: null,
    at: now,
  });
  return true;
}

async function record(
  db: AppEnv['Variables']['db'],
  provider: string,
  t: GatewayTransaction,
  compraId: number | null,
  resultado: GatewayResult,
  now: number,
) {
  // Insert, or move an open outcome on; a settled one (paid, refused amount…) is never rewritten.
  return db
    .insert(pasarelaTransacciones)
    .values({
      proveedor: provider,
      transaccionId: t.id,
      referencia: t.reference.slice(0, 100),
      compraId,
      estado: t.status.slice(0, 20),
      valor: Number.isSafeInteger(t.amountInCents) ? t.amountInCents : 0,
      moneda: t.currency.slice(0, 3),
      resultado,
      metodo: t.paymentMethodType ? t.paymentMethodType.slice(0, 40) : null,
      createdAt: now,
      reclamadoAt: resultado === STATE.PROCESANDO ? now : null,
    })
    .onConflictDoUpdate({
      target: [pasarelaTransacciones.proveedor, pasarelaTransacciones.transaccionId],
      set: {
        estado: sql`excluded.estado`,
        resultado: sql`excluded.resultado`,
        metodo: sql`coalesce(excluded.metodo, ${pasarelaTransacciones.metodo})`,
        reclamadoAt: sql`excluded.reclamado_at`,
      },
      setWhere: inArray(pasarelaTransacciones.resultado, OPEN),
    })
    .returning({ id: pasarelaTransacciones.id })
    .get();
}

export const gatewayRoutes = new Hono<AppEnv>()
  .get('/', signedIn(), (c) => c.json({ data: { proveedor: paymentProvider(c.var.config)?.name ?? null } }))
  .post('/compras/:id{[0-9]+}', requires(P.misCompras), idParam, async (c) => {
    const provider = paymentProvider(c.var.config);
    if (!provider) throw notFound(GATEWAY_MSG.notConfigured);
    const compra = await c.var.db
      .select({ id: compras.id, total: compras.total, estado: compras.estado })
      .from(compras)
      .where(and(eq(compras.id, c.req.valid('param').id), eq(compras.userId, c.var.user.id)))
      .get();
    if (!compra) throw notFound();
    // An annulled purchase is final (decision 0316): it is not paid again.
    if (compra.estado === STATE.ANULADA) throw conflict(ANNUL_MSG.annulled);
    if (compra.estado !== STATE.NO_PAGADO) throw conflict(GATEWAY_MSG.alreadyPaid);
    // One gateway reference per attempt (a declined card can be retried): the purchase's payment
    // reference, then the attempt's time, which parseReference skips.
    const reference = `${referenceFor(compra.id)}-${c.var.clock.now().toString(36).toUpperCase()}`;
    const url = await provider.checkoutUrl({
      reference,
      amountInCents: compra.total,
      currency: GATEWAY_CURRENCY,
      redirectUrl: purchasePage(c.var.config.appOrigin, compra.id),
    });
    return c.json({ data: { url, referencia: reference } });
  })
  // Any JSON object (an array or a string is 422, as on every write route); its signature decides.
  .post('/wompi/eventos', webhook('wompi'), json(v.looseObject({})), async (c) => {
    const provider = paymentProvider(c.var.config);
    if (!provider || provider.name !== 'wompi') throw notFound(GATEWAY_MSG.notConfigured);
    const event = await provider.verifyEvent(c.req.valid('json'), c.var.clock.now());
    if (!event) throw new HttpError(401, GATEWAY_MSG.badSignature);
    if (event.kind === 'stale') throw new HttpError(401, GATEWAY_MSG.staleEvent);
    // Wompi retries any answer but 200 (three times in 24 hours): every verified event is
    // acknowledged with 200, including those that pay nothing (docs/decisions/0141).
    if (event.kind !== 'transaction') return c.json({ message: GATEWAY_MSG.received, resultado: 'IGNORADO' });
    const t = event.transaction;
    const { db, clock } = c.var;
    const now = clock.now();
    const purchaseId = parseReference(t.reference);
    const compra = purchaseId
      ? await db
          .select({ id: compras.id, userId: compras.userId, total: compras.total, estado: compras.estado })
          .from(compras)
          .where(eq(compras.id, purchaseId))
          .get()
      : undefined;
    const reply = (resultado: string) => c.json({ message: GATEWAY_MSG.received, resultado });

    if (t.status === 'VOIDED') {
      // Voided after it paid the purchase: claim it for the annulment (once, whatever arrives at
      // once), then annul through the administrator's own function (docs/decisions/0242).
      const claim = await db
        .update(pasarelaTransacciones)
        .set({ estado: t.status, resultado: STATE.ANULANDO, reclamadoAt: now })
        .where(
          and(
            eq(pasarelaTransacciones.proveedor, provider.name),
            eq(pasarelaTransacciones.transaccionId, t.id),
            inArray(pasarelaTransacciones.resultado, [STATE.PAGADA, STATE.PROCESANDO]),
          ),
        )
        .returning()
        .get();
      if (claim) return reply(await finishClaim(db, claim, now));
    }
    if (t.status !== 'APPROVED') {
      const r = await record(
        db,
        provider.name,
        t,
        compra?.id ?? null,
        t.status === 'PENDING' ? STATE.PENDIENTE : STATE.RECHAZADA,
        now,
      );
      return reply(r ? 'REGISTRADO' : 'YA_PROCESADO');
    }
    if (!compra) {
      const r = await record(db, provider.name, t, null, STATE.SIN_COMPRA, now);
      return reply(r ? STATE.SIN_COMPRA : 'YA_PROCESADO');
    }
    if (t.currency !== GATEWAY_CURRENCY || t.amountInCents !== compra.total) {
      const r = await record(db, provider.name, t, compra.id, STATE.VALOR_DISTINTO, now);
      return reply(r ? STATE.VALOR_DISTINTO : 'YA_PROCESADO');
    }
    // Claim the transaction: only one delivery gets past here, whatever arrives at once. A claim
    // a crash leaves behind is finished by the daily cron (claims.ts).
    const claimed = await record(db, provider.name, t, compra.id, STATE.PROCESANDO, now);
    if (!claimed)
      return reply((await refusedAfterFinal(db, provider.name, t, now)) ? 'ESTADO_FINAL' : 'YA_PROCESADO');
    return reply(
      await finishClaim(
        db,
        {
          id: claimed.id,
          proveedor: provider.name,
          transaccionId: t.id,
          compraId: compra.id,
          resultado: STATE.PROCESANDO,
        },
        now,
      ),
    );
  });
