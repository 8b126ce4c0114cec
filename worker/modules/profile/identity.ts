import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { validacionesIdentidad } from '../../db/schema';
import { requires, signedIn } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { badRequest, conflict, invalid, notFound } from '../../platform/errors';
import { recordAccess } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { changeState } from '../../platform/state-change';
import { actorOf, bumpVersion, runAudited, type Audited, versionedEdit } from '../../platform/audit';
import { acceptFile, IMAGE_KINDS, serveStored, storeUpload } from '../../platform/uploads';
import { params } from '../../platform/validate';
import {
  binFiles,
  deletedFilesDays,
  fileGone,
  fileStillThere,
  unbinFiles,
} from '../../platform/deleted-files';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { IDENTITY_DOC_LABELS, IDENTITY_DOCS } from '../../shared/schemas/profile';
import { tabPermission } from '../../shared/user-tabs';
import { STATE } from '../../shared/workflow';
import { requirePurposes } from '../../platform/consent';

/** Identity documents are kept only with their authorisation (decision 0403). */
const DOCUMENTS_GATE = new Map([['documentos', 'DOCUMENTOS_IDENTIDAD' as const]]);

type Doc = (typeof IDENTITY_DOCS)[number];
const KEY_OF: Record<Doc, 'frenteKey' | 'respaldoKey' | 'selfieKey'> = {
  frente: 'frenteKey',
  respaldo: 'respaldoKey',
  selfie: 'selfieKey',
};

export async function identityOf(db: Db, userId: number) {
  const row = await db
    .select()
    .from(validacionesIdentidad)
    .where(eq(validacionesIdentidad.userId, userId))
    .get();
  if (!row) return null;
  return {
    id: row.id,
    user_id: row.userId,
    estado: row.estado,
    comentario: row.comentario,
    enviado_at: row.enviadoAt,
    revisado_at: row.revisadoAt,
    documentos: Object.fromEntries(
      IDENTITY_DOCS.map((d) => [
        d,
        row[KEY_OF[d]] ? `/api/v1/general/validacionIdentidad/${row.userId}/${d}` : null,
      ]),
    ) as Record<(typeof IDENTITY_DOCS)[number], string | null>,
  };
}

/** Owner or a reviewer may see the documents; anyone else gets 404 (SECURITY row 6). */
const mayReview = (held: ReadonlySet<string>) =>
  held.has(P.controlInformacionPersonal) ||
  (held.has(P.usuariosRegistrados) && held.has(tabPermission('identidad')));

/** Identity validation: the same entity key as its review's state changes, so one history. */
export const IDENTITY_AUDITED: Audited = { entity: 'validacion_identidad', table: validacionesIdentidad };

/** The identity documents a restore may bring back (decision 0255), by their snapshot names. */
export const IDENTITY_RESTORABLE = ['frente_key', 'respaldo_key', 'selfie_key'] as const;
const DOC_OF: Record<(typeof IDENTITY_RESTORABLE)[number], Doc> = {
  frente_key: 'frente',
  respaldo_key: 'respaldo',
  selfie_key: 'selfie',
};

/**
 * Puts back documents of a member's identity validation as a revision left them, while their
 * files are still kept (else 409 naming which and why), with the version guard. The documents
 * replaced go to the bin; a validation already decided (approved or not) goes back to review, as
 * when the member sends documents again.
 */
export async function restoreIdentity(
  c: Context<AppEnv>,
  rowId: number,
  restored: Record<string, unknown>,
  version?: number,
) {
  const { db, blobs } = c.var;
  const row = await db.select().from(validacionesIdentidad).where(eq(validacionesIdentidad.id, rowId)).get();
  if (!row) throw notFound();
  if (Object.values(restored).some((v) => v != null)) await requirePurposes(db, row.userId, DOCUMENTS_GATE);
  const days = await deletedFilesDays(db);
  const set: Partial<Record<(typeof KEY_OF)[Doc], string>> = {};
  const binned: string[] = [];
  for (const [field, value] of Object.entries(restored) as [keyof typeof DOC_OF, unknown][]) {
    const doc = DOC_OF[field];
    const label = IDENTITY_DOC_LABELS[doc];
    const current = row[KEY_OF[doc]];
    if (value === current) continue;
    // Only this member's identity files (keys are `identidad/{userId}/…`).
    if (typeof value !== 'string' || !value.startsWith(`identidad/${row.userId}/`))
      throw invalid({ campos: [`La revisión no tiene el archivo «${label}»`] });
    if (!(await fileStillThere(blobs, value))) throw conflict(fileGone(`«${label}»`, days));
    set[KEY_OF[doc]] = value;
    if (current) binned.push(current);
  }
  const actor = actorOf(c);
  const restoredKeys = Object.values(set);
  await runAudited(
    db,
    versionedEdit(
      db,
      IDENTITY_AUDITED,
      rowId,
      { ...set, updatedAt: actor.at },
      {
        version: version ?? row.version,
        actor,
        action: 'restaurar',
        links: restoredKeys.length ? [binFiles(db, binned, actor.at), unbinFiles(db, restoredKeys)] : [],
      },
    ),
  );
  if (restoredKeys.length && (row.estado === STATE.APROBADO || row.estado === STATE.NO_APROBADO))
    await changeState(db, {
      entity: 'validacion_identidad',
      table: validacionesIdentidad,
      idColumn: validacionesIdentidad.id,
      stateColumn: validacionesIdentidad.estado,
      id: rowId,
      to: STATE.PENDIENTE,
      allowed: [STATE.PENDIENTE],
      comentario: 'Documentos restaurados desde el historial',
      actorId: actor.userId,
      actor,
      at: actor.at,
      set: { enviadoAt: actor.at, comentario: null },
    });
}

