// Issue 23 item 6: Wompi behind the payment-gateway port. The checkout URL carries the integrity
// signature and the webhook pays a purchase once per transaction, only for a verified event whose
// reference, amount and currency are the purchase's.
//
// Events are built exactly as Wompi's documentation describes them
// (https://docs.wompi.co/docs/colombia/eventos/, "Cuerpo de un evento" and "Seguridad"): the body
// `{event, data: {transaction}, environment, signature: {properties, checksum}, timestamp, sent_at}`
// with checksum = SHA-256 of the values of signature.properties (read inside `data`), in order,
// then `timestamp`, then the events secret; the integrity signature as in
// https://docs.wompi.co/docs/colombia/widget-checkout-web/ ("Firma de integridad"): SHA-256 of
// reference + amount in cents + currency + integrity secret. Both hashes are computed here with
// node:crypto, apart from the adapter's Web Crypto code.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compras,
  notificaciones,
  pasarelaTransacciones,
  stateHistory,
  suscripciones,
} from '../../worker/db/schema';
import { runScheduled } from '../../worker/modules/jobs';
import { GATEWAY_MSG } from '../../worker/shared/gateway';
import { referenceFor } from '../../worker/shared/payment-reference';
import { makeApp, ORIGIN } from '../setup/app';
import { WORKER_BINDINGS } from '../setup/targets';
import { buy, markPaid, type Shop, shopApp } from './shop-fixtures';

const EVENTS_SECRET = WORKER_BINDINGS.WOMPI_EVENTS_SECRET;
const INTEGRITY_SECRET = WORKER_BINDINGS.WOMPI_INTEGRITY_SECRET;
const WEBHOOK = '/api/v1/pasarela/wompi/eventos';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let shop: Shop;
beforeAll(async () => {
  shop = await shopApp();
});

type Tx = { id: string; amount_in_cents: number; reference: string; currency?: string; status?: string };

/**
 * A `transaction.updated` event as the documentation shows it, signed with `secret`, sent now (its
 * `timestamp` is the test clock's, in UNIX seconds, unless `o.timestamp` says otherwise).
 */
function wompiEvent(tx: Tx, secret = EVENTS_SECRET, o: { timestamp?: number } = {}) {
  const transaction = {
    id: tx.id,
    amount_in_cents: tx.amount_in_cents,
    reference: tx.reference,
    customer_email: 'juan.perez@gmail.com',
    currency: tx.currency ?? 'COP',
    payment_method_type: 'NEQUI',
    redirect_url: 'https://mitienda.com.co/pagos/redireccion',
    status: tx.status ?? 'APPROVED',
    shipping_address: null,
    payment_link_id: null,
    payment_source_id: null,
  };
  const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
  const timestamp = o.timestamp ?? Math.floor(shop.t.clock.now() / 1000);
  const checksum = sha256(
    `${transaction.id}${transaction.status}${transaction.amount_in_cents}${timestamp}${secret}`,
  ).toUpperCase(); // the documentation's example shows it in upper case
  return {
    event: 'transaction.updated',
    data: { transaction },
    environment: 'test',
    signature: { properties, checksum },
    timestamp,
    sent_at: '2018-07-20T16:45:05.000Z',
  };
}

