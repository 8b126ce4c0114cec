// Accountability (decision 0110): every write through the API leaves an `activity` row (who, from
// where, when, what) and a `revisions` row (the record as the write left it, and the fields it
// changed). This file holds what those rows are made of: the snapshot of a record, read in SQL
// with secrets left out, its delta against the record's previous revision, the baseline kept
// before a record's first audited write, and the 409 a stale write gets. The statements
// themselves are put in the write's batch by one call, `runAudited` (./write.ts, decision 0310).
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { activity, appMeta, users } from '../../db/schema';
import { bogotaWall } from '../../shared/bogota';
import type { Db } from '../db';
import { conflict, notFound } from '../errors';
import type { AppEnv } from '../ports';

/** Columns that never enter a snapshot, whatever table they are in: declared once. */
export const SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'password_hash',
  'secret',
  'pending_secret',
  'code_hash',
  'token_hash',
  'recovery_codes',
]);

/** Columns a restore never writes (bookkeeping, not content). */
export const BOOKKEEPING_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'created_at',
  'updated_at',
  'version',
]);

/** Who wrote, from where, when. */
export type Actor = {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  at: number;
  batchId?: string | null;
};

/** The signed-in caller of this request, at the clock's time. */
export function actorOf(c: Context<AppEnv>, at: number = c.var.clock.now()): Actor {
  let ip: string | null = null;
  try {
    ip = c.var.clientIp(c).slice(0, 64);
  } catch {
    ip = null;
  }
  return {
    userId: c.var.user?.id ?? null,
    ip,
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 300) || null,
    at,
  };
}

/**
 * Rows of other tables that belong to the record and travel in its snapshot (a role's permission
 * codes): a JSON array from a subquery correlated to the record's row, aliased `t`.
 */
export type LinkSet = SQL;

/** A table whose writes are audited: its entity key (the registry key, 'users', 'roles', …). */
export type Audited = {
  entity: string;
  table: SQLiteTable;
  /** Extra snapshot fields, each an id list of linked rows. */
  links?: Record<string, LinkSet>;
};

export type { Action } from '../../shared/activity-actions';

/**
 * Linked rows declared once per entity (decision 0250): every write of that entity, whichever
 * module makes it (a profile edit, a review's state change), snapshots them, so deltas never show
 * a list as changed merely because another path left it out.
 */
const DECLARED_LINKS = new Map<string, Record<string, LinkSet>>();
export function declareLinks(entity: string, links: Record<string, LinkSet>): void {
  DECLARED_LINKS.set(entity, links);
}
export const linksOf = (a: Audited) => a.links ?? DECLARED_LINKS.get(a.entity) ?? {};

export const idOf = (t: SQLiteTable) => getTableColumns(t).id as SQLiteColumn;

/** A column's name in SQL (the schema is written in camelCase, the database in snake_case). */
export const sqlName = (c: SQLiteColumn): string => (c.keyAsName ? toSnakeCase(c.name) : c.name);

/** A stored Spanish sort key (`{field}_orden`, decision 0150): derived from its name column, not content. */
const isSortKey = (name: string) => name.endsWith('_orden');

/** The columns a snapshot keeps, by SQL name: no secrets, no derived sort keys. */
export function snapshotColumns(t: SQLiteTable): [string, SQLiteColumn][] {
  return Object.values(getTableColumns(t))
    .map((c) => [sqlName(c as SQLiteColumn), c as SQLiteColumn] as [string, SQLiteColumn])
    .filter(([name]) => !SECRET_COLUMNS.has(name) && !isSortKey(name));
}

/** `json_object(...)` of a table's row (aliased `t`), in chunks so no call passes SQLite's argument limit. */
export function snapshotOf(a: Audited, id: SQL): SQL {
  const name = getTableName(a.table);
  const parts: SQL[] = snapshotColumns(a.table).map(([col]) => sql`${col}, t.${sql.identifier(col)}`);
  for (const [field, link] of Object.entries(linksOf(a))) parts.push(sql`${field}, json(${link})`);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i += 40)
    chunks.push(sql`json_object(${sql.join(parts.slice(i, i + 40), sql`, `)})`);
  const object = chunks.length === 1 ? chunks[0]! : sql`json_patch(${sql.join(chunks, sql`, `)})`;
  return sql`(select ${object} from ${sql.identifier(name)} t where t.id = ${id})`;
}

