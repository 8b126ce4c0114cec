// The audited write (decision 0310): one call takes a write and what it is (which record, which
// action, by whom, its linked rows, its history row) and puts the change, its activity row, its
// revision and its history row in ONE batch, in a fixed order, on both runtimes (a libSQL batch is
// one transaction on Node and on the Worker). The activity row carries a key drawn before the batch
// (`write_key`); the revision and the history row name their activity row by that key, so no
// statement depends on which row some other statement of the batch inserted last.
//
// What each statement checks (decision 0110):
// - The activity row goes right after the change. With `guard: 'one'` (the default) its
//   `entity_id` is NULL unless the change touched exactly one row, so a stale `version` or a
//   missing record aborts the batch with a NOT NULL failure that `runAudited` turns into 409 or
//   404. With 'changed' (a state change read before, which checks its own result) nothing is
//   written when the change touched no row. With 'delete' it goes before the delete and requires
//   the record to be there; its revision keeps the record as it was, with no delta.
// - The revision goes after every statement of the write (a role's permission rows too), reads
//   the record as it now is and keeps as delta the fields that differ from its previous revision.
// - The history row (state changes) goes after the revision, written only with the activity row.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { activity, stateHistory } from '../../db/schema';
import type { Action } from '../../shared/activity-actions';
import type { Db } from '../db';
import {
  baselineStatement,
  DELTA,
  flatText,
  hasVersion,
  idOf,
  isGuardFailure,
  parentOf,
  snapshotOf,
  sqlName,
  staleWrite,
  versionBump,
  type Actor,
  type Audited,
} from './revisions';

export type Statement = BatchItem<'sqlite'>;

/** A state change's history row (SECURITY row 15): its record is the write's. */
export type HistoryRow = {
  /** The history's entity name ('validacion_identidad', 'usuario_roles', …). */
  entity: string;
  from: string | null;
  to: string;
  comentario?: string | null;
  /** The bulk action (lotes.id) the change belongs to. */
  lote?: string | null;
  /** Who the history names, when not the actor (rare: a change on a member's behalf). */
  userId?: number | null;
  /** Its time, when not the actor's. */
  at?: number;
};

type Common = {
  actor: Actor;
  action: Action;
  /** Statements of the write ahead of its change (a linked row the change then follows). */
  before?: Statement[];
  /** Statements after the audit rows (a notification), outside the record's snapshot. */
  then?: Statement[];
};

/** One record written: created, edited, its state changed, or deleted. */
export type RecordWrite = Common & {
  audited: Audited;
  /** The record's id; 'new' when `write` is its INSERT; an SQL query naming it otherwise. */
  id: number | 'new' | SQL;
  /** The change: the one statement whose row count the guard reads. */
  write: Statement;
  /** 'one' (default): exactly one row or the batch aborts; 'changed': audited only if it changed a row; 'delete'. */
  guard?: 'one' | 'changed' | 'delete';
  /** The record's linked rows (a role's permissions), written after its change; given its id. */
  linked?: Statement[] | ((id: SQL) => Statement[]);
  /** Its history rows (most writes: one, a state change's), in this order. */
  history?: HistoryRow | HistoryRow[];
  /**
   * Whether an existing record first keeps its baseline (decision 0295); on for a record named by
   * its id, unless the path never kept one.
   */
  baseline?: boolean;
};

/** A write that is not one record's edit (an import, a settlement's start, decision 0252). */
export type EventWrite = Common & {
  entity: string;
  /** 0 for the whole table; an SQL query naming the record otherwise. */
  id: number | SQL;
  /** What the write reports (file, counts): the revision's snapshot and delta, with no parent. */
  event: Record<string, unknown>;
};

/**
 * Many records changed by set-based statements (`before`), one activity row and revision each (a
 * payout batch marked paid, decision 0281): `records` selects their ids (one column, `id`).
 */
export type ManyWrite = Common & { audited: Audited; records: SQL };

export type AuditedWrite = RecordWrite | EventWrite | ManyWrite;

/** A write's statements in batch order, and where its own ones (not the audit rows) sit. */
export type AuditedBatch = {
  statements: [Statement, ...Statement[]];
  /** Positions of the caller's statements (before, write, linked, then), in that order. */
  own: number[];
  /** Position of the (first) history row, when there is one. */
  historyAt?: number;
};

/** The key of one write's activity row (a UUID): inlined in SQL, so checked. */
function drawKey(): string {
  const key = crypto.randomUUID();
  if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('audit: bad write key');
  return key;
}
const KEY_MARK = '__audited_key__';
const withKey = (text: string, key: string) => text.replaceAll(KEY_MARK, key);

const literal = (id: number | SQL) => (typeof id === 'number' ? sql`${id}` : sql`(${id})`);

/** The record's id inside the batch, after its activity row: by the write's key. */
const idByKey = (key: string) => sql`(select entity_id from ${activity} where write_key = ${key})`;

