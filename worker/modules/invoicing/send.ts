// Sending documents to the provider (decision 0435): PENDIENTE documents whose next attempt is due,
// oldest first, each claimed for a while before the call so two senders never send it twice (the
// provider also refuses a second document with the same reference). The answer makes the document
// EMITIDA (CUFE or CUDE, QR, the PDF and XML in the blob store, the member e-mailed) or RECHAZADA
// (the provider's message); a transient failure leaves it PENDIENTE and backs off: the next daily
// run after 1, 2, 4, then every 8 days.
import { and, eq, sql } from 'drizzle-orm';
import { facturacionEmisor, facturas, resolucionesFacturacion, stateHistory, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { DocumentLine, EInvoicing, Party, ProviderAnswer } from '../../platform/e-invoicing';
import type { BlobStore, Clock, Config, Mailer } from '../../platform/ports';
import { bogotaDateTime } from '../../shared/bogota';
import { DOC_TYPES } from '../../shared/invoicing';
import { STATE, canTransition, INVOICE } from '../../shared/workflow';
import { numberWaiting } from './numbering';

export type SendPorts = {
  db: Db;
  blobs: BlobStore;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'appOrigin'>;
  invoicing?: EInvoicing;
};

const DAY = 86_400_000;
/** A claimed document is not picked again for this long (a sender that died mid-call). */
export const CLAIM_MS = 10 * 60_000;
/** After the n-th failure, the next attempt: 1, 2, 4, 8, 8… days (an hour early, so the daily run takes it). */
export const backoffMs = (failures: number) => Math.min(2 ** Math.max(failures - 1, 0), 8) * DAY - 3_600_000;

/** Documents sent per call right after a payment (the rest wait for the next write or the daily run). */
export const SEND_NOW = 10;

// Set when a payment or an annulment wrote a document; the write's response then sends (index.ts).
let dueMark = 0;
export const markDocumentsDue = () => void dueMark++;
export const takeDocumentsDue = () => {
  const due = dueMark > 0;
  dueMark = 0;
  return due;
};

export const docLabel = (d: { tipo: string; prefijo: string | null; numero: number | null }) =>
  `${d.tipo === DOC_TYPES.FACTURA ? 'Factura' : 'Nota crédito'} ${d.prefijo ?? ''}${d.numero ?? 'sin número'}`;

/** DIAN identification codes by the platform's identification type codes. */
const DIAN_DOCUMENT: Record<string, string> = {
  RC: '11',
  TI: '12',
  CC: '13',
  TE: '21',
  CE: '22',
  NIT: '31',
  PA: '41',
  PP: '41',
  PEP: '47',
};
/** «Consumidor final» (DIAN): a natural person who gave no identification. */
const FINAL_CONSUMER = '222222222222';

type DueRow = {
  id: number;
  tipo: string;
  compra_id: number;
  user_id: number;
  prefijo: string | null;
  numero: number | null;
  fecha: number;
  lineas: string;
  motivo: string | null;
  intentos: number;
  proximo_intento_at: number;
  rango_id: number | null;
  factura_proveedor_id: number | null;
  nombres: string;
  apellidos: string;
  email: string;
  celular: string | null;
  direccion: string | null;
  numero_identificacion: string | null;
  tipo_codigo: string | null;
  ciudad_codigo: string | null;
};

function buyer(r: DueRow): Party {
  const doc = r.tipo_codigo ? DIAN_DOCUMENT[r.tipo_codigo.toUpperCase()] : undefined;
  const known = !!(r.numero_identificacion && doc);
  return {
    documento: known ? doc! : '13',
    identificacion: known ? r.numero_identificacion!.replace(/\D/g, '') || FINAL_CONSUMER : FINAL_CONSUMER,
    nombre: `${r.nombres} ${r.apellidos}`.trim() || 'Consumidor final',
    persona: doc === '31' ? 'JURIDICA' : 'NATURAL',
    direccion: r.direccion,
    email: r.email,
    telefono: r.celular,
    municipioDane: r.ciudad_codigo,
  };
}

/** Sends what is due, at most `limit` documents. Returns counts for the job's summary. */
export async function sendDue(p: SendPorts, limit: number) {
  const summary = {
    enviadas: 0,
    emitidas: 0,
    rechazadas: 0,
    reintentos: 0,
    numeradas: 0,
    sinProveedor: false,
  };
  const { db } = p;
  const now = p.clock.now();
  summary.numeradas = await numberWaiting(db, now);
  if (!p.invoicing) {
    summary.sinProveedor = true;
    return summary;
  }
  const issuer = await db.select({ id: facturacionEmisor.id }).from(facturacionEmisor).get();
  if (!issuer) return summary;
  const rows =
    await db.all<DueRow>(sql`select f.id, f.tipo, f.compra_id, f.user_id, f.prefijo, f.numero, f.fecha,
      f.lineas, f.motivo, f.intentos, f.proximo_intento_at, r.proveedor_rango_id as rango_id,
      inv.proveedor_id as factura_proveedor_id,
      u.nombres, u.apellidos, u.email, u.celular, u.direccion, u.numero_identificacion,
      ti.codigo as tipo_codigo, ci.codigo as ciudad_codigo
    from ${facturas} f
    join ${users} u on u.id = f.user_id
    left join tipos_identificacion ti on ti.id = u.tipo_identificacion_id
    left join ciudades ci on ci.id = u.ciudad_id
    left join ${resolucionesFacturacion} r on r.id = f.resolucion_id
    left join ${facturas} inv on inv.id = f.factura_id
    where f.estado = 'PENDIENTE' and f.proximo_intento_at <= ${now} and f.numero is not null
      and (f.tipo = 'FACTURA' or inv.estado = 'EMITIDA')
    order by f.id limit ${limit}`);
  for (const row of rows) {
    // The claim: only the sender that moves the attempt time sends.
    const claimed = await db
      .update(facturas)
      .set({ proximoIntentoAt: now + CLAIM_MS })
      .where(
        and(
          eq(facturas.id, row.id),
          eq(facturas.estado, STATE.PENDIENTE),
          eq(facturas.proximoIntentoAt, row.proximo_intento_at),
        ),
      )
      .returning({ id: facturas.id })
      .get();
    if (!claimed) continue;
    summary.enviadas++;
    const lineas = (JSON.parse(row.lineas) as (DocumentLine & { subtotal: number })[]).map((l) => ({
      codigo: l.codigo,
      nombre: l.nombre,
      cantidad: l.cantidad,
      precio: l.precio,
      tarifa: l.tarifa,
    }));
    const doc = {
      referencia: `${row.tipo === DOC_TYPES.FACTURA ? 'FAC' : 'NC'}-${row.compra_id}`,
      rangoId: row.tipo === DOC_TYPES.FACTURA ? row.rango_id : null,
      prefijo: row.prefijo,
      numero: row.numero,
      fecha: row.fecha,
      comprador: buyer(row),
      lineas,
      observacion: `Compra #${row.compra_id}`,
    };
    let answer: ProviderAnswer;
    try {
      answer =
        row.tipo === DOC_TYPES.FACTURA
          ? await p.invoicing.issueInvoice(doc)
          : await p.invoicing.issueCreditNote({
              ...doc,
              facturaProveedorId: row.factura_proveedor_id!,
              motivo: row.motivo ?? 'Anulación',
            });
    } catch (err) {
      answer = { ok: false, retry: true, message: (err as Error).message };
    }
    const outcome = await record(p, row, answer);
    summary[outcome]++;
  }
  return summary;
}

/** Writes the provider's answer: EMITIDA with its files, RECHAZADA, or PENDIENTE again later. */
async function record(p: SendPorts, row: DueRow, answer: ProviderAnswer) {
  const { db } = p;
  const now = p.clock.now();
  if (!answer.ok && answer.retry) {
    await db
      .update(facturas)
      .set({
        intentos: row.intentos + 1,
        proximoIntentoAt: now + backoffMs(row.intentos + 1),
        ultimoError: answer.message.slice(0, 1000),
        updatedAt: now,
      })
      .where(eq(facturas.id, row.id));
    return 'reintentos' as const;
  }
  const to = answer.ok ? STATE.EMITIDA : STATE.RECHAZADA;
  if (!canTransition(STATE.PENDIENTE, to, INVOICE)) throw new Error(`transición ${to}`);
  let pdfKey: string | null = null;
  let xmlKey: string | null = null;
  if (answer.ok) {
    for (const [kind, bytes, type] of [
      ['pdf', answer.pdf, 'application/pdf'],
      ['xml', answer.xml, 'application/xml'],
    ] as const) {
      if (!bytes) continue;
      const key = `facturas/${row.id}.${kind}`;
      const body = new ReadableStream<Uint8Array>({
        start(ctrl) {
          ctrl.enqueue(bytes);
          ctrl.close();
        },
      });
      await p.blobs.put(key, body, {
        contentType: type,
        fileName: `${answer.numero}.${kind}`,
        size: bytes.byteLength,
      });
      if (kind === 'pdf') pdfKey = key;
      else xmlKey = key;
    }
  }
  await db.batch([
    db
      .update(facturas)
      .set(
        answer.ok
          ? {
              estado: to,
              cufe: answer.cufe,
              qr: answer.qr,
              proveedorId: answer.proveedorId,
              proveedorNumero: answer.numero,
              pdfKey,
              xmlKey,
              emitidaAt: now,
              ultimoError: null,
              intentos: row.intentos + 1,
              updatedAt: now,
            }
          : {
              estado: to,
              ultimoError: answer.message.slice(0, 1000),
              intentos: row.intentos + 1,
              updatedAt: now,
            },
      )
      .where(and(eq(facturas.id, row.id), eq(facturas.estado, STATE.PENDIENTE))),
    db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at)
      select 'factura', ${row.id}, 'PENDIENTE', ${to}, ${answer.ok ? `${docLabel(row)} validada por la DIAN` : answer.message.slice(0, 500)}, null, ${now}
      where changes() = 1`),
  ]);
  if (answer.ok) {
    const to = row.email;
    const what = docLabel(row);
    await p.mailer.send({
      to,
      subject: `${what} de tu compra #${row.compra_id}`,
      body: [
        `Hola ${row.nombres},`,
        '',
        `Tu ${what.toLowerCase()} fue validada por la DIAN el ${bogotaDateTime(now)}.`,
        `${row.tipo === DOC_TYPES.FACTURA ? 'CUFE' : 'CUDE'}: ${answer.cufe}`,
        `Consúltala y descarga el PDF en ${p.config.appOrigin}/app/miscompras/view/${row.compra_id}`,
      ].join('\n'),
    });
    return 'emitidas' as const;
  }
  return 'rechazadas' as const;
}
