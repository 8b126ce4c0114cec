// The privacy notice, the consent ledger and the server's gate on sensitive data (docs/privacy.md
// «Aviso y autorizaciones», decisions 0400 and 0401).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  consentLedger,
  perfilOpciones,
  perfiles,
  privacyNotices,
  privacyPurposes,
  validacionesIdentidad,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { HttpError, invalid } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import type { Audited } from '../../platform/revisions';
import { actorOf, activityInsert, bumpVersion, revisionInsert, runAudited } from '../../platform/revisions';
import {
  mandatoryMissing,
  needsAuthorization,
  SENSITIVE_PURPOSES,
  type ConsentChannel,
  type SensitivePurpose,
} from '../../shared/privacy';

export type Purpose = {
  codigo: string;
  nombre: string;
  texto: string;
  obligatoria: boolean;
  sensible: boolean;
};
export type Notice = { id: number; version: number; texto: string; finalidades: Purpose[] };

async function noticeWith(
  db: Db,
  row: typeof privacyNotices.$inferSelect | undefined,
): Promise<Notice | null> {
  if (!row) return null;
  const finalidades = await db
    .select({
      codigo: privacyPurposes.codigo,
      nombre: privacyPurposes.nombre,
      texto: privacyPurposes.texto,
      obligatoria: privacyPurposes.obligatoria,
      sensible: privacyPurposes.sensible,
    })
    .from(privacyPurposes)
    .where(eq(privacyPurposes.noticeId, row.id))
    .orderBy(privacyPurposes.orden, privacyPurposes.id);
  return { id: row.id, version: row.version, texto: row.texto, finalidades };
}

/** The notice in force: the highest version. */
export async function currentNotice(db: Db): Promise<Notice> {
  const row = await db.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1).get();
  const notice = await noticeWith(db, row);
  if (!notice) throw new HttpError(503, 'No hay un aviso de privacidad publicado');
  return notice;
}

export async function noticeVersion(db: Db, version: number) {
  return noticeWith(
    db,
    await db.select().from(privacyNotices).where(eq(privacyNotices.version, version)).get(),
  );
}

/** Every version, newest first (Configuración → Privacidad). */
export async function allNotices(db: Db) {
  const rows = await db.select().from(privacyNotices).orderBy(desc(privacyNotices.version));
  return Promise.all(rows.map((r) => noticeWith(db, r)));
}

/**
 * The codes chosen at registration checked against the notice in force: every code must be one of
 * its purposes (422) and every mandatory purpose must be among them (422 naming it).
 */
export function checkRegistrationConsent(notice: Notice, codes: readonly string[]) {
  const known = new Set(notice.finalidades.map((f) => f.codigo));
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length) throw invalid({ autorizaciones: [`Finalidad desconocida: ${unknown.join(', ')}`] });
  const missing = notice.finalidades.filter((f) => f.obligatoria && !codes.includes(f.codigo));
  if (missing.length) throw invalid({ autorizaciones: missing.map((f) => mandatoryMissing(f.nombre)) });
}

/** The ledger's columns that say where a consent came from. */
export function consentOrigin(c: Context<AppEnv>) {
  const a = actorOf(c);
  return { ip: a.ip, userAgent: a.userAgent, at: a.at };
}

/** A member's ledger, newest first, as the API contract names its fields. */
export async function ledgerOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(consentLedger)
    .where(eq(consentLedger.userId, userId))
    .orderBy(desc(consentLedger.id));
  return rows.map((r) => ({
    id: r.id,
    finalidad: r.finalidad,
    otorgada: r.otorgada,
    version: r.version,
    fecha: new Date(r.createdAt).toISOString(),
    canal: r.canal,
    evidencia: r.evidencia,
    ip: r.ip,
    user_agent: r.userAgent,
  }));
}

/** The purposes a member holds granted now: the latest ledger row of each purpose says so. */
export async function grantsOf(
  db: Db,
  userId: number,
): Promise<Map<string, { otorgada: boolean; version: number }>> {
  const rows = await db
    .select({
      finalidad: consentLedger.finalidad,
      otorgada: consentLedger.otorgada,
      version: consentLedger.version,
    })
    .from(consentLedger)
    .where(
      and(
        eq(consentLedger.userId, userId),
        sql`${consentLedger.id} in (select max(id) from ${consentLedger} where user_id = ${userId} group by finalidad)`,
      ),
    );
  return new Map(rows.map((r) => [r.finalidad, { otorgada: r.otorgada, version: r.version }]));
}

/**
 * The server's gate (decision 0401): the member `userId` must hold `purpose` granted before any of
 * its data is stored; else 422 naming the purpose as the notice in force names it.
 */
export async function requireGrant(db: Db, userId: number, purpose: SensitivePurpose, field: string) {
  const grants = await grantsOf(db, userId);
  if (grants.get(purpose)?.otorgada) return;
  const notice = await currentNotice(db);
  const nombre = notice.finalidades.find((f) => f.codigo === purpose)?.nombre ?? purpose;
  throw new HttpError(422, needsAuthorization(nombre), { [field]: [needsAuthorization(nombre)] }, undefined, {
    finalidad: purpose,
  });
}

/** As modules/profile declares them (the same entity keys, so one history). */
const PERFIL_AUDITED: Audited = { entity: 'perfil', table: perfiles };
const IDENTITY_AUDITED: Audited = { entity: 'validacion_identidad', table: validacionesIdentidad };