/** Wompi's POST: JSON, no browser, no cookie. */
async function deliver(event: unknown, t = shop.t) {
  const res = await t.fetch(`${ORIGIN}${WEBHOOK}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'Faraday v0.15.4' },
    body: JSON.stringify(event),
  });
  return { status: res.status, json: (await res.json()) as { message: string; resultado?: string } };
}

const purchase = (id: number) =>
  shop.t.db.select().from(compras).where(eq(compras.id, id)).get() as Promise<{ estado: string }>;
const paidHistory = (id: number) =>
  shop.t.db
    .select()
    .from(stateHistory)
    .where(
      and(
        eq(stateHistory.entity, 'compra'),
        eq(stateHistory.entityId, id),
        eq(stateHistory.toState, 'PAGADO'),
      ),
    );

describe('Wompi checkout', () => {
  it('tells a signed-in member that online payment is offered', async () => {
    const m = await shop.member();
    const res = await shop.t.request('GET', '/api/v1/pasarela', { cookie: m.cookie });
    expect(res.json.data).toEqual({ proveedor: 'wompi' });
  });

  it('gives the owner a checkout URL signed with the integrity secret; nobody else, and not once paid', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const res = await shop.t.request('POST', `/api/v1/pasarela/compras/${p.id}`, { cookie: m.cookie });
    expect(res.status).toBe(200);
    const url = new URL(res.json.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://checkout.wompi.co/p/');
    const q = url.searchParams;
    const reference = q.get('reference')!;
    expect(reference.startsWith(`${referenceFor(p.id)}-`)).toBe(true);
    expect(q.get('public-key')).toBe(WORKER_BINDINGS.WOMPI_PUBLIC_KEY);
    expect(q.get('currency')).toBe('COP');
    expect(q.get('amount-in-cents')).toBe('5000000');
    expect(q.get('redirect-url')).toBe(`${WORKER_BINDINGS.APP_ORIGIN}/app/miscompras/view/${p.id}`);
    expect(q.get('signature:integrity')).toBe(sha256(`${reference}5000000COP${INTEGRITY_SECRET}`));
    expect(res.text).not.toContain(INTEGRITY_SECRET);

    const other = await shop.member();
    expect(
      (await shop.t.request('POST', `/api/v1/pasarela/compras/${p.id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    await markPaid(shop, p.id);
    const paid = await shop.t.request('POST', `/api/v1/pasarela/compras/${p.id}`, { cookie: m.cookie });
    expect(paid.status).toBe(409);
    expect(paid.json.message).toBe('La compra ya está pagada');
  });
});

