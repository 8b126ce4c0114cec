// One audited export (SECURITY: every export leaves a history row): the `exportacion:<name>` row
// by the signed-in user, then the workbook streamed as a dated .xlsx attachment (or a PDF).
import type { Context } from 'hono';
import { historyInsert } from './history';
import type { AppEnv } from '../ports';
import { xlsxResponseHeaders } from '../xlsx';
import { streamXlsx, type StreamSheet } from '../xlsx-stream';

/** The export's history row: what was exported, by the signed-in user. */
export type ExportRecord = {
  /** The history entity after 'exportacion:' (e.g. 'usuarios'). */
  entity: string;
  entityId?: number;
  /** What was exported (filters, row count), stored with the audit row. */
  comentario?: string | null;
  /** The export's time when the route already read the clock; the clock's now otherwise. */
  at?: number;
};

export type AuditedExport = ExportRecord & {
  /** The file's base name; the Bogotá date and '.xlsx' are added. */
  file: string;
  /** The sheets to stream, or a workbook stream already built (it is read only as the reply is). */
  body: StreamSheet[] | ReadableStream<Uint8Array>;
};

/** Writes the export's history row; returns its time. */
export async function recordExport(c: Context<AppEnv>, e: ExportRecord): Promise<number> {
  const at = e.at ?? c.var.clock.now();
  await historyInsert(c.var.db, {
    entity: `exportacion:${e.entity}`,
    entityId: e.entityId ?? 0,
    from: null,
    to: 'EXPORTADO',
    comentario: e.comentario ?? null,
    userId: c.var.user.id,
    at,
  });
  return at;
}

export async function auditedExport(c: Context<AppEnv>, e: AuditedExport): Promise<Response> {
  const at = await recordExport(c, e);
  const body = Array.isArray(e.body) ? streamXlsx(e.body) : e.body;
  return c.body(body, 200, xlsxResponseHeaders(e.file, at));
}

/** A PDF made for this download (a statement, a certificate): audited, an attachment no cache keeps. */
export async function auditedPdf(
  c: Context<AppEnv>,
  e: ExportRecord & { file: string; pdf: Uint8Array },
): Promise<Response> {
  await recordExport(c, e);
  return c.body(e.pdf as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${e.file}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
}
