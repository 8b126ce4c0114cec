// Attachments of a purchase (spec §5, SECURITY row 12): a type chosen first, then one pdf or
// xlsx of at most 48 MB (a payment receipt: pdf, jpg, png or webp, decision 0130), checked by its bytes; stored under a random key; served as a download
// with nosniff and a sandboxing CSP, to the owner (member routes) or an administrator only.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { compraAdjuntos, compras, cuentasrecaudo } from '../../db/schema';
import { badRequest, conflict, invalid, notFound } from '../../platform/errors';
import { insertWhere } from '../../platform/guarded-insert';
import type { AppEnv } from '../../platform/ports';
import { actorOf, runAudited, versionBump } from '../../platform/audit';
import { acceptFile, serveStored, storeUpload } from '../../platform/uploads';
import { parseWith } from '../../platform/validate';
import { PURCHASE_AUDITED } from './purchase-service';
import { MSG } from '../../shared/messages';
import {
  attachmentKinds,
  attachmentTypeSchema,
  MAX_ATTACHMENTS,
  PAYMENT_METHOD_MSG,
  receiptAccountSchema,
} from '../../shared/schemas/shop';
import { STATE } from '../../shared/workflow';

/** Reads `tipo` and the single `file` of a multipart body; stores the file; adds the row. */
export async function storeAttachment(c: Context<AppEnv>, compra: { id: number; estado: string }) {
  const compraId = compra.id;
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest();
  }
  const { tipo } = parseWith(attachmentTypeSchema, { tipo: body.tipo });
  const raw = body.file;
  if (Array.isArray(raw)) throw invalid({ file: [MSG.oneFileOnly] });
  if (!(raw instanceof File)) throw invalid({ file: [MSG.required] });
  const { db, blobs, clock, user } = c.var;
  // A paid purchase needs no receipt, and where it was paid is settled (the declared account
  // would otherwise change under a confirmed payment).
  if (tipo === 'COMPROBANTE_PAGO' && compra.estado !== STATE.NO_PAGADO)
    throw conflict(PAYMENT_METHOD_MSG.paid);
  const cuentaId = await declaredAccount(c, body.cuenta_recaudo_id, tipo);
  const [{ n }] = (await db
    .select({ n: count() })
    .from(compraAdjuntos)
    .where(eq(compraAdjuntos.compraId, compraId))) as [{ n: number }];
  if (n >= MAX_ATTACHMENTS) throw invalid({ file: [MSG.attachmentsLimit(MAX_ATTACHMENTS)] });
  const u = await acceptFile(raw, [...attachmentKinds(tipo)], `compras/${compraId}`);
  await storeUpload(blobs, u);
  // The limit is a condition of the INSERT itself (decision 0091): parallel uploads cannot all pass
  // the count above.
  let ids: number[];
  try {
    ids = await insertWhere(
      db,
      compraAdjuntos,
      [
        {
          compraId,
          tipo,
          blobKey: u.key,
          fileName: u.fileName,
          contentType: u.contentType,
          size: u.size,
          createdBy: user.id,
          createdAt: clock.now(),
        },
      ],
      sql`(select count(*) from ${compraAdjuntos} where ${compraAdjuntos.compraId} = ${compraId}) < ${MAX_ATTACHMENTS}`,
    );
  } catch (err) {
    await blobs.delete(u.key);
    throw err;
  }
  if (!ids.length) {
    await blobs.delete(u.key);
    throw invalid({ file: [MSG.attachmentsLimit(MAX_ATTACHMENTS)] });
  }
  // A new receipt answers a rejected one: the purchase is back in the queue as not yet judged.
  if (tipo === 'COMPROBANTE_PAGO' && !cuentaId)
    await db
      .update(compras)
      .set({ rechazoMotivo: null, rechazadoAt: null })
      .where(and(eq(compras.id, compraId), sql`${compras.rechazoMotivo} is not null`));
  // The account it names is where the member says he paid (the last one said counts): an edit of
  // the purchase by the member, with its activity row and revision (decision 0250).
  if (cuentaId) {
    await runAudited(db, {
      audited: PURCHASE_AUDITED,
      id: compraId,
      action: 'editar',
      actor: actorOf(c),
      guard: 'changed',
      // This path kept no baseline before decision 0310; it still does not.
      baseline: false,
      write: db
        .update(compras)
        .set({ rechazoMotivo: null, rechazadoAt: null, cuentaRecaudoId: cuentaId, ...versionBump(compras) })
        .where(and(eq(compras.id, compraId), eq(compras.estado, STATE.NO_PAGADO))),
    });
  }
  return { id: ids[0]! };
}

/**
 * The collection account a receipt names (multipart `cuenta_recaudo_id`, optional; decision 0245):
 * one of the active accounts, and only on a payment receipt; anything else is a 422.
 */
async function declaredAccount(c: Context<AppEnv>, raw: unknown, tipo: string) {
  const given = raw === undefined || raw === '' ? null : raw;
  const { cuenta_recaudo_id: id } = parseWith(receiptAccountSchema, { cuenta_recaudo_id: given });
  if (id === null) return null;
  if (tipo !== 'COMPROBANTE_PAGO') throw invalid({ cuenta_recaudo_id: [PAYMENT_METHOD_MSG.onlyReceipt] });
  const row = await c.var.db
    .select({ id: cuentasrecaudo.id })
    .from(cuentasrecaudo)
    .where(and(eq(cuentasrecaudo.id, id), eq(cuentasrecaudo.activo, true)))
    .get();
  if (!row) throw invalid({ cuenta_recaudo_id: [PAYMENT_METHOD_MSG.notActive] });
  return row.id;
}

/** The stored file of one attachment of that purchase: a download, or inline when an image. */
export async function serveAttachment(c: Context<AppEnv>, compraId: number, adjuntoId: number) {
  const row = await c.var.db
    .select()
    .from(compraAdjuntos)
    .where(and(eq(compraAdjuntos.id, adjuntoId), eq(compraAdjuntos.compraId, compraId)))
    .get();
  const blob = row ? await c.var.blobs.get(row.blobKey) : null;
  if (!row || !blob) throw notFound();
  // A receipt photo shows in the page (decision 0130); anything else downloads.
  const image = /^image\/(jpeg|png|webp)$/.test(row.contentType);
  return serveStored(c, blob, row.contentType, row.fileName, image);
}