describe('Wompi events', () => {
  it('pays the purchase of an approved transaction once, delivered three times', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const event = wompiEvent({
      id: '1234-1610641025-49201',
      amount_in_cents: p.total,
      reference: `${referenceFor(p.id)}-LZ4K2`,
    });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await deliver(event));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json.resultado)).toEqual(['PAGADA', 'YA_PROCESADO', 'YA_PROCESADO']);
    expect((await purchase(p.id)).estado).toBe('PAGADO');
    const history = await paidHistory(p.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      userId: null,
      comentario: 'Pago en línea (wompi), transacción 1234-1610641025-49201',
    });
    const notes = await shop.t.db.select().from(notificaciones).where(eq(notificaciones.userId, m.id));
    expect(notes.map((n) => n.titulo).sort()).toEqual([`Compra #${p.id}`, 'Suscripción activada']);
    expect(
      (await shop.t.db.select().from(suscripciones).where(eq(suscripciones.compraId, p.id)).get())!.estado,
    ).toBe('APROBADO');
    const rows = await shop.t.db
      .select()
      .from(pasarelaTransacciones)
      .where(eq(pasarelaTransacciones.transaccionId, '1234-1610641025-49201'));
    expect(rows.map((r) => [r.compraId, r.resultado, r.valor, r.moneda])).toEqual([
      [p.id, 'PAGADA', p.total, 'COP'],
    ]);
  });

  it('answers 401 to a tampered event or a wrong secret, changing nothing', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const signedForLess = wompiEvent({
      id: 'tx-tampered',
      amount_in_cents: 100,
      reference: referenceFor(p.id),
    });
    // The amount raised to the purchase's after signing.
    signedForLess.data.transaction.amount_in_cents = p.total;
    const tampered = await deliver(signedForLess);
    expect(tampered.status).toBe(401);
    expect(tampered.json.message).toBe('Firma del evento inválida');
    // A reference swapped in after signing is not among the signed properties, but the status is.
    const declined = wompiEvent({
      id: 'tx-status',
      amount_in_cents: p.total,
      reference: referenceFor(p.id),
      status: 'DECLINED',
    });
    declined.data.transaction.status = 'APPROVED';
    expect((await deliver(declined)).status).toBe(401);
    const forged = wompiEvent(
      { id: 'tx-forged', amount_in_cents: p.total, reference: referenceFor(p.id) },
      'prod_events_not-our-secret',
    );
    expect((await deliver(forged)).status).toBe(401);
    const unsigned = {
      ...wompiEvent({ id: 'tx-x', amount_in_cents: p.total, reference: referenceFor(p.id) }),
    };
    delete (unsigned as { signature?: unknown }).signature;
    expect((await deliver(unsigned)).status).toBe(401);
    expect((await purchase(p.id)).estado).toBe('NO_PAGADO');
    expect(await paidHistory(p.id)).toHaveLength(0);
    expect(
      await shop.t.db.select().from(pasarelaTransacciones).where(eq(pasarelaTransacciones.compraId, p.id)),
    ).toEqual([]);
  });

  it('records a wrong amount or currency and pays nothing, answering 200 so Wompi stops retrying', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const short = await deliver(
      wompiEvent({ id: 'tx-short', amount_in_cents: p.total - 100, reference: referenceFor(p.id) }),
    );
    expect(short).toMatchObject({ status: 200, json: { resultado: 'VALOR_DISTINTO' } });
    const dollars = await deliver(
      wompiEvent({ id: 'tx-usd', amount_in_cents: p.total, reference: referenceFor(p.id), currency: 'USD' }),
    );
    expect(dollars.json.resultado).toBe('VALOR_DISTINTO');
    expect((await purchase(p.id)).estado).toBe('NO_PAGADO');
    expect(await paidHistory(p.id)).toHaveLength(0);
    // Redelivered: still nothing.
    const again = await deliver(
      wompiEvent({ id: 'tx-short', amount_in_cents: p.total - 100, reference: referenceFor(p.id) }),
    );
    expect(again.json.resultado).toBe('YA_PROCESADO');
    expect((await purchase(p.id)).estado).toBe('NO_PAGADO');
  });

  it('pays on the approval that follows a pending event of the same transaction', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const tx = { id: 'tx-later', amount_in_cents: p.total, reference: referenceFor(p.id) };
    expect((await deliver(wompiEvent({ ...tx, status: 'PENDING' }))).json.resultado).toBe('REGISTRADO');
    expect((await purchase(p.id)).estado).toBe('NO_PAGADO');
    expect((await deliver(wompiEvent({ ...tx, status: 'APPROVED' }))).json.resultado).toBe('PAGADA');
    expect((await purchase(p.id)).estado).toBe('PAGADO');
    expect((await deliver(wompiEvent({ ...tx, status: 'APPROVED' }))).json.resultado).toBe('YA_PROCESADO');
    expect(await paidHistory(p.id)).toHaveLength(1);
  });

  it('puts an attempted purchase under the gateway in the reconciliation queue, with the method the event names', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const tx = { id: 'tx-attempt', amount_in_cents: p.total, reference: referenceFor(p.id) };
    expect((await deliver(wompiEvent({ ...tx, status: 'DECLINED' }))).json.resultado).toBe('REGISTRADO');
    const queue = '/api/v1/miscompras/admin/conciliacion';
    const listed = async (metodo: string) =>
      (
        await shop.t.request(
          'GET',
          `${queue}?${new URLSearchParams({ filters: JSON.stringify({ user_name: m.userName, metodo }) })}`,
          { cookie: shop.admin },
        )
      ).json.data.map((r: { id: number; pasarela_metodo: string }) => [r.id, r.pasarela_metodo]);
    expect(await listed('pasarela')).toEqual([[p.id, 'NEQUI']]);
    expect(await listed('sin_indicar')).toEqual([]);
    const item = await shop.t.request('GET', `${queue}/${p.id}`, { cookie: shop.admin });
    expect(item.json.data.pasarela).toMatchObject({
      proveedor: 'wompi',
      metodo: 'NEQUI',
      estado: 'DECLINED',
      resultado: 'RECHAZADA',
    });
  });

  it('does not pay twice a purchase already confirmed by an administrator, nor an unknown reference', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    await markPaid(shop, p.id);
    const late = await deliver(
      wompiEvent({ id: 'tx-late', amount_in_cents: p.total, reference: referenceFor(p.id) }),
    );
    expect(late.json.resultado).toBe('YA_PAGADA');
    expect(await paidHistory(p.id)).toHaveLength(1);
    const unknown = await deliver(
      wompiEvent({ id: 'tx-unknown', amount_in_cents: 100, reference: referenceFor(9_999_999) }),
    );
    expect(unknown).toMatchObject({ status: 200, json: { resultado: 'SIN_COMPRA' } });
  });
});