const camel = (k: string) => k.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());

/**
 * Revoking a sensitive purpose clears, in the same step, what it covers (decision 0401): the
 * profile's columns or option lists (the published profile is that same row, so publication
 * loses them at once), or the identity documents (their files deleted from the blob store).
 */
async function clearCovered(c: Context<AppEnv>, userId: number, purpose: SensitivePurpose) {
  const { db, blobs } = c.var;
  const actor = actorOf(c);
  const scope = SENSITIVE_PURPOSES[purpose] as Record<string, readonly string[]>;
  if (scope.perfil || scope.fisica) {
    const fields = scope.perfil ?? scope.fisica ?? [];
    const row = await db.select({ id: perfiles.id }).from(perfiles).where(eq(perfiles.userId, userId)).get();
    if (row)
      await runAudited(db, PERFIL_AUDITED, row.id, [
        db
          .update(perfiles)
          .set({
            ...Object.fromEntries(fields.map((f) => [camel(f), null])),
            updatedAt: actor.at,
            version: bumpVersion,
          })
          .where(eq(perfiles.id, row.id)),
        activityInsert(db, PERFIL_AUDITED, 'editar', row.id, actor),
        revisionInsert(db, PERFIL_AUDITED),
      ]);
  }
  if (scope.servicios) {
    const row = await db.select({ id: perfiles.id }).from(perfiles).where(eq(perfiles.userId, userId)).get();
    const del = db
      .delete(perfilOpciones)
      .where(and(eq(perfilOpciones.userId, userId), inArray(perfilOpciones.catalogo, [...scope.servicios])));
    if (row)
      await runAudited(db, PERFIL_AUDITED, row.id, [
        del,
        db.update(perfiles).set({ updatedAt: actor.at, version: bumpVersion }).where(eq(perfiles.id, row.id)),
        activityInsert(db, PERFIL_AUDITED, 'editar', row.id, actor),
        revisionInsert(db, PERFIL_AUDITED),
      ]);
    else await del;
  }
  if (scope.documentos) {
    const row = await db
      .select()
      .from(validacionesIdentidad)
      .where(eq(validacionesIdentidad.userId, userId))
      .get();
    if (row) {
      const keys = [row.frenteKey, row.respaldoKey, row.selfieKey].filter((k): k is string => !!k);
      await runAudited(db, IDENTITY_AUDITED, row.id, [
        db
          .update(validacionesIdentidad)
          .set({
            frenteKey: null,
            respaldoKey: null,
            selfieKey: null,
            updatedAt: actor.at,
            version: bumpVersion,
          })
          .where(eq(validacionesIdentidad.id, row.id)),
        activityInsert(db, IDENTITY_AUDITED, 'editar', row.id, actor),
        revisionInsert(db, IDENTITY_AUDITED),
      ]);
      for (const k of keys) await blobs.delete(k);
    }
  }
}

/**
 * Appends a grant or a revocation of `finalidad` for `userId` (the ledger is append-only), against
 * the notice in force; a revoked sensitive purpose clears what it covers.
 */
export async function appendConsent(
  c: Context<AppEnv>,
  userId: number,
  body: { finalidad: string; otorgada: boolean; evidencia?: string },
  canal: ConsentChannel,
) {
  const { db } = c.var;
  const notice = await currentNotice(db);
  const purpose = notice.finalidades.find((f) => f.codigo === body.finalidad);
  if (!purpose) throw invalid({ finalidad: ['La finalidad no está en el aviso de privacidad vigente'] });
  const o = consentOrigin(c);
  await db.insert(consentLedger).values({
    userId,
    finalidad: purpose.codigo,
    otorgada: body.otorgada,
    version: notice.version,
    canal,
    evidencia: body.evidencia ?? null,
    actorId: c.var.user?.id ?? null,
    ip: o.ip,
    userAgent: o.userAgent,
    createdAt: o.at,
  });
  if (!body.otorgada && purpose.codigo in SENSITIVE_PURPOSES)
    await clearCovered(c, userId, purpose.codigo as SensitivePurpose);
}

/**
 * What a member must accept at sign-in: nothing while the latest grant of every mandatory purpose
 * names the version in force; else the purposes that changed since the version he accepted
 * (new ones, or a different name or text), with the notice.
 */
export async function pendingNotice(db: Db, userId: number) {
  const notice = await currentNotice(db);
  const grants = await grantsOf(db, userId);
  const mandatory = notice.finalidades.filter((f) => f.obligatoria);
  const accepted = Math.min(
    ...mandatory.map((f) => (grants.get(f.codigo)?.otorgada ? grants.get(f.codigo)!.version : 0)),
  );
  if (!mandatory.length || accepted >= notice.version)
    return { pendiente: false as const, version: notice.version };
  const before = accepted ? await noticeVersion(db, accepted) : null;
  const cambiadas = notice.finalidades.filter((f) => {
    const old = before?.finalidades.find((o) => o.codigo === f.codigo);
    return !old || old.nombre !== f.nombre || old.texto !== f.texto || old.obligatoria !== f.obligatoria;
  });
  return {
    pendiente: true as const,
    version: notice.version,
    texto: notice.texto,
    finalidades: notice.finalidades,
    cambiadas: cambiadas.map((f) => f.codigo),
    otorgadas: [...grants].filter(([, g]) => g.otorgada).map(([k]) => k),
  };
}