function activityRow(db: Db, w: RecordWrite, key: string): Statement {
  const guard = w.guard ?? 'one';
  const rowId = w.id === 'new' ? sql`last_insert_rowid()` : literal(w.id);
  const entityId =
    guard === 'one'
      ? sql`case when changes() = 1 then ${rowId} end`
      : guard === 'delete'
        ? sql`(select t.id from ${w.audited.table} t where t.id = ${rowId})`
        : rowId;
  const a = w.actor;
  return db.run(sql`insert into ${activity} (user_id, ip, user_agent, action, entity, entity_id, at, batch_id, write_key)
    select ${a.userId}, ${a.ip}, ${a.userAgent}, ${w.action}, ${w.audited.entity}, ${entityId}, ${a.at}, ${a.batchId ?? null}, ${key}
    ${guard === 'changed' ? sql`where changes() = 1` : sql``}`);
}

/**
 * The revision of the write keyed `key`: the record as it now is, its delta against its previous
 * revision (none for a delete). Its text is built once per audited table (decision 0295).
 */
function revisionRow(db: Db, a: Audited, key: string, deleted: boolean): Statement {
  const text = flatText(db, a, `write|${deleted ? 1 : 0}`, () => {
    const eid = sql`act.entity_id`;
    const parent = parentOf(a, eid);
    return sql`insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
    select x.aid, ${a.entity}, x.eid, x.snap, ${deleted ? sql`null` : DELTA}, x.pid
    from (select act.id aid, ${eid} eid, ${snapshotOf(a, eid)} snap, ${parent} pid,
      (select snapshot from revisions where id = ${parent}) psnap
      from ${activity} act where act.write_key = ${sql.raw(`'${KEY_MARK}'`)}) x
    where x.snap is not null`;
  });
  return db.run(sql.raw(withKey(text, key)));
}

