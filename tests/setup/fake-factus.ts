// A fake Factus built from its public documentation (developers.factus.com.co: «Autenticación»,
// «Refresh Token», «Crear y validar factura», «Crear y validar nota crédito», «Descargar PDF/XML»),
// for the adapter's tests: it takes requests as the documents say they are sent and answers as the
// documents show, and records every request it saw.
import { Hono } from 'hono';

export const FACTUS_CREDENTIALS = {
  clientId: '9e9929e9-5ff9-4b69-8690-a9c93736d49c',
  clientSecret: 'factus-secret',
  username: 'sandbox@factus.com.co',
  password: 'sandbox2024%',
};

/** The fields the create-and-validate endpoints require (their «Parámetros del cuerpo»). */
const REQUIRED_ITEM = [
  'code_reference',
  'name',
  'quantity',
  'discount_rate',
  'price',
  'tax_rate',
  'unit_measure_id',
  'standard_code_id',
  'is_excluded',
  'tribute_id',
  'withholding_taxes',
];
const REQUIRED_CUSTOMER = [
  'identification',
  'legal_organization_id',
  'tribute_id',
  'identification_document_id',
];

type Seen = { method: string; path: string; headers: Record<string, string>; body: unknown };

export function fakeFactus() {
  const seen: Seen[] = [];
  const tokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const references = new Set<string>();
  const docs = new Map<string, { kind: 'bill' | 'credit'; reference: string }>();
  let n = 0;
  let docId = 0;
  let billNumber = 990000000;
  let noteNumber = 0;
  const control = {
    /** Answers with this status (and Factus's error shape) to the next create-and-validate call. */
    failNext: null as null | { status: number; body: unknown },
    /** Makes the issued tokens invalid, as when their hour is over. */
    expireTokens: () => tokens.clear(),
  };

  const validationError = (errors: Record<string, string[]>) => ({
    status: 'Validation error',
    message: 'Error de validación',
    data: { errors },
  });

  const app = new Hono()
    // Every request as Factus received it: method, path, headers and the parsed body.
    .use('*', async (c, next) => {
      const headers = Object.fromEntries(c.req.raw.headers.entries());
      const text = c.req.method === 'GET' ? '' : await c.req.raw.clone().text();
      const type = (headers['content-type'] ?? '').split(';')[0];
      const body =
        type === 'application/json'
          ? JSON.parse(text)
          : type === 'application/x-www-form-urlencoded'
            ? Object.fromEntries(new URLSearchParams(text))
            : text;
      seen.push({ method: c.req.method, path: c.req.path, headers, body });
      await next();
    })
    .post('/oauth/token', async (c) => {
      const form = new URLSearchParams(await c.req.text());
      const ok =
        form.get('client_id') === FACTUS_CREDENTIALS.clientId &&
        form.get('client_secret') === FACTUS_CREDENTIALS.clientSecret &&
        ((form.get('grant_type') === 'password' &&
          form.get('username') === FACTUS_CREDENTIALS.username &&
          form.get('password') === FACTUS_CREDENTIALS.password) ||
          (form.get('grant_type') === 'refresh_token' && refreshTokens.has(form.get('refresh_token') ?? '')));
      if (!ok)
        return c.json({ error: 'invalid_grant', message: 'The user credentials were incorrect.' }, 400);
      const access = `access-${++n}`;
      const refresh = `refresh-${n}`;
      tokens.add(access);
      refreshTokens.add(refresh);
      return c.json({ token_type: 'Bearer', expires_in: 3600, access_token: access, refresh_token: refresh });
    })
    .use('/v1/*', async (c, next) => {
      const auth = c.req.header('Authorization') ?? '';
      if (!tokens.has(auth.replace(/^Bearer /, ''))) return c.json({ message: 'Unauthenticated.' }, 401);
      await next();
    })
    .post('/v1/bills/validate', async (c) => validate(c, 'bill'))
    .post('/v1/credit-notes/validate', async (c) => validate(c, 'credit'))
    .get('/v1/bills/download-pdf/:number', (c) => file(c, 'bill', 'pdf'))
    .get('/v1/bills/download-xml/:number', (c) => file(c, 'bill', 'xml'))
    .get('/v1/credit-notes/download-pdf/:number', (c) => file(c, 'credit', 'pdf'))
    .get('/v1/credit-notes/download-xml/:number', (c) => file(c, 'credit', 'xml'));

  async function validate(c: import('hono').Context, kind: 'bill' | 'credit') {
    if (control.failNext) {
      const f = control.failNext;
      control.failNext = null;
      return c.json(f.body as object, f.status as 500);
    }
    const body = (await c.req.json()) as Record<string, any>;
    const errors: Record<string, string[]> = {};
    const need = (cond: boolean, field: string) => {
      if (!cond) errors[field] = [`El campo ${field} es obligatorio.`];
    };
    need(!!body.reference_code, 'reference_code');
    need(!!body.payment_method_code, 'payment_method_code');
    if (kind === 'bill') need(!!body.payment_form, 'payment_form');
    else {
      need(!!body.correction_concept_code, 'correction_concept_code');
      need(!!body.customization_id, 'customization_id');
      need(!!body.bill_id, 'bill_id');
    }
    for (const f of REQUIRED_CUSTOMER)
      need(body.customer?.[f] != null && body.customer[f] !== '', `customer.${f}`);
    need(Array.isArray(body.items) && body.items.length > 0, 'items');
    (body.items ?? []).forEach((item: Record<string, unknown>, i: number) => {
      for (const f of REQUIRED_ITEM) need(item[f] != null, `items.${i}.${f}`);
    });
    if (Object.keys(errors).length) return c.json(validationError(errors), 422);
    if (references.has(body.reference_code))
      return c.json(
        {
          status: 'Conflict',
          message: `Ya existe un documento con el código de referencia ${body.reference_code}`,
        },
        409,
      );
    references.add(body.reference_code);
    const id = ++docId;
    if (kind === 'bill') {
      const number = `SETP${++billNumber}`;
      docs.set(number, { kind, reference: body.reference_code });
      return c.json(
        {
          status: 'Created',
          message: `Documento con el código de referencia ${body.reference_code} registrado y validado con éxito`,
          data: {
            company: { nit: '900825759', dv: '7', company: 'HALLTEC S.A.S.' },
            customer: body.customer,
            numbering_range: {
              prefix: 'SETP',
              from: 990000000,
              to: 995000000,
              resolution_number: '18760000001',
            },
            bill: {
              id,
              number,
              reference_code: body.reference_code,
              status: 1,
              cufe: `cufe-${number}`,
              qr: `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=cufe-${number}`,
              validated: '02-12-2026 10:00:00 AM',
            },
            items: body.items,
          },
        },
        201,
      );
    }
    const number = `NC${++noteNumber}`;
    docs.set(number, { kind, reference: body.reference_code });
    return c.json(
      {
        status: 'Created',
        message: `Documento con el código de referencia ${body.reference_code} registrado y validado con éxito`,
        data: {
          credit_note: {
            id,
            number,
            reference_code: body.reference_code,
            status: 1,
            cude: `cude-${number}`,
            qr: `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=cude-${number}`,
          },
        },
      },
      201,
    );
  }

  function file(c: import('hono').Context, kind: 'bill' | 'credit', ext: 'pdf' | 'xml') {
    const number = c.req.param('number')!;
    const doc = docs.get(number);
    if (!doc || doc.kind !== kind) return c.json({ message: 'No se encontró el documento' }, 404);
    const content = ext === 'pdf' ? `%PDF-1.4 ${number}` : `<Invoice>${number}</Invoice>`;
    return c.json({
      status: 'OK',
      message: 'Solicitud exitosa',
      data: {
        file_name: `${number}.${ext}`,
        [`${ext}_base_64_encoded`]: Buffer.from(content).toString('base64'),
      },
    });
  }

  const fetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    return app.request(url.pathname + url.search, init);
  };
  /** The same fake over HTTP on a free port (for the bundled Worker); resolves to its base URL. */
  async function listen(): Promise<{ url: string; close(): Promise<void> }> {
    const { serve } = await import('@hono/node-server');
    return new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () => new Promise<void>((done) => server.close(() => done())),
        }),
      );
    });
  }
  return { fetch, seen, control, listen, url: 'https://api-sandbox.factus.com.co' };
}
