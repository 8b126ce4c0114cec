// Sending to the provider (decisions 0435, 0436) with the Factus adapter on the fake Factus
// (tests/setup/fake-factus.ts): a paid purchase's invoice goes out after the answer and comes back
// EMITIDA with CUFE, QR, PDF and XML kept and the member e-mailed; an annulment's credit note the
// same; a rejection keeps the provider's message until resent; a transient failure backs off to a
// later daily run; the status checks alert on rejected documents. On node the adapter calls the
// fake in process; on workerd the bundled Worker builds it from FACTUS_* and reaches the fake over
// HTTP (the daily run, called from the test, uses the in-process one on the same fake).
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobRuns, opsAlerts as alerts } from '../../worker/db/schema';
import { JOBS, runScheduled } from '../../worker/modules/jobs';
import { factusInvoicing } from '../../worker/platform/adapters/factus';
import { backgroundSettled } from '../../worker/platform/background';
import { TARGET } from '../setup/app';
import { FACTUS_CREDENTIALS, fakeFactus } from '../setup/fake-factus';
import { buy, markPaid, shopApp, type Shop } from './shop-fixtures';

const TRIB = '/api/v1/configuracion/tributario';
const ISSUER = {
  nit: '900373115',
  dv: '3',
  razon_social: 'Plataforma 360 S.A.S.',
  regimen: '48',
  responsabilidades: 'O-13;O-15',
  direccion: 'Carrera 7 # 71-21',
  municipio_dane: '11001',
  email: 'facturacion@360web.co',
};
const DAILY = '10 5 * * *';
const jobs = JOBS.filter((j) => j.key === 'facturacion' || j.key === 'alertas');

const servers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function withFactus() {
  const shop = await shopApp();
  const fake = fakeFactus();
  shop.t.ports.invoicing = factusInvoicing({ url: fake.url, ...FACTUS_CREDENTIALS }, fake.fetch);
  if (TARGET === 'workerd') {
    const http = await fake.listen();
    servers.push(http);
    shop.t.useFactusEnv({
      FACTUS_URL: http.url,
      FACTUS_CLIENT_ID: FACTUS_CREDENTIALS.clientId,
      FACTUS_CLIENT_SECRET: FACTUS_CREDENTIALS.clientSecret,
      FACTUS_USERNAME: FACTUS_CREDENTIALS.username,
      FACTUS_PASSWORD: FACTUS_CREDENTIALS.password,
    });
  }
  const issuer = await shop.t.request('PUT', `${TRIB}/emisor`, { cookie: shop.admin, body: ISSUER });
  expect(issuer.status, issuer.text).toBe(200);
  const res = await shop.t.request('POST', `${TRIB}/resoluciones`, {
    cookie: shop.admin,
    body: {
      numero: '18764000000001',
      prefijo: 'FE',
      desde: 1,
      hasta: 100,
      vigente_desde: '2026-01-01',
      vigente_hasta: '2027-12-31',
      proveedor_rango_id: 8,
    },
  });
  expect(res.status).toBe(201);
  return { shop, fake };
}