function historyRow(db: Db, h: HistoryRow, actor: Actor, key: string): Statement {
  return db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at, lote)
    select ${h.entity}, act.entity_id, ${h.from}, ${h.to}, ${h.comentario ?? null}, ${h.userId === undefined ? actor.userId : h.userId}, ${h.at ?? actor.at}, ${h.lote ?? null}
    from ${activity} act where act.write_key = ${key}`);
}

/** Appends one of the caller's statements, noting its position. */
function mine(out: Statement[], own: number[], s: Statement) {
  own.push(out.length);
  out.push(s);
}

function recordStatements(db: Db, w: RecordWrite): AuditedBatch {
  const key = drawKey();
  const guard = w.guard ?? 'one';
  const out: Statement[] = [];
  const own: number[] = [];
  const put = (s: Statement) => mine(out, own, s);
  if (typeof w.id === 'number' && w.baseline !== false) out.push(baselineStatement(db, w.audited, w.id));
  for (const s of w.before ?? []) put(s);
  const linked = () => {
    const id = typeof w.id === 'number' ? sql`${w.id}` : idByKey(key);
    for (const s of typeof w.linked === 'function' ? w.linked(id) : (w.linked ?? [])) put(s);
  };
  if (guard === 'delete') {
    out.push(activityRow(db, w, key), revisionRow(db, w.audited, key, true));
    put(w.write);
    linked();
  } else {
    put(w.write);
    out.push(activityRow(db, w, key));
    linked();
    out.push(revisionRow(db, w.audited, key, false));
  }
  const history = w.history === undefined ? [] : Array.isArray(w.history) ? w.history : [w.history];
  const historyAt = history.length ? out.length : undefined;
  for (const h of history) out.push(historyRow(db, h, w.actor, key));
  for (const s of w.then ?? []) put(s);
  return { statements: out as AuditedBatch['statements'], own, historyAt };
}

function eventStatements(db: Db, w: EventWrite): AuditedBatch {
  const key = drawKey();
  const a = w.actor;
  const body = JSON.stringify(w.event);
  const out: Statement[] = [];
  const own: number[] = [];
  for (const s of w.before ?? []) mine(out, own, s);
  out.push(
    db.run(sql`insert into ${activity} (user_id, ip, user_agent, action, entity, entity_id, at, batch_id, write_key)
      values (${a.userId}, ${a.ip}, ${a.userAgent}, ${w.action}, ${w.entity}, ${literal(w.id)}, ${a.at}, ${a.batchId ?? null}, ${key})`),
    db.run(sql`insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
      select id, entity, entity_id, json(${body}), json(${body}), null from ${activity} where write_key = ${key}`),
  );
  for (const s of w.then ?? []) mine(out, own, s);
  return { statements: out as AuditedBatch['statements'], own };
}

function manyStatements(db: Db, w: ManyWrite): AuditedBatch {
  const key = drawKey();
  const a = w.actor;
  const e = w.audited.entity;
  // Each record's activity row is keyed `key:id`, so the range below is exactly this write's rows.
  const [from, to] = [`${key}:`, `${key};`];
  const eid = sql`act.entity_id`;
  const parent = parentOf(w.audited, eid);
  const out: Statement[] = [];
  const own: number[] = [];
  for (const s of w.before ?? []) mine(out, own, s);
  out.push(
    db.run(sql`insert into ${activity} (user_id, ip, user_agent, action, entity, entity_id, at, batch_id, write_key)
      select ${a.userId}, ${a.ip}, ${a.userAgent}, ${w.action}, ${e}, r.id, ${a.at}, ${a.batchId ?? null}, ${from} || r.id
      from (${w.records}) r`),
    // Materialized: each row's snapshot and parent are computed once, not once per reference (the
    // delta reads both twice). A record without a parent has its whole snapshot as delta (what
    // DELTA gives, without taking it apart): most rows of a payout batch.
    db.run(sql`with x as materialized (
      select act.id aid, ${eid} eid, ${snapshotOf(w.audited, eid)} snap, ${parent} pid,
        (select snapshot from revisions where id = ${parent}) psnap
      from ${activity} act where act.write_key > ${from} and act.write_key < ${to})
    insert into revisions (activity_id, entity, entity_id, snapshot, delta, parent_id)
    select x.aid, ${e}, x.eid, x.snap, case when x.psnap is null then x.snap else ${DELTA} end, x.pid
    from x where x.snap is not null`),
  );
  for (const s of w.then ?? []) mine(out, own, s);
  return { statements: out as AuditedBatch['statements'], own };
}

/**
 * The statements of one audited write, for a caller whose batch carries more than audited writes
 * (a bulk action's rows, an import, a checkout): `runAudited` is this plus the batch and its 409.
 */
export function auditedStatements(db: Db, w: AuditedWrite): AuditedBatch {
  if ('event' in w) return eventStatements(db, w);
  if ('records' in w) return manyStatements(db, w);
  return recordStatements(db, w);
}

/**
 * Runs one or more audited writes in one batch. Returns the results of the writes' own statements
 * (before, write, linked, then; write after write), without the audit rows. When a guarded change
 * touched no row the batch aborted: the record is gone (404) or another write came first (409
 * naming who and when).
 */
export async function runAudited<T extends unknown[] = unknown[]>(
  db: Db,
  writes: AuditedWrite | readonly AuditedWrite[],
): Promise<T> {
  const list = Array.isArray(writes) ? (writes as readonly AuditedWrite[]) : [writes as AuditedWrite];
  const parts = list.map((w) => auditedStatements(db, w));
  const statements = parts.flatMap((p) => p.statements) as AuditedBatch['statements'];
  try {
    const results = await db.batch(statements);
    let offset = 0;
    const own: unknown[] = [];
    for (const p of parts) {
      for (const i of p.own) own.push(results[offset + i]);
      offset += p.statements.length;
    }
    return own as T;
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const guarded = list.find(
      (w): w is RecordWrite =>
        'write' in w && typeof w.id === 'number' && (w as RecordWrite).guard !== 'changed',
    );
    if (!guarded) throw err;
    throw await staleWrite(db, guarded.audited, guarded.id as number);
  }
}

/**
 * A write of a record's linked rows (`change`: an image added or removed) audited as an edit of the
 * record: its own row moves its version and time only if `change` changed something, and the
 * activity row and revision follow it; when it changed nothing, none of the three is written
 * (decision 0250).
 */
export function linkedWrite(
  db: Db,
  a: Audited,
  id: number,
  actor: Actor,
  change: Statement[],
  action: Action = 'editar',
): RecordWrite {
  const cols = getTableColumns(a.table);
  const sets = [
    ...(cols.updatedAt
      ? [sql`${sql.identifier(sqlName(cols.updatedAt as SQLiteColumn))} = ${actor.at}`]
      : []),
    ...(hasVersion(a.table) ? [sql`version = version + 1`] : []),
  ];
  return {
    audited: a,
    id,
    action,
    actor,
    before: change,
    write: db.run(
      sql`update ${a.table} set ${sql.join(sets, sql`, `)} where ${idOf(a.table)} = ${id} and changes() > 0`,
    ),
    guard: 'changed',
  };
}

/**
 * Activating or deactivating one record read before as `from` (a user, a role, a lookup row), one
 * audited write (decision 0310): the update, its activity row, revision and ACTIVO / INACTIVO
 * history entry, each written only if the update changed the row (no entry for a lost race). A bulk
 * action's actor carries its batch id, which the history entry carries too.
 */
export function activationWrite(
  db: Db,
  w: { audited: Audited; entity: string; id: number; from: boolean; value: boolean; actor: Actor },
): RecordWrite {
  const t = w.audited.table;
  const activo = getTableColumns(t).activo as SQLiteColumn;
  return {
    audited: w.audited,
    id: w.id,
    action: w.value ? 'activar' : 'desactivar',
    actor: w.actor,
    guard: 'changed',
    write: db
      .update(t)
      .set({ activo: w.value, updatedAt: w.actor.at, ...versionBump(t) } as never)
      .where(and(eq(idOf(t), w.id), eq(activo, w.from))),
    history: {
      entity: w.entity,
      from: w.from ? 'ACTIVO' : 'INACTIVO',
      to: w.value ? 'ACTIVO' : 'INACTIVO',
      lote: w.actor.batchId ?? null,
    },
  };
}