describe('Wompi: final states are final (SECURITY row 22, docs/decisions/0341)', () => {
  const transactionOf = (id: string) =>
    shop.t.db.select().from(pasarelaTransacciones).where(eq(pasarelaTransacciones.transaccionId, id)).get();
  const subscriptionOf = (compraId: number) =>
    shop.t.db.select().from(suscripciones).where(eq(suscripciones.compraId, compraId)).get();

  for (const first of ['VOIDED', 'DECLINED', 'ERROR'])
    it(`records and refuses an APPROVED that arrives after ${first}: the purchase stays unpaid`, async () => {
      const m = await shop.member();
      const p = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
      const tx = {
        id: `1234-1610641025-8${first}`,
        amount_in_cents: p.total,
        reference: `${referenceFor(p.id)}-F1`,
      };
      expect((await deliver(wompiEvent({ ...tx, status: first }))).json.resultado).toBe('REGISTRADO');
      const late = await deliver(wompiEvent({ ...tx, status: 'APPROVED' }));
      expect([late.status, late.json.resultado]).toEqual([200, 'ESTADO_FINAL']);
      // Redelivered (Wompi retries for 24 hours): refused again, recorded once per delivery.
      expect((await deliver(wompiEvent({ ...tx, status: 'APPROVED' }))).json.resultado).toBe('ESTADO_FINAL');
      expect((await purchase(p.id)).estado).toBe('NO_PAGADO');
      expect(await paidHistory(p.id)).toHaveLength(0);
      expect((await subscriptionOf(p.id))?.estado).not.toBe('APROBADO');
      const row = await transactionOf(tx.id);
      expect([row!.estado, row!.resultado]).toEqual([first, 'RECHAZADA']);
      const refused = await shop.t.db
        .select({
          from: stateHistory.fromState,
          to: stateHistory.toState,
          comentario: stateHistory.comentario,
        })
        .from(stateHistory)
        .where(and(eq(stateHistory.entity, 'pasarela_transaccion'), eq(stateHistory.entityId, row!.id)));
      expect(refused).toEqual([
        {
          from: first,
          to: 'APPROVED',
          comentario: `Evento rechazado: la transacción ${tx.id} ya estaba en un estado final (${first})`,
        },
        {
          from: first,
          to: 'APPROVED',
          comentario: `Evento rechazado: la transacción ${tx.id} ya estaba en un estado final (${first})`,
        },
      ]);
    });
});