/** The sending after the answer: awaited on node; on workerd (waitUntil) read until `done`. */
async function settled(shop: Shop, compraId: number, done: (data: any) => boolean) {
  if (TARGET === 'node') return backgroundSettled();
  for (let i = 0; i < 100; i++) {
    const res = await invoiceOf(shop, compraId);
    if (res.status === 200 && done(res.json.data)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const answered = (d: any) => d.estado !== 'PENDIENTE' || d.intentos > 0;

async function pay(shop: Shop, cookie: string) {
  const compra = await buy(shop, cookie, [{ producto_id: shop.kitId }]);
  expect((await markPaid(shop, compra.id)).status).toBe(200);
  await settled(shop, compra.id, answered);
  return compra;
}

const invoiceOf = (shop: Shop, id: number, cookie = shop.admin) =>
  shop.t.request('GET', `/api/v1/miscompras/compras/${id}/factura`, { cookie });

describe('sending through Factus', () => {
  it('refuses an issuer whose NIT check digit is wrong', async () => {
    const { shop } = await withFactus();
    const bad = await shop.t.request('PUT', `${TRIB}/emisor`, {
      cookie: shop.admin,
      body: { ...ISSUER, dv: '4' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.dv).toEqual(['El NIT no es válido: verifique el dígito de verificación']);
  });

  it('issues the invoice after the payment: CUFE, QR, PDF download and the member e-mailed', async () => {
    const { shop, fake } = await withFactus();
    const buyer = await shop.member();
    const compra = await pay(shop, buyer.cookie);
    const inv = await invoiceOf(shop, compra.id, buyer.cookie);
    expect(inv.json.data).toMatchObject({
      estado: 'EMITIDA',
      prefijo: 'FE',
      numero: 1,
      cufe: 'cufe-SETP990000001',
      pdf: true,
    });
    expect(inv.json.data.qr).toContain('documentkey=cufe-SETP990000001');
    const sent = fake.seen.find((s) => s.path === '/v1/bills/validate')!;
    expect(sent.body).toMatchObject({ numbering_range_id: 8, reference_code: `FAC-${compra.id}` });
    const pdf = await shop.t.fetch(`http://localhost/api/v1/miscompras/compras/${compra.id}/factura/pdf`, {
      headers: { Cookie: buyer.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(await pdf.text()).toBe('%PDF-1.4 SETP990000001');
    // Staff reading it see the buyer's document number on it: an access record (decision 0405).
    const staffPdf = await shop.t.fetch(
      `http://localhost/api/v1/miscompras/compras/${compra.id}/factura/pdf`,
      {
        headers: { Cookie: shop.admin },
      },
    );
    expect(staffPdf.status).toBe(200);
    await staffPdf.arrayBuffer();
    let seen: { dato: string; area: string }[] = [];
    for (let i = 0; i < 60 && !seen.length; i++) {
      seen = await shop.t.db.all(sql`select dato, area from data_access_log where owner_id = ${buyer.id}`);
      if (!seen.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toEqual([{ dato: 'numero_identificacion', area: 'Compras y facturación (exportación)' }]);
    const mail = await shop.t.lastMail(buyer.email);
    expect(mail?.subject).toBe(`Factura FE1 de tu compra #${compra.id}`);
    expect(mail?.body).toContain('CUFE: cufe-SETP990000001');

    // «Anular»: the credit note goes out against the provider's invoice.
    const annul = await shop.t.request('POST', `/api/v1/miscompras/admin/compras/${compra.id}/anular`, {
      cookie: shop.admin,
      body: { motivo: 'Devolución' },
    });
    expect(annul.status).toBe(200);
    await settled(shop, compra.id, (d) => d.nota_credito && answered(d.nota_credito));
    const after = await invoiceOf(shop, compra.id, buyer.cookie);
    expect(after.json.data.nota_credito).toMatchObject({
      estado: 'EMITIDA',
      prefijo: 'NC',
      numero: 1,
      cude: 'cude-NC1',
      pdf: true,
    });
    const note = fake.seen.find((s) => s.path === '/v1/credit-notes/validate')!;
    expect(note.body).toMatchObject({
      bill_id: 1,
      reference_code: `NC-${compra.id}`,
      observation: 'Devolución',
    });
  });

  it('keeps a rejection with the provider’s message, alerts, and resends once fixed', async () => {
    const { shop, fake } = await withFactus();
    const buyer = await shop.member();
    fake.control.failNext = {
      status: 422,
      body: {
        status: 'Validation error',
        message: 'Error de validación',
        data: { errors: { 'customer.email': ['El campo customer.email no es un correo válido.'] } },
      },
    };
    const compra = await pay(shop, buyer.cookie);
    const inv = await invoiceOf(shop, compra.id);
    expect(inv.json.data).toMatchObject({
      estado: 'RECHAZADA',
      ultimo_error: 'Error de validación · El campo customer.email no es un correo válido.',
    });
    await runScheduled(shop.t.ports, DAILY, shop.t.clock.now(), jobs);
    const alert = await shop.t.db
      .select()
      .from(alerts)
      .where(eq(alerts.clave, 'facturacion:rechazadas'))
      .get();
    expect(alert?.titulo).toBe('Facturación electrónica');
    // Administración → Estado del sistema lists it in the invoice queue, with the provider's message.
    const status = await shop.t.request('GET', '/api/v1/sistema/estado', { cookie: shop.admin });
    const queue = status.json.data.colas.find((q: { clave: string }) => q.clave === 'facturacion');
    expect(queue).toMatchObject({ nombre: 'Facturas electrónicas y notas crédito', fallidos: 1 });
    expect(queue.elementos[0].error).toBe(
      'Error de validación · El campo customer.email no es un correo válido.',
    );
    const docs = await shop.t.request('GET', `${TRIB}/documentos`, { cookie: shop.admin });
    expect(docs.json.data[0]).toMatchObject({ estado: 'RECHAZADA', compra_id: compra.id });
    const resend = await shop.t.request('POST', `${TRIB}/documentos/${docs.json.data[0].id}/reenviar`, {
      cookie: shop.admin,
    });
    expect(resend.status).toBe(200);
    await settled(shop, compra.id, (d) => d.estado === 'EMITIDA');
    expect((await invoiceOf(shop, compra.id)).json.data.estado).toBe('EMITIDA');
    const again = await shop.t.request('POST', `${TRIB}/documentos/${docs.json.data[0].id}/reenviar`, {
      cookie: shop.admin,
    });
    expect(again.status).toBe(409);
  });

  it('backs off after a transient failure: the daily run sends it once its time is due', async () => {
    const { shop, fake } = await withFactus();
    const buyer = await shop.member();
    fake.control.failNext = { status: 503, body: { message: 'Service Unavailable' } };
    const compra = await pay(shop, buyer.cookie);
    expect((await invoiceOf(shop, compra.id)).json.data).toMatchObject({
      estado: 'PENDIENTE',
      intentos: 1,
      ultimo_error: 'Service Unavailable',
    });
    // The same day: not yet.
    await runScheduled(shop.t.ports, DAILY, shop.t.clock.now(), jobs);
    expect((await invoiceOf(shop, compra.id)).json.data.estado).toBe('PENDIENTE');
    await shop.travel(shop.t.clock.now() + 86_400_000);
    await runScheduled(shop.t.ports, DAILY, shop.t.clock.now(), jobs);
    expect((await invoiceOf(shop, compra.id)).json.data.estado).toBe('EMITIDA');
    const run = await shop.t.db.select().from(jobRuns).where(eq(jobRuns.job, 'facturacion')).all();
    expect(run.length).toBeGreaterThan(0);
  });
});
