// Suppression that keeps the books (docs/privacy.md «Supresión y conservación», decision 0418).
// Start: ONE batch anonymises the person — names, document, contact, addresses, profile, notes,
// gallery and identity records, beneficiaries, payment details, sessions, 2FA, saved views,
// notifications, cart — and disables his sign-in; his files are deleted from the blob store. His
// users row stays as a pseudonym, so his node stays in the referral tree and no other member's
// bonus changes; purchases, invoices, bonus rows and payouts keep pointing at it.
// Then bounded steps scrub the erased values from every other table (revisions, activity, state
// history, outbox, help-centre submissions, …): each step is one batch of chunked UPDATEs plus its
// own progress, so a crash loses nothing and 100,000 revisions take a few invocations.
// Privacy records are left alone (PRIVACY_RECORD_TABLES). After the retention period the daily
// job removes what the books kept (purgeRetained).
import { and, asc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  beneficiarios,
  carrito,
  compraAdjuntos,
  compraLineas,
  compras,
  informacionPago,
  loginChallenges,
  notificaciones,
  perfiles,
  perfilMedia,
  perfilOpciones,
  perfilRedes,
  perfilUbicaciones,
  privacidadSupresiones,
  recoveryCodes,
  sessions,
  suscripciones,
  userTokens,
  userTotp,
  users,
  validacionesIdentidad,
  vistas,
  activity,
  appMeta,
  deletedFiles,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import type { BlobStore } from '../../platform/ports';
import { randomCode } from '../../platform/bytes';
import { withSortKeys } from '../../platform/sort-keys';
import { DEFAULT_RETENTION_YEARS } from '../../shared/privacy-desk';
import { STATE } from '../../shared/workflow';

/**
 * Tables a suppression does not touch: the privacy records (the notice, the consent ledger and
 * the access log of the privacy module; the requests, suppressions and incidents of this one),
 * the full-text indexes (kept by triggers on users, which the start rewrites) and SQLite's own.
 */
export const PRIVACY_RECORD_TABLES = [
  'privacy_notices',
  'privacy_purposes',
  'consent_ledger',
  'data_access_log',
  'privacidad_solicitudes',
  'privacidad_supresiones',
  'privacidad_incidentes',
  'privacidad_depuracion',
] as const;

/** The tables the retention policy names: kept under the pseudonym until RETENTION_KEY's years pass. */
export const RETAINED_TABLES = [
  'compras',
  'compra_lineas',
  'compra_adjuntos',
  'suscripciones',
  'ciclo_bonificacion_user',
  'ciclo_bonificacion_user_referido',
  'ajustes_bonificacion',
  'lotes_pago_items',
  'pasarela_transacciones',
] as const;

/** The retention period of the books, in whole years, a setting in `app_meta`; absent: 10. */
export const RETENTION_KEY = 'privacidad_conservacion_anios';

export async function retentionYears(db: Db): Promise<number> {
  const row = await db.select().from(appMeta).where(eq(appMeta.key, RETENTION_KEY)).get();
  const years = Number(row?.value);
  return Number.isInteger(years) && years > 0 ? years : DEFAULT_RETENTION_YEARS;
}

/** The same instant `years` calendar years later. */
const yearsAfter = (at: number, years: number) => {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime();
};
/** Values shorter than this are not scrubbed from free text (they would hit unrelated words). */
const MIN_VALUE = 3;

/** The identifying values of a member: what the scrub steps replace by the pseudonym. */
async function valuesOf(db: Db, userId: number): Promise<string[]> {
  const [[u], bens, pago, [perfil], redes] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)),
    db
      .select({ n: beneficiarios.nombre, d: beneficiarios.numeroIdentificacion })
      .from(beneficiarios)
      .where(eq(beneficiarios.userId, userId)),
    db
      .select({
        a: informacionPago.numeroCuenta,
        b: informacionPago.titular,
        c: informacionPago.direccionBilletera,
      })
      .from(informacionPago)
      .where(eq(informacionPago.userId, userId)),
    db.select({ n: perfiles.nombrePublico }).from(perfiles).where(eq(perfiles.userId, userId)),
    db.select({ u: perfilRedes.usuario }).from(perfilRedes).where(eq(perfilRedes.userId, userId)),
  ]);
  if (!u) return [];
  const fullName = [u.nombres, u.apellidos].filter(Boolean).join(' ');
  const raw = [
    u.email,
    u.userName,
    fullName,
    u.nombres,
    u.apellidos,
    u.numeroIdentificacion,
    u.celular,
    u.direccion,
    ...bens.flatMap((b) => [b.n, b.d]),
    ...pago.flatMap((p) => [p.a, p.b, p.c]),
    perfil?.n,
    ...redes.map((r) => r.u),
  ];
  const all = new Set<string>();
  for (const value of raw) {
    const s = value?.trim();
    if (!s || s.length < MIN_VALUE) continue;
    // Help-centre forms upper-case what members type; the e-mail is kept lower-case.
    for (const variant of [s, s.toUpperCase(), s.toLowerCase()]) all.add(variant);
  }
  // Longest first: the e-mail goes before the user name it may contain.
  return [...all].sort((a, b) => b.length - a.length);
}

