// Factus (developers.factus.com.co), the electronic-invoicing adapter (decision 0436), written to
// its public documentation:
// - «Autenticación»: POST /oauth/token as a form (grant_type=password, client_id, client_secret,
//   username, password; Accept: application/json) answers access_token, refresh_token and
//   expires_in (the token lasts an hour); «Refresh Token»: the same endpoint with
//   grant_type=refresh_token.
// - «Crear y validar factura»: POST /v1/bills/validate (JSON, Bearer token) with numbering_range_id,
//   reference_code, payment_form, payment_method_code, customer{…} and items[{code_reference, name,
//   quantity, discount_rate, price, tax_rate, unit_measure_id, standard_code_id, is_excluded,
//   tribute_id, withholding_taxes}]; it answers 201 `{status: 'Created', message, data: {bill: {id,
//   number, cufe, qr, …}}}`. The files: GET /v1/bills/download-pdf/{number} and
//   /v1/bills/download-xml/{number} (`data.pdf_base_64_encoded`, `data.xml_base_64_encoded`).
// - «Crear y validar nota crédito»: POST /v1/credit-notes/validate with correction_concept_code,
//   customization_id, bill_id, reference_code, payment_method_code and items; `data.credit_note`
//   {id, number, cude, qr}; files under /v1/credit-notes/download-pdf|download-xml/{number}.
// - Errors: 401 (token expired: asked again once), 409 (a document still pending at the DIAN, or a
//   reference already sent: retried later), 422 (validation: `message` and `data.errors`, the data
//   must be fixed), 5xx and network failures (retried later).
import type {
  CreditNoteDocument,
  DocumentLine,
  EInvoicing,
  InvoiceDocument,
  Party,
  ProviderAnswer,
} from '../e-invoicing';

export type FactusConfig = {
  /** https://api.factus.com.co (production) or https://api-sandbox.factus.com.co. */
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
};

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Factus's identification document ids (its «Tipos de documento de identidad» table) by DIAN code. */
const DOCUMENT_IDS: Record<string, number> = {
  '11': 1,
  '12': 2,
  '13': 3,
  '21': 4,
  '22': 5,
  '31': 6,
  '41': 7,
  '42': 8,
  '47': 9,
  '50': 10,
  '91': 11,
};

/** Pesos with two decimals, as Factus takes amounts. */
const pesos = (cents: number) => (cents / 100).toFixed(2);

export const factusItem = (l: DocumentLine) => ({
  code_reference: l.codigo,
  name: l.nombre,
  quantity: l.cantidad,
  discount_rate: 0,
  // The unit price with its VAT included (the platform's prices include it).
  price: Number(pesos(l.precio)),
  tax_rate: l.tarifa.toFixed(2),
  unit_measure_id: 70, // «Unidad» (Factus's unit-of-measure table)
  standard_code_id: 1, // «Estándar de adopción del contribuyente»
  is_excluded: 0,
  tribute_id: 1, // IVA
  withholding_taxes: [],
});

export const factusCustomer = (p: Party) => ({
  identification: p.identificacion,
  ...(p.dv ? { dv: p.dv } : {}),
  ...(p.persona === 'JURIDICA' ? { company: p.nombre, trade_name: p.nombre } : { names: p.nombre }),
  ...(p.direccion ? { address: p.direccion } : {}),
  ...(p.email ? { email: p.email } : {}),
  ...(p.telefono ? { phone: p.telefono } : {}),
  legal_organization_id: p.persona === 'JURIDICA' ? '1' : '2',
  tribute_id: p.persona === 'JURIDICA' ? '18' : '21', // 18 IVA, 21 «No aplica»
  identification_document_id: String(DOCUMENT_IDS[p.documento] ?? 3),
});

