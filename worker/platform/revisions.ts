// Accountability (issue 22, decision 0110): every write through the API leaves an `activity` row
// (who, from where, when, what) and a `revisions` row (the record as the write left it, and the
// fields it changed). Both are statements the caller puts in the SAME `db.batch` as the change, so
// a change never lands without them and they never land without the change.
//
// How the batch stays honest without a read first:
// - `activity(...)` goes right after the change statement. In 'fail' mode its `entity_id` is NULL
//   unless the change touched exactly one row (`changes() = 1`), so a stale `version` or a missing
//   row aborts the whole batch with a NOT NULL failure that `runAudited` turns into 409 or 404.
//   In 'skip' mode (the state-change service, which checks its own result) it simply inserts
//   nothing.
// - `revision(...)` goes after every statement of the change (a role's permission rows too). It
//   reads the record as it now is into a JSON snapshot, in SQL, leaving secrets out, and keeps as
//   `delta` only the fields that differ from the record's previous revision.
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { activity, appMeta, users } from '../db/schema';
import { bogotaWall } from '../shared/bogota';
import type { Db } from './db';
import { conflict, notFound } from './errors';
import type { AppEnv } from './ports';

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

export type { Action } from '../shared/activity-actions';
import type { Action } from '../shared/activity-actions';

/**
 * Linked rows declared once per entity (decision 0250): every write of that entity, whichever
 * module makes it (a profile edit, a review's state change), snapshots them, so deltas never show
 * a list as changed merely because another path left it out.
 */
const DECLARED_LINKS = new Map<string, Record<string, LinkSet>>();
export function declareLinks(entity: string, links: Record<string, LinkSet>): void {
  DECLARED_LINKS.set(entity, links);
}
const linksOf = (a: Audited) => a.links ?? DECLARED_LINKS.get(a.entity) ?? {};