describe('Wompi: what the signature covers (docs/decisions/0342)', () => {
  it('refuses an event whose signed properties leave out one Wompi documents for transaction.updated', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    // A delivery Wompi signed for a declined payment: id, status and amount in the checksum.
    const declined = wompiEvent({
      id: '1234-1610641025-90001',
      amount_in_cents: p.total,
      reference: referenceFor(p.id),
      status: 'DECLINED',
    });
    // Re-shaped after signing: the signed text moved into an unsigned field, the status rewritten.
    const t = declined.data.transaction as Record<string, unknown>;
    const forged = {
      ...declined,
      data: {
        transaction: {
          ...t,
          customer_email: `${t.id}${t.status}${t.amount_in_cents}`,
          status: 'APPROVED',
        },
      },
      signature: { ...declined.signature, properties: ['transaction.customer_email'] },
    };
    const res = await deliver(forged);
    expect([res.status, res.json.message]).toEqual([401, GATEWAY_MSG.badSignature]);
    // Leaving out the amount is refused too, even with a right checksum over what is listed.
    const partial = wompiEvent({
      id: '1234-1610641025-90002',
      amount_in_cents: p.total,
      reference: referenceFor(p.id),
    });
    const tx = partial.data.transaction;
    const properties = ['transaction.id', 'transaction.status'];
    const checksum = sha256(`${tx.id}${tx.status}${partial.timestamp}${EVENTS_SECRET}`);
    const short = await deliver({ ...partial, signature: { properties, checksum } });
    expect(short.status).toBe(401);
    expect((await purchase(p.id)).estado).toBe('NO_PAGADO');
    expect(await paidHistory(p.id)).toHaveLength(0);
  });

  it('accepts extra signed properties, in the order the event lists them', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const e = wompiEvent({
      id: '1234-1610641025-90003',
      amount_in_cents: p.total,
      reference: referenceFor(p.id),
    });
    const tx = e.data.transaction;
    const properties = [
      'transaction.reference',
      'transaction.id',
      'transaction.status',
      'transaction.amount_in_cents',
    ];
    const checksum = sha256(
      `${tx.reference}${tx.id}${tx.status}${tx.amount_in_cents}${e.timestamp}${EVENTS_SECRET}`,
    );
    const res = await deliver({ ...e, signature: { properties, checksum } });
    expect(res.json.resultado).toBe('PAGADA');
  });

  it('refuses an event older than 25 hours or more than 5 minutes ahead; the last retry (24 hours) still pays', async () => {
    const now = Math.floor(shop.t.clock.now() / 1000);
    const fresh = async (id: string, timestamp: number) => {
      const m = await shop.member();
      const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
      const res = await deliver(
        wompiEvent({ id, amount_in_cents: p.total, reference: referenceFor(p.id) }, EVENTS_SECRET, {
          timestamp,
        }),
      );
      return { res, p };
    };
    const old = await fresh('1234-1610641025-90004', now - 25 * 3600 - 1);
    expect([old.res.status, old.res.json.message]).toEqual([401, GATEWAY_MSG.staleEvent]);
    expect((await purchase(old.p.id)).estado).toBe('NO_PAGADO');
    // The documentation's own example (July 2018) replayed today.
    const replay = await fresh('1234-1610641025-90005', 1530291411);
    expect(replay.res.status).toBe(401);
    const ahead = await fresh('1234-1610641025-90006', now + 6 * 60);
    expect(ahead.res.status).toBe(401);
    expect(
      await shop.t.db
        .select()
        .from(pasarelaTransacciones)
        .where(eq(pasarelaTransacciones.compraId, old.p.id)),
    ).toEqual([]);
    const lastRetry = await fresh('1234-1610641025-90007', now - 24 * 3600);
    expect(lastRetry.res.json.resultado).toBe('PAGADA');
    // Wompi's UNIX time in milliseconds (as its payouts events send it) reads the same.
    const millis = await fresh('1234-1610641025-90008', shop.t.clock.now());
    expect(millis.res.json.resultado).toBe('PAGADA');
  });
});

describe('without the gateway keys', () => {
  it('offers no online payment: manual transfer only', async () => {
    const t = await makeApp({ gateway: false });
    const u = await t.makeUser('sinpasarela', ['app:general:miscompras:miscompras:view']);
    const cookie = await u.session();
    expect((await t.request('GET', '/api/v1/pasarela', { cookie })).json.data).toEqual({ proveedor: null });
    const checkout = await t.request('POST', '/api/v1/pasarela/compras/1', { cookie });
    expect(checkout.status).toBe(404);
    expect(checkout.json.message).toBe('El pago en línea no está disponible');
    const event = await deliver(
      wompiEvent({ id: 'tx-off', amount_in_cents: 1, reference: referenceFor(1) }),
      t,
    );
    expect(event.status).toBe(404);
  });
});