/**
 * The audit statements' text, built once per audited table and kind (decision 0295). Their SQL
 * names every column of the record (its snapshot), and building and serializing that through
 * drizzle cost ~0.2 ms of CPU per write, more than SQLite's running of it; the text depends only
 * on the table, so it is kept with its few constant values (column names, the entity key) written
 * into it as literals. A record id, where one is needed, is put in by `withId`.
 */
const FLAT = new WeakMap<Audited, Map<string, string>>();
export const ID_MARK = '__audited_id__';
export function flatText(db: Db, a: Audited, kind: string, build: () => SQL): string {
  let byKind = FLAT.get(a);
  if (!byKind) FLAT.set(a, (byKind = new Map()));
  let text = byKind.get(kind);
  if (text === undefined) {
    const query = (
      db.run(build()) as unknown as { getQuery(): { sql: string; params: unknown[] } }
    ).getQuery();
    text = inlineParams(query.sql, query.params);
    byKind.set(kind, text);
  }
  return text;
}
/** `sql` with each `?` replaced by its value as a literal (numbers, strings, null only). */
function inlineParams(text: string, params: unknown[]): string {
  let i = 0;
  const out = text.replace(/\?/g, () => {
    const p = params[i++];
    if (typeof p === 'number' && Number.isFinite(p)) return String(p);
    if (typeof p === 'string') return `'${p.replaceAll("'", "''")}'`;
    if (p === null) return 'null';
    throw new Error(`revisions: cannot write ${typeof p} into an audit statement`);
  });
  if (i !== params.length) throw new Error('revisions: audit statement parameters do not match');
  return out;
}
export const withId = (text: string, id: number) => {
  if (!Number.isSafeInteger(id)) throw new Error(`revisions: bad record id ${id}`);
  return text.replaceAll(ID_MARK, String(id));
};

/** The record's latest revision (its parent), by the revisions' (entity, entity_id, id) index. */
export const parentOf = (a: Audited, entityId: SQL) =>
  sql`(select r.id from revisions r where r.entity = ${a.entity} and r.entity_id = ${entityId} order by r.id desc limit 1)`;

/** The fields of `x.snap` that differ from the parent's snapshot `x.psnap` (all of them without one). */
export const DELTA = sql`(select json_group_object(n.key, case when n.type in ('array', 'object') then json(n.value) else n.value end) from json_each(x.snap) n
  where x.psnap is null or not exists (select 1 from json_each(x.psnap) o where o.key = n.key and o.value is n.value and o.type = n.type))`;

/** `version = version + 1`, for the SET of an audited update. */
export const bumpVersion = sql`version + 1`;

/** Whether a table keeps an edit counter (`version` integer; the terms' `version` is their label). */
export function hasVersion(t: SQLiteTable): boolean {
  const col = getTableColumns(t).version;
  return !!col && col.dataType === 'number';
}

/** `{ version: version + 1 }` for a table that keeps one. */
export const versionBump = (t: SQLiteTable): { version?: SQL } =>
  hasVersion(t) ? { version: bumpVersion } : {};

/** The WHERE of a version-checked update: `WHERE id = ? AND version = ?` when the client sent one. */
export function versionWhere(a: Audited, id: number, version: number | undefined | null): SQL {
  return version == null || !hasVersion(a.table)
    ? sql`${idOf(a.table)} = ${id}`
    : sql`${idOf(a.table)} = ${id} and version = ${version}`;
}

export const isGuardFailure = (err: unknown) => {
  const text = `${(err as { message?: string })?.message ?? ''} ${(err as { cause?: { message?: string } })?.cause?.message ?? ''}`;
  return text.includes('NOT NULL constraint failed: activity.entity_id');
};

/**
 * The record as it stands before a write, kept as a revision of no activity (`activity_id` 0, which
 * no history lists) when its latest revision does not show it so: a row seeded or imported before
 * it had a history, or changed by a path that keeps none. The write's own revision then diffs
 * against what was really there, so its first edit lists only the fields it changed, each with its
 * value before (decision 0295). Nothing is written when the latest revision already matches.
 */