/** The blob prefixes of a member's own files (keys are `galeria/{id}/…`, `identidad/{id}/…`). */
const filePrefixes = (userId: number) => [`galeria/${userId}/`, `identidad/${userId}/`];

/** Deletes every file under the member's prefixes, removed ones in the bin included. */
async function deleteFiles(blobs: BlobStore, userId: number, extra: string[]) {
  let deleted = 0;
  for (const key of extra) {
    await blobs.delete(key);
    deleted++;
  }
  for (const prefix of filePrefixes(userId)) {
    let after: string | undefined;
    for (;;) {
      const page = await blobs.list(prefix, { after, limit: 500 });
      for (const key of page.keys) {
        await blobs.delete(key);
        deleted++;
      }
      if (!page.next) break;
      after = page.next;
    }
  }
  return deleted;
}

/**
 * Anonymises the person and records the suppression (its scrub steps follow). Returns its id.
 * Idempotent per request: a second call for the same request returns the first suppression.
 */
export async function startSuppression(
  db: Db,
  blobs: BlobStore,
  now: number,
  solicitudId: number,
  userId: number,
): Promise<number> {
  const existing = await db
    .select({ id: privacidadSupresiones.id })
    .from(privacidadSupresiones)
    .where(eq(privacidadSupresiones.solicitudId, solicitudId))
    .get();
  if (existing) return existing.id;
  const values = await valuesOf(db, userId);
  const code = randomCode(10).toLowerCase();
  const seudonimo = `titular-suprimido-${code}`;
  const [photo, media, identity] = await db.batch([
    db.select({ k: users.photoKey }).from(users).where(eq(users.id, userId)),
    db.select({ k: perfilMedia.blobKey }).from(perfilMedia).where(eq(perfilMedia.userId, userId)),
    db
      .select({
        a: validacionesIdentidad.frenteKey,
        b: validacionesIdentidad.respaldoKey,
        c: validacionesIdentidad.selfieKey,
      })
      .from(validacionesIdentidad)
      .where(eq(validacionesIdentidad.userId, userId)),
  ]);
  const keys = [
    ...photo.map((r) => r.k),
    ...media.map((r) => r.k),
    ...identity.flatMap((r) => [r.a, r.b, r.c]),
  ].filter((k): k is string => !!k);
  const years = await retentionYears(db);
  const mine = (col: Parameters<typeof eq>[0]) => eq(col, userId);
  const [[row]] = await db.batch([
    db
      .insert(privacidadSupresiones)
      .values({
        solicitudId,
        userId,
        seudonimo,
        valores: JSON.stringify(values),
        conservarHasta: yearsAfter(now, years),
        createdAt: now,
      })
      .returning({ id: privacidadSupresiones.id }),
    db
      .update(users)
      .set(
        withSortKeys(users, {
          email: `${seudonimo}@suprimido.invalid`,
          userName: seudonimo,
          nombres: 'Titular',
          apellidos: 'suprimido',
          // No password hash verifies against this: sign-in is disabled for good.
          passwordHash: '!suprimido',
          tipoIdentificacionId: null,
          numeroIdentificacion: null,
          celular: null,
          fechaNacimiento: null,
          genero: null,
          direccion: null,
          paisId: null,
          departamentoId: null,
          ciudadId: null,
          nivelEducativoId: null,
          photoKey: null,
          activo: false,
          emailVerifiedAt: null,
          updatedAt: now,
        }),
      )
      .where(eq(users.id, userId)),
    db.delete(perfilOpciones).where(mine(perfilOpciones.userId)),
    db.delete(perfilRedes).where(mine(perfilRedes.userId)),
    db.delete(perfilUbicaciones).where(mine(perfilUbicaciones.userId)),
    db.delete(perfilMedia).where(mine(perfilMedia.userId)),
    db.delete(perfiles).where(mine(perfiles.userId)),
    db.delete(validacionesIdentidad).where(mine(validacionesIdentidad.userId)),
    db.delete(beneficiarios).where(mine(beneficiarios.userId)),
    db.delete(informacionPago).where(mine(informacionPago.userId)),
    db.delete(notificaciones).where(mine(notificaciones.userId)),
    db.delete(sessions).where(mine(sessions.userId)),
    db.delete(userTokens).where(mine(userTokens.userId)),
    db.delete(userTotp).where(mine(userTotp.userId)),
    db.delete(recoveryCodes).where(mine(recoveryCodes.userId)),
    db.delete(loginChallenges).where(mine(loginChallenges.userId)),
    db.delete(vistas).where(mine(vistas.userId)),
    db.delete(carrito).where(mine(carrito.userId)),
    // Login and activity records keep what happened, not from where.
    db.update(activity).set({ ip: null, userAgent: null }).where(mine(activity.userId)),
    db
      .delete(deletedFiles)
      .where(
        or(...filePrefixes(userId).map((p) => sql`substr(${deletedFiles.blobKey}, 1, ${p.length}) = ${p}`)),
      ),
  ]);
  await deleteFiles(blobs, userId, keys);
  return row!.id;
}