function base64Bytes(b64: string | undefined): Uint8Array | null {
  if (!b64) return null;
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The provider's message with its field errors, in one line for the operator. */
function refusal(body: unknown, status: number): string {
  const b = (body ?? {}) as { message?: unknown; data?: { errors?: unknown }; errors?: unknown };
  const errors = (b.data?.errors ?? b.errors) as Record<string, unknown> | unknown[] | undefined;
  const details = errors
    ? (Array.isArray(errors) ? errors : Object.values(errors)).flat().map(String).filter(Boolean)
    : [];
  const head = typeof b.message === 'string' && b.message ? b.message : `Factus respondió ${status}`;
  return [head, ...details].join(' · ');
}

export function factusInvoicing(cfg: FactusConfig, fetchFn: Fetch = (i, init) => fetch(i, init)): EInvoicing {
  const root = cfg.url.replace(/\/+$/, '');
  let token: { access: string; refresh: string; until: number } | null = null;

  async function tokenRequest(fields: Record<string, string>) {
    const res = await fetchFn(`${root}/oauth/token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    if (!res.ok) return null;
    const t = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
    // Renewed a minute before the hour runs out.
    token = {
      access: t.access_token,
      refresh: t.refresh_token,
      until: Date.now() + (t.expires_in - 60) * 1000,
    };
    return token.access;
  }

  async function accessToken(force = false): Promise<string | null> {
    if (token && !force && Date.now() < token.until) return token.access;
    if (token?.refresh) {
      const renewed = await tokenRequest({
        grant_type: 'refresh_token',
        client_id: cfg.clientId,
        client_secret: cfg.clientSecret,
        refresh_token: token.refresh,
      });
      if (renewed) return renewed;
    }
    return tokenRequest({
      grant_type: 'password',
      client_id: cfg.clientId,
      client_secret: cfg.clientSecret,
      username: cfg.username,
      password: cfg.password,
    });
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const access = await accessToken(attempt > 0);
      if (!access) return { status: 401, body: { message: 'Factus no aceptó las credenciales (FACTUS_*)' } };
      const res = await fetchFn(`${root}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${access}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 401 && attempt === 0) continue;
      let parsed: unknown = null;
      try {
        parsed = await res.json();
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    }
    return { status: 401, body: { message: 'Factus no aceptó el token de acceso' } };
  }

  async function send(
    path: string,
    payload: unknown,
    pick: (data: Record<string, unknown>) => { id: number; number: string; code: string; qr: string } | null,
    files: string,
  ): Promise<ProviderAnswer> {
    let answer: { status: number; body: unknown };
    try {
      answer = await call('POST', path, payload);
    } catch (err) {
      return { ok: false, retry: true, message: `Factus no respondió: ${(err as Error).message}` };
    }
    if (answer.status === 200 || answer.status === 201) {
      const doc = pick(
        ((answer.body as { data?: Record<string, unknown> })?.data ?? {}) as Record<string, unknown>,
      );
      if (!doc) return { ok: false, retry: true, message: 'Factus respondió sin el documento validado' };
      const [pdf, xml] = await Promise.all(
        (['pdf', 'xml'] as const).map(async (kind) => {
          try {
            const r = await call('GET', `${files}/download-${kind}/${encodeURIComponent(doc.number)}`);
            const data = (r.body as { data?: Record<string, string> })?.data;
            return r.status === 200 ? base64Bytes(data?.[`${kind}_base_64_encoded`]) : null;
          } catch {
            return null;
          }
        }),
      );
      return {
        ok: true,
        proveedorId: doc.id,
        numero: doc.number,
        cufe: doc.code,
        qr: doc.qr,
        pdf: pdf!,
        xml: xml!,
      };
    }
    const retry =
      answer.status === 401 || answer.status === 409 || answer.status === 429 || answer.status >= 500;
    return { ok: false, retry, message: refusal(answer.body, answer.status) };
  }

  const common = (doc: InvoiceDocument) => ({
    ...(doc.rangoId ? { numbering_range_id: doc.rangoId } : {}),
    reference_code: doc.referencia,
    observation: doc.observacion ?? '',
    payment_method_code: '10', // efectivo (the purchase is already paid; Factus's payment-method table)
    customer: factusCustomer(doc.comprador),
    items: doc.lineas.map(factusItem),
  });

  return {
    name: 'Factus',
    issueInvoice: (doc) =>
      send(
        '/v1/bills/validate',
        { ...common(doc), payment_form: '1' /* contado */ },
        (data) => {
          const bill = data.bill as { id?: number; number?: string; cufe?: string; qr?: string } | undefined;
          return bill?.id && bill.number && bill.cufe
            ? { id: bill.id, number: bill.number, code: bill.cufe, qr: bill.qr ?? '' }
            : null;
        },
        '/v1/bills',
      ),
    issueCreditNote: (doc: CreditNoteDocument) =>
      send(
        '/v1/credit-notes/validate',
        {
          ...common(doc),
          correction_concept_code: 2, // «Anulación de factura electrónica»
          customization_id: 20, // «Nota crédito que referencia una factura electrónica»
          bill_id: doc.facturaProveedorId,
          observation: doc.motivo,
        },
        (data) => {
          const note = data.credit_note as
            { id?: number; number?: string; cude?: string; qr?: string } | undefined;
          return note?.id && note.number && note.cude
            ? { id: note.id, number: note.number, code: note.cude, qr: note.qr ?? '' }
            : null;
        },
        '/v1/credit-notes',
      ),
  };
}

/** The adapter from the FACTUS_* variables, or none while any is missing. */
export function factusFromEnv(env: Record<string, unknown>, fetchFn?: Fetch): EInvoicing | undefined {
  const get = (k: string) => (typeof env[k] === 'string' && env[k] ? (env[k] as string) : undefined);
  const url = get('FACTUS_URL');
  const clientId = get('FACTUS_CLIENT_ID');
  const clientSecret = get('FACTUS_CLIENT_SECRET');
  const username = get('FACTUS_USERNAME');
  const password = get('FACTUS_PASSWORD');
  if (!url || !clientId || !clientSecret || !username || !password) return undefined;
  return factusInvoicing({ url, clientId, clientSecret, username, password }, fetchFn);
}
