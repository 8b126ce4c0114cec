// The Factus adapter (decision 0436) against a fake built from Factus's public documentation
// (tests/setup/fake-factus.ts): the OAuth2 token as a form, create-and-validate with the documented
// body, the CUFE/CUDE, QR and files of the answer, a token asked again once on 401, and the
// provider's errors as the sender needs them (validation: fix the data; 409, 5xx, network: retry).
import { describe, expect, it } from 'vitest';
import { factusInvoicing } from '../../worker/platform/adapters/factus';
import type { InvoiceDocument } from '../../worker/platform/e-invoicing';
import { FACTUS_CREDENTIALS, fakeFactus } from '../setup/fake-factus';

const doc: InvoiceDocument = {
  referencia: 'FAC-7',
  rangoId: 8,
  prefijo: 'FE',
  numero: 12,
  fecha: Date.UTC(2026, 10, 15, 15),
  comprador: {
    documento: '13',
    identificacion: '1020304050',
    nombre: 'Ana Pérez',
    persona: 'NATURAL',
    direccion: 'Calle 1 # 2-3',
    email: 'ana@example.com',
    telefono: '3001234567',
  },
  lineas: [{ codigo: 'KIT-1', nombre: 'Kit de bienvenida', cantidad: 2, precio: 5_000_000, tarifa: 19 }],
  observacion: 'Compra #7',
};

const adapter = (fake: ReturnType<typeof fakeFactus>) =>
  factusInvoicing({ url: fake.url, ...FACTUS_CREDENTIALS }, fake.fetch);

describe('Factus adapter', () => {
  it('asks the token as a form and sends the invoice as the documentation shows', async () => {
    const fake = fakeFactus();
    const answer = await adapter(fake).issueInvoice(doc);
    expect(answer).toMatchObject({ ok: true, numero: 'SETP990000001', cufe: 'cufe-SETP990000001' });
    if (!answer.ok) throw new Error('not issued');
    expect(answer.qr).toContain('catalogo-vpfe-hab.dian.gov.co');
    expect(new TextDecoder().decode(answer.pdf!)).toBe('%PDF-1.4 SETP990000001');
    expect(new TextDecoder().decode(answer.xml!)).toBe('<Invoice>SETP990000001</Invoice>');

    const [token, bill, ...files] = fake.seen;
    expect(token).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: {
        grant_type: 'password',
        client_id: FACTUS_CREDENTIALS.clientId,
        client_secret: FACTUS_CREDENTIALS.clientSecret,
        username: FACTUS_CREDENTIALS.username,
        password: FACTUS_CREDENTIALS.password,
      },
    });
    expect(bill!.path).toBe('/v1/bills/validate');
    expect(bill!.headers).toMatchObject({
      accept: 'application/json',
      authorization: 'Bearer access-1',
      'content-type': 'application/json',
    });
    expect(bill!.body).toEqual({
      numbering_range_id: 8,
      reference_code: 'FAC-7',
      observation: 'Compra #7',
      payment_form: '1',
      payment_method_code: '10',
      customer: {
        identification: '1020304050',
        names: 'Ana Pérez',
        address: 'Calle 1 # 2-3',
        email: 'ana@example.com',
        phone: '3001234567',
        legal_organization_id: '2',
        tribute_id: '21',
        identification_document_id: '3',
      },
      items: [
        {
          code_reference: 'KIT-1',
          name: 'Kit de bienvenida',
          quantity: 2,
          discount_rate: 0,
          price: 50000,
          tax_rate: '19.00',
          unit_measure_id: 70,
          standard_code_id: 1,
          is_excluded: 0,
          tribute_id: 1,
          withholding_taxes: [],
        },
      ],
    });
    expect(files.map((f) => f.path)).toEqual([
      '/v1/bills/download-pdf/SETP990000001',
      '/v1/bills/download-xml/SETP990000001',
    ]);
  });

  it('keeps its token for the hour, and asks again once when Factus answers 401', async () => {
    const fake = fakeFactus();
    const a = adapter(fake);
    await a.issueInvoice(doc);
    await a.issueInvoice({ ...doc, referencia: 'FAC-8' });
    expect(fake.seen.filter((s) => s.path === '/oauth/token')).toHaveLength(1);
    fake.control.expireTokens();
    const again = await a.issueInvoice({ ...doc, referencia: 'FAC-9' });
    expect(again.ok).toBe(true);
    const tokens = fake.seen.filter((s) => s.path === '/oauth/token');
    expect(tokens).toHaveLength(2);
    // The second token: the refresh grant (its refresh_token), as «Refresh Token» documents it.
    expect(tokens[1]!.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
  });

  it('issues a credit note against the provider’s invoice id, with its CUDE', async () => {
    const fake = fakeFactus();
    const a = adapter(fake);
    const bill = await a.issueInvoice(doc);
    if (!bill.ok) throw new Error('not issued');
    const note = await a.issueCreditNote({
      ...doc,
      referencia: 'NC-7',
      facturaProveedorId: bill.proveedorId,
      motivo: 'Devolución',
    });
    expect(note).toMatchObject({ ok: true, numero: 'NC1', cufe: 'cude-NC1' });
    const sent = fake.seen.find((s) => s.path === '/v1/credit-notes/validate')!;
    expect(sent.body).toMatchObject({
      correction_concept_code: 2,
      customization_id: 20,
      bill_id: bill.proveedorId,
      reference_code: 'NC-7',
      observation: 'Devolución',
    });
  });

  it('turns the provider’s errors into a message and whether to retry', async () => {
    const fake = fakeFactus();
    const a = adapter(fake);
    // 422: the data must be fixed (the message and each field error, in one line).
    const invalid = await a.issueInvoice({ ...doc, comprador: { ...doc.comprador, identificacion: '' } });
    expect(invalid).toEqual({
      ok: false,
      retry: false,
      message: 'Error de validación · El campo customer.identification es obligatorio.',
    });
    // 409: the same reference already sent — retried later, not rejected.
    await a.issueInvoice(doc);
    expect(await a.issueInvoice(doc)).toEqual({
      ok: false,
      retry: true,
      message: 'Ya existe un documento con el código de referencia FAC-7',
    });
    fake.control.failNext = { status: 500, body: { message: 'Server Error' } };
    expect(await a.issueInvoice({ ...doc, referencia: 'FAC-X' })).toEqual({
      ok: false,
      retry: true,
      message: 'Server Error',
    });
    const down = factusInvoicing({ url: fake.url, ...FACTUS_CREDENTIALS }, async (url) => {
      if (url.endsWith('/oauth/token'))
        return fake.fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'password',
            client_id: FACTUS_CREDENTIALS.clientId,
            client_secret: FACTUS_CREDENTIALS.clientSecret,
            username: FACTUS_CREDENTIALS.username,
            password: FACTUS_CREDENTIALS.password,
          }).toString(),
        });
      throw new TypeError('fetch failed');
    });
    expect(await down.issueInvoice(doc)).toEqual({
      ok: false,
      retry: true,
      message: 'Factus no respondió: fetch failed',
    });
    const wrong = factusInvoicing({ url: fake.url, ...FACTUS_CREDENTIALS, password: 'mala' }, fake.fetch);
    expect(await wrong.issueInvoice(doc)).toMatchObject({ ok: false, retry: true });
  });
});
