// One audited export (SECURITY: every export leaves a history row): the `exportacion:<name>` row
// by the signed-in user, then the workbook streamed as a dated .xlsx attachment.
import type { Context } from 'hono';
import { historyInsert } from './history';
import type { AppEnv } from '../ports';
import { xlsxResponseHeaders } from '../xlsx';
import { streamXlsx, type StreamSheet } from '../xlsx-stream';

export type AuditedExport = {
  /** The history entity after 'exportacion:' (e.g. 'usuarios'). */
  entity: string;
  entityId?: number;
  /** What was exported (filters, row count), stored with the audit row. */
  comentario?: string | null;
  /** The file's base name; the Bogotá date and '.xlsx' are added. */
  file: string;
  /** The sheets to stream, or a workbook stream already built (it is read only as the reply is). */
  body: StreamSheet[] | ReadableStream<Uint8Array>;
  /** The export's time when the route already read the clock; the clock's now otherwise. */
  at?: number;
};

export async function auditedExport(c: Context<AppEnv>, e: AuditedExport): Promise<Response> {
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
  const body = Array.isArray(e.body) ? streamXlsx(e.body) : e.body;
  return c.body(body, 200, xlsxResponseHeaders(e.file, at));
}