describe('Wompi: a voided payment and a delivery that died half-way', () => {
  const history = (id: number) =>
    shop.t.db
      .select({ from: stateHistory.fromState, to: stateHistory.toState, comentario: stateHistory.comentario })
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, 'compra'), eq(stateHistory.entityId, id)))
      .orderBy(stateHistory.id);
  const outcome = (transactionId: string) =>
    shop.t.db
      .select({ resultado: pasarelaTransacciones.resultado })
      .from(pasarelaTransacciones)
      .where(eq(pasarelaTransacciones.transaccionId, transactionId))
      .get();
  const cron = () => runScheduled(shop.t.ports, '10 5 * * *', shop.t.clock.now());

  it('annuls the purchase when the gateway voids the transaction that paid it, once, with the gateway named', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const tx = {
      id: '1234-1610641025-77001',
      amount_in_cents: p.total,
      reference: `${referenceFor(p.id)}-V1`,
    };
    expect((await deliver(wompiEvent(tx))).json.resultado).toBe('PAGADA');
    const voided = wompiEvent({ ...tx, status: 'VOIDED' });
    const answers = [await deliver(voided), await deliver(voided), await deliver(voided)];
    expect(answers.map((a) => [a.status, a.json.resultado])).toEqual([
      [200, 'ANULADA'],
      [200, 'YA_PROCESADO'],
      [200, 'YA_PROCESADO'],
    ]);
    expect((await purchase(p.id)).estado).toBe('ANULADA');
    expect((await history(p.id)).slice(-1)).toEqual([
      {
        from: 'PAGADO',
        to: 'ANULADA',
        comentario: `Compra anulada: la pasarela de pagos (wompi) anuló la transacción ${tx.id}`,
      },
    ]);
    expect((await history(p.id)).filter((h) => h.to === 'ANULADA' && h.from === 'PAGADO')).toHaveLength(1);
    const sub = await shop.t.db.select().from(suscripciones).where(eq(suscripciones.compraId, p.id)).get();
    expect(sub!.estado).toBe('NO_APROBADO');
    expect((await outcome(tx.id))!.resultado).toBe('ANULADA');
  });

  it('records a void of a transaction that never paid as declined, touching no purchase', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const tx = {
      id: '1234-1610641025-77002',
      amount_in_cents: p.total,
      reference: `${referenceFor(p.id)}-V2`,
    };
    const res = await deliver(wompiEvent({ ...tx, status: 'VOIDED' }));
    expect(res.json.resultado).toBe('REGISTRADO');
    expect((await outcome(tx.id))!.resultado).toBe('RECHAZADA');
    expect((await purchase(p.id)).estado).toBe('NO_PAGADO');
    expect(await history(p.id)).toHaveLength(1); // its creation only
  });

  it('finishes from the daily cron a claim left PROCESANDO by a crash, once it is older than 15 minutes', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ tipo_suscripcion_id: shop.planId }]);
    const txId = '1234-1610641025-77003';
    // What the webhook had written when the process died: the claim, and nothing else.
    const claimedAt = shop.t.clock.now();
    await shop.t.db.insert(pasarelaTransacciones).values({
      proveedor: 'wompi',
      transaccionId: txId,
      referencia: `${referenceFor(p.id)}-C1`,
      compraId: p.id,
      estado: 'APPROVED',
      valor: p.total,
      moneda: 'COP',
      resultado: 'PROCESANDO',
      createdAt: claimedAt,
      reclamadoAt: claimedAt,
    });
    // A redelivery does not pay it (the claim holds), and a young claim is left to its delivery.
    const redelivered = await deliver(
      wompiEvent({ id: txId, amount_in_cents: p.total, reference: `${referenceFor(p.id)}-C1` }),
    );
    expect(redelivered.json.resultado).toBe('YA_PROCESADO');
    shop.t.clock.advance(14 * 60_000);
    expect((await cron()).resumed).toBe(0);
    expect((await purchase(p.id)).estado).toBe('NO_PAGADO');

    shop.t.clock.advance(2 * 60_000);
    expect((await cron()).resumed).toBe(1);
    expect((await purchase(p.id)).estado).toBe('PAGADO');
    expect((await paidHistory(p.id)).map((h) => h.comentario)).toEqual([
      `Pago en línea (wompi), transacción ${txId}`,
    ]);
    const sub = await shop.t.db.select().from(suscripciones).where(eq(suscripciones.compraId, p.id)).get();
    expect(sub!.estado).toBe('APROBADO');
    expect((await outcome(txId))!.resultado).toBe('PAGADA');
    expect((await cron()).resumed).toBe(0);
  });

  it('marks PAGADA, not YA_PAGADA, a claim whose payment was written just before the crash', async () => {
    const m = await shop.member();
    const p = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const tx = {
      id: '1234-1610641025-77004',
      amount_in_cents: p.total,
      reference: `${referenceFor(p.id)}-C2`,
    };
    expect((await deliver(wompiEvent(tx))).json.resultado).toBe('PAGADA');
    // As if the outcome's last write had been lost.
    await shop.t.db
      .update(pasarelaTransacciones)
      .set({ resultado: 'PROCESANDO' })
      .where(eq(pasarelaTransacciones.transaccionId, tx.id));
    shop.t.clock.advance(16 * 60_000);
    expect((await cron()).resumed).toBe(1);
    expect((await outcome(tx.id))!.resultado).toBe('PAGADA');
    expect(await paidHistory(p.id)).toHaveLength(1);
  });
});