const idOf = (t: SQLiteTable) => getTableColumns(t).id as SQLiteColumn;

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
function snapshotOf(a: Audited, id: SQL): SQL {
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
 * The activity row of one write; goes right after the change statement. `id` is the record's id,
 * or 'new' when the change statement was its INSERT.
 */
/**
 * `npm run bench -- writes` only: the same write with its activity and revision left out of the
 * batch, to time what they cost in one run. Nothing else sets it.
 */
export const BENCH = { withoutRevisions: false };
const AUDIT_STATEMENTS = new WeakSet<object>();
const audit = <S extends object>(s: S): S => (AUDIT_STATEMENTS.add(s), s);

export function activityInsert(
  db: Db,
  a: Audited,
  action: Action,
  id: number | 'new' | SQL,
  actor: Actor,
  mode: 'fail' | 'skip' | 'exists' = 'fail',
) {
  // An SQL id: a subquery naming the record (a member's one profile row, found by its user).
  const rowId = id === 'new' ? sql`last_insert_rowid()` : typeof id === 'number' ? sql`${id}` : sql`(${id})`;
  // 'exists' (deletes, before the delete): the record must be there.
  const entityId =
    mode === 'fail'
      ? sql`case when changes() = 1 then ${rowId} end`
      : mode === 'exists'
        ? sql`(select t.id from ${a.table} t where t.id = ${rowId})`
        : rowId;
  return audit(
    db.run(sql`insert into ${activity} (user_id, ip, user_agent, action, entity, entity_id, at, batch_id)
    select ${actor.userId}, ${actor.ip}, ${actor.userAgent}, ${action}, ${a.entity}, ${entityId}, ${actor.at}, ${actor.batchId ?? null}
    ${mode === 'skip' ? sql`where changes() = 1` : sql``}`),
  );
}

/**
 * The revision of the write whose activity row is the latest; goes after every statement of the
 * change (or, for a delete, before it). `guarded` when the activity row may be missing ('skip').
 */
export function revisionInsert(db: Db, a: Audited, opts: { deleted?: boolean; guarded?: boolean } = {}) {
  const text = flatText(db, a, `revision|${opts.deleted ? 1 : 0}|${opts.guarded ? 1 : 0}`, () => {
    const act = sql`(select max(id) from ${activity})`;
    const entityId = sql`(select entity_id from ${activity} where id = ${act})`;
    const parent = parentOf(a, entityId);
    return sql`insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
    select x.aid, ${a.entity}, x.eid, x.snap, ${opts.deleted ? sql`null` : DELTA}, x.pid
    from (select ${act} aid, ${entityId} eid, ${snapshotOf(a, entityId)} snap, ${parent} pid,
      (select snapshot from revisions where id = ${parent}) psnap) x
    where x.snap is not null and x.eid is not null ${opts.guarded ? sql`and changes() = 1` : sql``}`;
  });
  return audit(db.run(sql.raw(text)));
}

/**
 * The audit statements' text, built once per audited table and kind (decision 0295). Their SQL
 * names every column of the record (its snapshot), and building and serializing that through
 * drizzle cost ~0.2 ms of CPU per write, more than SQLite's running of it; the text depends only
 * on the table, so it is kept with its few constant values (column names, the entity key) written
 * into it as literals. A record id, where one is needed, is put in by `withId`.
 */
const FLAT = new WeakMap<Audited, Map<string, string>>();
const ID_MARK = '__audited_id__';
function flatText(db: Db, a: Audited, kind: string, build: () => SQL): string {
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
const withId = (text: string, id: number) => {
  if (!Number.isSafeInteger(id)) throw new Error(`revisions: bad record id ${id}`);
  return text.replaceAll(ID_MARK, String(id));
};

/** The record's latest revision (its parent), by the revisions' (entity, entity_id, id) index. */
const parentOf = (a: Audited, entityId: SQL) =>
  sql`(select r.id from revisions r where r.entity = ${a.entity} and r.entity_id = ${entityId} order by r.id desc limit 1)`;

/** The fields of `x.snap` that differ from the parent's snapshot `x.psnap` (all of them without one). */
const DELTA = sql`(select json_group_object(n.key, case when n.type in ('array', 'object') then json(n.value) else n.value end) from json_each(x.snap) n
  where x.psnap is null or not exists (select 1 from json_each(x.psnap) o where o.key = n.key and o.value is n.value and o.type = n.type))`;

/**
 * The revisions of many records changed by one set-based statement (a payout batch marked paid,
 * decision 0281): one per activity row of `a.entity` in `batchId` whose id is above `after` (the
 * rows this batch just inserted, a range of the activity's primary key), each with its record's
 * snapshot and its delta against that record's own previous revision. One statement, whatever the
 * number of records; goes after the activity rows, in the same batch.
 */
export function revisionsInsert(db: Db, a: Audited, batchId: string, after: SQL) {
  const eid = sql`act.entity_id`;
  const parent = parentOf(a, eid);
  // Materialized: each row's snapshot and parent are computed once, not once per reference (the
  // delta reads both twice), which a flattened subquery would repeat for every record. A record
  // without a parent has its whole snapshot as delta (what DELTA gives, without taking it apart):
  // most rows of a payout batch, and DELTA is two thirds of the statement's cost.
  return audit(
    db.run(sql`with x as materialized (
      select act.id aid, ${eid} eid, ${snapshotOf(a, eid)} snap, ${parent} pid,
        (select snapshot from revisions where id = ${parent}) psnap
      from ${activity} act
      where act.id > ${after} and act.entity = ${a.entity} and act.batch_id = ${batchId})
    insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
    select x.aid, ${a.entity}, x.eid, x.snap, case when x.psnap is null then x.snap else ${DELTA} end, x.pid
    from x where x.snap is not null`),
  );
}

/**
 * A write that is not one record's edit (an import of many rows, a settlement's start): one
 * activity row naming the table (`entityId` 0 for the whole table) and a revision whose snapshot
 * and delta are what the write reports (file, counts), with no parent (decision 0252). Goes in
 * the write's batch, after its statements.
 */
export function eventInsert(
  db: Db,
  entity: string,
  entityId: number | SQL,
  action: Action,
  actor: Actor,
  payload: Record<string, unknown>,
) {
  const eid = typeof entityId === 'number' ? sql`${entityId}` : sql`(${entityId})`;
  const body = JSON.stringify(payload);
  const statements: [ReturnType<Db['run']>, ReturnType<Db['run']>] = [
    audit(
      db.run(sql`insert into ${activity} (user_id, ip, user_agent, action, entity, entity_id, at, batch_id)
      values (${actor.userId}, ${actor.ip}, ${actor.userAgent}, ${action}, ${entity}, ${eid}, ${actor.at}, ${actor.batchId ?? null})`),
    ),
    audit(
      db.run(sql`insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
      select id, entity, entity_id, json(${body}), json(${body}), null from ${activity} where id = (select max(id) from ${activity})`),
    ),
  ];
  return statements;
}

/**
 * After a statement on a record's linked rows (an image added or removed): the record's own row
 * moves its version and time only if that statement changed something, and the activity row and
 * revision follow it; when it changed nothing, none of the three is written (decision 0250).
 */
export function linkedWriteAudit(db: Db, a: Audited, id: number, actor: Actor, action: Action = 'editar') {
  const cols = getTableColumns(a.table);
  const sets = [
    ...(cols.updatedAt
      ? [sql`${sql.identifier(sqlName(cols.updatedAt as SQLiteColumn))} = ${actor.at}`]
      : []),
    ...(hasVersion(a.table) ? [sql`version = version + 1`] : []),
  ];
  return [
    db.run(
      sql`update ${a.table} set ${sql.join(sets, sql`, `)} where ${idOf(a.table)} = ${id} and changes() > 0`,
    ),
    activityInsert(db, a, action, id, actor, 'skip'),
    revisionInsert(db, a, { guarded: true }),
  ];
}

/**
 * The id of the record the latest activity row names: inside an audited batch, after its
 * activity row, the id of a record just created (for its linked rows).
 */
export const currentEntityId = sql`(select entity_id from ${activity} where id = (select max(id) from ${activity}))`;

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

const isGuardFailure = (err: unknown) => {
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
  return audit(db.run(sql.raw(withId(text, id))));
}

/**
 * Runs an audited batch: a write to an existing record first keeps its baseline (above). When the
 * change touched no row, the activity row's guard aborted the batch: the record is gone (404) or
 * another write came first (409 naming who and when).
 */
export async function runAudited<T extends unknown[]>(
  db: Db,
  a: Audited,
  id: number | 'new',
  statements: Parameters<Db['batch']>[0],
): Promise<T> {
  try {
    if (BENCH.withoutRevisions)
      return (await db.batch(
        statements.filter((s) => !AUDIT_STATEMENTS.has(s)) as unknown as typeof statements,
      )) as unknown as T;
    if (id === 'new') return (await db.batch(statements)) as unknown as T;
    const results = await db.batch([baselineStatement(db, a, id), ...statements]);
    return results.slice(1) as unknown as T;
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    if (id === 'new') throw err;
    throw await staleWrite(db, a, id);
  }
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
 * Retention (issue 22): how many days activity and revisions are kept, a setting stored in
 * `app_meta` under this key (whole days; absent: ten years).
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