export function baselineStatement(db: Db, a: Audited, id: number) {
  const text = flatText(db, a, 'baseline', () => {
    const mark = sql.raw(ID_MARK);
    const latest = sql`(select r.snapshot from revisions r where r.entity = ${a.entity} and r.entity_id = ${mark} order by r.id desc limit 1)`;
    const row = (column: string) =>
      sql`(select ${sql.identifier(column)} from ${a.table} where ${idOf(a.table)} = ${mark})`;
    // Whether the latest revision still shows the record: its version and its last update time
    // (every write sets one or the other, even those that leave the version alone, such as a
    // user's e-mail verification), or the whole snapshot for a table that has neither. The
    // snapshot itself is built only when a baseline is kept.
    const kept = ['version', 'updated_at'].filter((c) => snapshotColumns(a.table).some(([n]) => n === c));
    const stale = kept.length
      ? sql.join(
          kept.map((c) => sql`${row(c)} is not json_extract(${latest}, ${`$.${c}`})`),
          sql` or `,
        )
      : sql`${snapshotOf(a, mark)} is not ${latest}`;
    return sql`insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
    select 0, ${a.entity}, ${mark}, ${snapshotOf(a, mark)}, null, null
    where exists (select 1 from ${a.table} where ${idOf(a.table)} = ${mark}) and (${stale})`;
  });
  return db.run(sql.raw(withId(text, id)));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `25/11/2026 10:32` in America/Bogota. */
export function shortDateTime(ms: number): string {
  const d = bogotaWall(ms);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export const staleMessage = (who: string, at: number) =>
  `El registro fue modificado por ${who} el ${shortDateTime(at)}. Recarga o compara antes de guardar.`;
export const STALE_UNKNOWN =
  'El registro fue modificado por otra persona. Recarga o compara antes de guardar.';

/** 404 when the record is gone; else 409 naming the author of its latest write. */
export async function staleWrite(db: Db, a: Audited, id: number) {
  const exists = await db.run(sql`select 1 from ${a.table} where ${idOf(a.table)} = ${id}`);
  if (!exists.rows.length) return notFound();
  const last = await db.all<{
    nombres: string | null;
    apellidos: string | null;
    email: string | null;
    at: number;
  }>(
    sql`select u.nombres, u.apellidos, u.email, a.at from ${activity} a left join ${users} u on u.id = a.user_id
      where a.entity = ${a.entity} and a.entity_id = ${id} order by a.id desc limit 1`,
  );
  const row = last[0];
  if (!row) return conflict(STALE_UNKNOWN);
  const name = `${row.nombres ?? ''} ${row.apellidos ?? ''}`.trim() || row.email || 'otra persona';
  return conflict(staleMessage(name, row.at));
}

/** Reads the `version` a client sent with an edit (absent: the edit is not checked). */
export function versionOf(body: unknown): number | undefined {
  const v = (body as { version?: unknown } | null)?.version;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}

/**
 * Retention (the «Retención de datos» job, docs/operations.md): how many days activity and
 * revisions are kept, a setting stored in `app_meta` under this key (whole days; absent: ten
 * years).
 */
export const RETENTION_KEY = 'actividad_retencion_dias';
export const DEFAULT_RETENTION_DAYS = 3650;

export async function retentionDays(db: Db): Promise<number> {
  const row = await db
    .select()
    .from(appMeta)
    .where(sql`${appMeta.key} = ${RETENTION_KEY}`)
    .get();
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * Deletes activity rows older than the retention, with their revisions, at most `limit` per call
 * (a bounded step of the daily cron). Returns how many activity rows went.
 */
export async function pruneActivity(db: Db, now: number, limit = 20_000): Promise<number> {
  const cutoff = now - (await retentionDays(db)) * 86_400_000;
  const oldest = sql`(select id from ${activity} where at < ${cutoff} order by at limit ${limit})`;
  const [, , gone] = await db.batch([
    // A baseline (decision 0295) goes with the first edit that diffed against it.
    db.run(
      sql`delete from revisions where activity_id = 0 and id in (select parent_id from revisions where activity_id in ${oldest})`,
    ),
    db.run(sql`delete from revisions where activity_id in ${oldest}`),
    db.run(sql`delete from ${activity} where id in ${oldest}`),
  ]);
  return gone.rowsAffected;
}