export const identityRoutes = new Hono<AppEnv>()
  .get('/', requires(P.miInformacionPersonal), async (c) =>
    c.json({ data: await identityOf(c.var.db, c.var.user.id) }),
  )
  // Sends (or re-sends after NO_APROBADO) the three documents for review.
  .post('/', requires(P.miInformacionPersonal), async (c) => {
    const { db, blobs, clock, user } = c.var;
    // Before the body is read: a refused upload is not received (decision 0403).
    await requirePurposes(db, user.id, DOCUMENTS_GATE);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw badRequest();
    }
    const current = await db
      .select()
      .from(validacionesIdentidad)
      .where(eq(validacionesIdentidad.userId, user.id))
      .get();
    if (current?.estado === STATE.APROBADO) throw conflict('Tu identidad ya fue aprobada');
    if (current?.estado === STATE.PENDIENTE && current.enviadoAt)
      throw conflict('Tus documentos están en revisión');
    const missing = IDENTITY_DOCS.filter((d) => !(form[d] instanceof File) && !current?.[KEY_OF[d]]);
    if (missing.length) throw invalid(Object.fromEntries(missing.map((d) => [d, [MSG.required]])));
    const uploads = await Promise.all(
      IDENTITY_DOCS.filter((d) => form[d] instanceof File).map(async (d) => ({
        d,
        u: await acceptFile(
          form[d] as File,
          [...IMAGE_KINDS.filter((k) => k !== 'svg'), 'pdf'],
          `identidad/${user.id}`,
        ),
      })),
    );
    for (const { u } of uploads) await storeUpload(blobs, u);
    const now = clock.now();
    const keys = Object.fromEntries(uploads.map(({ d, u }) => [KEY_OF[d], u.key]));
    const actor = actorOf(c, now);
    if (!current) {
      await runAudited(db, {
        audited: IDENTITY_AUDITED,
        id: 'new',
        action: 'crear',
        actor,
        write: db.insert(validacionesIdentidad).values({
          userId: user.id,
          ...keys,
          estado: STATE.PENDIENTE,
          enviadoAt: now,
          createdAt: now,
          updatedAt: now,
        }),
        history: {
          entity: 'validacion_identidad',
          from: null,
          to: STATE.PENDIENTE,
          comentario: 'Documentos enviados',
          userId: user.id,
          at: now,
        },
      });
    } else {
      // The new documents (and, unless a state change follows, the sending time) as an audited edit.
      // The replaced files go to the bin, kept for a while so a restore can bring them back
      // (decision 0255).
      const resend = current.estado === STATE.NO_APROBADO;
      const old = uploads.map(({ d }) => current[KEY_OF[d]]).filter((k): k is string => !!k);
      await runAudited(db, {
        audited: IDENTITY_AUDITED,
        id: current.id,
        action: 'editar',
        actor,
        write: db
          .update(validacionesIdentidad)
          .set({ ...keys, ...(resend ? {} : { enviadoAt: now }), updatedAt: now, version: bumpVersion })
          .where(eq(validacionesIdentidad.id, current.id)),
        then: [binFiles(db, old, now)],
      });
      if (current.estado === STATE.NO_APROBADO)
        await changeState(db, {
          entity: 'validacion_identidad',
          table: validacionesIdentidad,
          idColumn: validacionesIdentidad.id,
          stateColumn: validacionesIdentidad.estado,
          id: current.id,
          to: STATE.PENDIENTE,
          allowed: [STATE.PENDIENTE],
          comentario: 'Documentos reenviados',
          actorId: user.id,
          at: now,
          set: { enviadoAt: now, comentario: null },
        });
    }
    return c.json({ data: await identityOf(db, user.id), message: MSG.updated }, 201);
  })
  .get(
    '/:userId{[0-9]+}/:doc{frente|respaldo|selfie}',
    signedIn(),
    params(v.object({ userId: id(), doc: v.picklist(IDENTITY_DOCS) })),
    async (c) => {
      const { userId, doc } = c.req.valid('param');
      if (userId !== c.var.user.id && !mayReview(c.var.permissions)) throw notFound();
      const row = await c.var.db
        .select()
        .from(validacionesIdentidad)
        .where(eq(validacionesIdentidad.userId, userId))
        .get();
      const key = row?.[KEY_OF[doc]];
      const blob = key ? await c.var.blobs.get(key) : null;
      if (!blob) throw notFound();
      // A reviewer shown a member's document leaves an access record (decision 0405).
      recordAccess(c, userId, `documento_${doc}`);
      return serveStored(
        c,
        blob,
        blob.contentType,
        blob.fileName ?? doc,
        blob.contentType.startsWith('image/'),
      );
    },
  );
