// Reading a purchase's invoice and credit note (the API contract of
// `GET /api/v1/miscompras/compras/{id}/factura`), their files, the resend, and the accountant's
// export of a period. Amounts in cents like every other amount of the API.
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { compras, facturas, stateHistory, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { readPersonalField, type PersonalDataReader } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { serveStored } from '../../platform/uploads';
import { listExport, streamXlsx } from '../../platform/xlsx-stream';
import { bogotaDate, bogotaDateTime, BOGOTA_OFFSET_MS } from '../../shared/bogota';
import { DOC_TYPES, INVOICE_MSG } from '../../shared/invoicing';
import { P } from '../../shared/permissions';
import { STATE, canTransition, INVOICE, INVOICE_STATE_LABELS } from '../../shared/workflow';

type Doc = typeof facturas.$inferSelect;

const docOut = (d: Doc) => ({
  id: d.id,
  estado: d.estado,
  prefijo: d.prefijo,
  numero: d.numero,
  fecha: bogotaDateTime(d.fecha),
  total: d.total,
  base: d.base,
  iva: d.iva,
  lineas: JSON.parse(d.lineas) as unknown[],
  qr: d.qr,
  pdf: !!d.pdfKey,
  emitida_at: d.emitidaAt,
});

/**
 * The purchase's documents for its owner, or for staff holding the purchases permission; anyone
 * else gets the same 404 as for a purchase that does not exist (SECURITY row 6).
 */
export async function purchaseDocuments(c: Context<AppEnv>, compraId: number) {
  const staff = c.var.permissions.has(P.controlCompras);
  const rows = await c.var.db
    .select({ doc: facturas, owner: compras.userId })
    .from(compras)
    .leftJoin(facturas, eq(facturas.compraId, compras.id))
    .where(eq(compras.id, compraId));
  if (!rows.length || (!staff && rows[0]!.owner !== c.var.user.id)) throw notFound();
  const invoice = rows.find((r) => r.doc?.tipo === DOC_TYPES.FACTURA)?.doc ?? undefined;
  const note = rows.find((r) => r.doc?.tipo === DOC_TYPES.NOTA_CREDITO)?.doc ?? undefined;
  if (!invoice) throw notFound(INVOICE_MSG.notFound);
  return { invoice, note, staff, owner: rows[0]!.owner };
}

export function invoiceReply(invoice: Doc, note: Doc | undefined, staff: boolean) {
  return {
    ...docOut(invoice),
    cufe: invoice.cufe,
    ...(staff ? { ultimo_error: invoice.ultimoError, intentos: invoice.intentos } : {}),
    nota_credito: note
      ? {
          ...docOut(note),
          cude: note.cufe,
          motivo: note.motivo,
          ...(staff ? { ultimo_error: note.ultimoError, intentos: note.intentos } : {}),
        }
      : null,
  };
}

/** The PDF the provider answered, as kept in the blob store. */
export async function serveDocumentPdf(c: Context<AppEnv>, doc: Doc | undefined) {
  const blob = doc?.pdfKey ? await c.var.blobs.get(doc.pdfKey) : null;
  if (!doc || !blob) throw notFound(INVOICE_MSG.noPdf);
  const name = `${doc.tipo === DOC_TYPES.FACTURA ? 'factura' : 'nota-credito'}-${doc.prefijo ?? ''}${doc.numero ?? doc.id}.pdf`;
  return serveStored(c, blob, 'application/pdf', name, false);
}

/**
 * Sends a document again (decision 0435): a RECHAZADA one goes back to PENDIENTE once its data was
 * fixed; a PENDIENTE one is due now instead of at its back-off. Anything else: 409.
 */
export async function resendDocument(db: Db, id: number, actorId: number, at: number) {
  const doc = await db.select().from(facturas).where(eq(facturas.id, id)).get();
  if (!doc) throw notFound();
  if (doc.estado !== STATE.PENDIENTE && !canTransition(doc.estado, STATE.PENDIENTE, INVOICE))
    throw conflict(INVOICE_MSG.notResendable);
  await db.batch([
    db
      .update(facturas)
      .set({ estado: STATE.PENDIENTE, proximoIntentoAt: at, updatedAt: at })
      .where(and(eq(facturas.id, id), eq(facturas.estado, doc.estado))),
    db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at)
      select 'factura', ${id}, ${doc.estado}, 'PENDIENTE', ${'Reenvío solicitado'}, ${actorId}, ${at} where changes() = 1`),
  ]);
}

const pesos = (cents: number) => Math.trunc(cents) / 100;
/** Start of a Bogotá date, as epoch ms. */
const dayStart = (d: string) => Date.parse(`${d}T00:00:00Z`) + BOGOTA_OFFSET_MS;

type ExportRow = {
  tipo: string;
  prefijo: string | null;
  numero: number | null;
  fecha: number;
  comprador: string;
  documento: string | null;
  email: string;
  base: number;
  iva: number;
  total: number;
  cufe: string | null;
  estado: string;
  compra_id: number;
  user_id: number;
  referencia: string | null;
};

/** The accountant's workbook: invoices and credit notes dated in the period, by type and number. */
export async function documentsWorkbook(db: Db, reader: PersonalDataReader, desde: string, hasta: string) {
  const from = dayStart(desde);
  const to = dayStart(hasta) + 86_400_000;
  const where = sql`f.fecha >= ${from} and f.fecha < ${to}`;
  const load = async (page: number, perPage: number) => {
    const [data, total] = await db.batch([
      db.all<ExportRow>(sql`select f.tipo, f.prefijo, f.numero, f.fecha,
          trim(u.nombres || ' ' || u.apellidos) as comprador, u.numero_identificacion as documento, u.email,
          f.user_id, f.base, f.iva, f.total, f.cufe, f.estado, f.compra_id,
          (select i.prefijo || i.numero from ${facturas} i where i.id = f.factura_id) as referencia
        from ${facturas} f join ${users} u on u.id = f.user_id
        where ${where} order by f.tipo, f.prefijo, f.numero, f.id limit ${perPage} offset ${(page - 1) * perPage}`),
      db.get<{ n: number }>(sql`select count(*) as n from ${facturas} f where ${where}`),
    ]);
    return { data: data as ExportRow[], total: (total as { n: number } | undefined)?.n ?? 0 };
  };
  const { filas, pages } = await listExport(load, (r) => [
    r.tipo === DOC_TYPES.FACTURA ? 'Factura' : 'Nota crédito',
    r.prefijo,
    r.numero,
    bogotaDate(r.fecha),
    r.comprador,
    readPersonalField(reader, 'numero_identificacion', r.documento, r.user_id),
    r.email,
    pesos(r.base),
    pesos(r.iva),
    pesos(r.total),
    r.cufe,
    INVOICE_STATE_LABELS[r.estado] ?? r.estado,
    r.compra_id,
    r.referencia,
  ]);
  const headers = [
    'Tipo',
    'Prefijo',
    'Número',
    'Fecha',
    'Comprador',
    'Identificación',
    'Correo',
    'Base',
    'IVA',
    'Total',
    'CUFE / CUDE',
    'Estado',
    'N.º compra',
    'Factura referenciada',
  ];
  return { body: streamXlsx([{ name: 'Facturas y notas crédito', headers, pages }]), count: filas };
}