type ScrubTable = { name: string; columns: string[] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table with text columns the scrub walks, in name order (a stable order between steps). */
async function scrubTables(db: Db): Promise<ScrubTable[]> {
  const rows = await db.all<{ t: string; c: string }>(
    sql`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite_%' and substr(m.name, 1, 2) <> '__'
        and m.sql not like 'CREATE VIRTUAL%'
        and (upper(p.type) like '%TEXT%' or upper(p.type) like '%CHAR%' or p.type = '')
      order by m.name, p.cid`,
  );
  const skip = new Set<string>(PRIVACY_RECORD_TABLES);
  const byName = new Map<string, string[]>();
  for (const r of rows) {
    // FTS5 shadow tables (users_fts_data, …) follow their virtual table.
    if (skip.has(r.t) || /_(fts|tri)(_|$)/.test(r.t)) continue;
    byName.set(r.t, [...(byName.get(r.t) ?? []), r.c]);
  }
  return [...byName].map(([name, columns]) => ({ name, columns }));
}

/** Rowids per step (over all its UPDATEs), and UPDATEs per step (one batch, one round trip). */
export const SCRUB_CHUNK = 20_000;
export const STATEMENTS_PER_STEP = 24;

function scrubStatement(
  db: Db,
  table: ScrubTable,
  values: string[],
  pseudonym: string,
  lo: number,
  hi: number,
) {
  const sets = table.columns.map((c) => {
    let expr: SQL = sql.raw(quote(c));
    for (const v of values) expr = sql`replace(${expr}, ${v}, ${pseudonym})`;
    return sql`${sql.raw(quote(c))} = ${expr}`;
  });
  const hit = table.columns.flatMap((c) => values.map((v) => sql`instr(${sql.raw(quote(c))}, ${v}) > 0`));
  return db.run(
    sql`update ${sql.raw(quote(table.name))} set ${sql.join(sets, sql`, `)}
      where rowid > ${lo} and rowid <= ${hi} and (${sql.join(hit, sql` or `)})`,
  );
}

export type StepBudget = { steps: number; ms: number };
export const DEFAULT_STEP_BUDGET: StepBudget = { steps: 10, ms: 5_000 };

export type SuppressionProgress = { id: number; estado: string; pasos: number; filas: number };

/**
 * Runs the scrub of one suppression for at most `budget` steps (or until it ends); each step is one
 * batch: its chunked UPDATEs and the cursor they reached. TERMINADA forgets the erased values.
 */
export async function runSuppression(
  db: Db,
  id: number,
  now: number,
  clockNow: () => number,
  budget: StepBudget = DEFAULT_STEP_BUDGET,
): Promise<SuppressionProgress> {
  const sup = await db.select().from(privacidadSupresiones).where(eq(privacidadSupresiones.id, id)).get();
  if (!sup) throw new Error(`Supresión ${id} inexistente`);
  if (sup.estado !== STATE.EN_CURSO) return { id, estado: sup.estado, pasos: 0, filas: sup.filas };
  const values = JSON.parse(sup.valores) as string[];
  const tables = await scrubTables(db);
  let { paso, cursor } = sup;
  let pasos = 0;
  let filas = sup.filas;
  // The highest rowid of each table, once per invocation: where each table's walk ends.
  const ends = new Map<string, number>();
  if (tables.length && values.length) {
    const maxes = await db.all<{ t: string; m: number | null }>(
      sql.join(
        tables.map(
          (tb) => sql`select ${tb.name} as t, (select max(rowid) from ${sql.raw(quote(tb.name))}) as m`,
        ),
        sql` union all `,
      ),
    );
    for (const r of maxes) ends.set(r.t, Number(r.m ?? 0));
  }
  const started = clockNow();
  while (values.length && paso < tables.length && pasos < budget.steps && clockNow() - started < budget.ms) {
    const statements = [];
    let touchesHistory = false;
    // A step covers at most SCRUB_CHUNK rowids in all (many small tables, or one slice of a big one).
    let span = 0;
    while (statements.length < STATEMENTS_PER_STEP && span < SCRUB_CHUNK && paso < tables.length) {
      const table = tables[paso]!;
      const end = ends.get(table.name) ?? 0;
      if (cursor >= end) {
        paso += 1;
        cursor = 0;
        continue;
      }
      const hi = Math.min(cursor + SCRUB_CHUNK - span, end);
      span += hi - cursor;
      statements.push(scrubStatement(db, table, values, sup.seudonimo, cursor, hi));
      if (table.name === 'state_history') touchesHistory = true;
      cursor = hi;
    }
    const progress = db
      .update(privacidadSupresiones)
      .set({ paso, cursor })
      .where(eq(privacidadSupresiones.id, id))
      .returning({ id: privacidadSupresiones.id });
    const batch = touchesHistory
      ? [
          db.run(sql`insert or ignore into privacidad_depuracion (id) values (1)`),
          ...statements,
          db.run(sql`delete from privacidad_depuracion`),
          progress,
        ]
      : [...statements, progress];
    const results = await db.batch(batch as never as [typeof progress]);
    for (const r of results as unknown[]) {
      const changed = (r as { rowsAffected?: number } | undefined)?.rowsAffected;
      if (typeof changed === 'number' && !Array.isArray(r)) filas += changed;
    }
    pasos += 1;
  }
  if (!values.length || paso >= tables.length) {
    await db
      .update(privacidadSupresiones)
      .set({ estado: STATE.TERMINADA, valores: '[]', paso, cursor: 0, filas, terminadaAt: now })
      .where(eq(privacidadSupresiones.id, id));
    return { id, estado: STATE.TERMINADA, pasos, filas };
  }
  await db.update(privacidadSupresiones).set({ filas }).where(eq(privacidadSupresiones.id, id));
  return { id, estado: STATE.EN_CURSO, pasos, filas };
}

/** Suppressions still scrubbing (the daily job carries them on). */
export async function pendingSuppressions(db: Db) {
  return db
    .select({ id: privacidadSupresiones.id })
    .from(privacidadSupresiones)
    .where(eq(privacidadSupresiones.estado, STATE.EN_CURSO))
    .orderBy(asc(privacidadSupresiones.id));
}

/**
 * After the retention period: removes the books a suppression kept — receipts (files and rows),
 * purchase lines and purchases no other member's bonus row or gateway record points at, and
 * subscriptions. The pseudonymous users row and the bonus cycle rows stay: other members' totals
 * and the referral tree refer to them, and they hold no personal data. At most `limit` suppressions.
 */
export async function purgeRetained(db: Db, blobs: BlobStore, now: number, limit = 20): Promise<number> {
  const due = await db
    .select({ id: privacidadSupresiones.id, userId: privacidadSupresiones.userId })
    .from(privacidadSupresiones)
    .where(
      and(eq(privacidadSupresiones.estado, STATE.TERMINADA), lte(privacidadSupresiones.conservarHasta, now)),
    )
    .limit(limit);
  for (const s of due) {
    const mine = sql`select id from ${compras} where ${compras.userId} = ${s.userId}`;
    const receipts = await db
      .select({ k: compraAdjuntos.blobKey })
      .from(compraAdjuntos)
      .where(inArray(compraAdjuntos.compraId, sql`(${mine})`));
    for (const r of receipts) await blobs.delete(r.k);
    const free = sql`${compras.userId} = ${s.userId}
      and not exists (select 1 from ciclo_bonificacion_user_referido r where r.compra_id = ${compras.id})
      and not exists (select 1 from pasarela_transacciones p where p.compra_id = ${compras.id})
      and not exists (select 1 from ${suscripciones} x where x.compra_id = ${compras.id} and x.user_id <> ${s.userId})`;
    await db.batch([
      db.delete(compraAdjuntos).where(inArray(compraAdjuntos.compraId, sql`(${mine})`)),
      db.delete(suscripciones).where(eq(suscripciones.userId, s.userId)),
      db
        .delete(compraLineas)
        .where(inArray(compraLineas.compraId, sql`(select id from ${compras} where ${free})`)),
      db.delete(compras).where(free),
      db
        .update(privacidadSupresiones)
        .set({ estado: STATE.DEPURADA, depuradaAt: now })
        .where(eq(privacidadSupresiones.id, s.id)),
    ]);
  }
  return due.length;
}
