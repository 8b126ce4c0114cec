// One state-change service (spec §4, SECURITY row 15): checks the workflow table, then writes
// the change, its history row and the member's notification in one batch. The update is
// conditional on the state read, so two concurrent changes cannot both win.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { notificaciones } from '../db/schema';
import {
  canTransition,
  stateLabel,
  transitionRefused,
  type State,
  type Transitions,
} from '../shared/workflow';
import type { Db } from './db';
import type { AppEnv } from './ports';
import { conflict, notFound } from './errors';
import { actorOf, auditedStatements, versionBump, type Actor, type Audited } from './audit';
import type { Context } from 'hono';

export type StateChange = {
  /** History entity name, e.g. 'validacion_identidad'. */
  entity: string;
  table: SQLiteTable;
  idColumn: SQLiteColumn;
  stateColumn: SQLiteColumn;
  id: number;
  to: State;
  comentario?: string | null;
  actorId: number | null;
  at: number;
  transitions?: Transitions;
  /** A caller-supplied list of allowed targets replaces the table (spec §4). */
  allowed?: readonly State[];
  /** Extra columns set with the change (e.g. a comment column, a paid date). */
  set?: Record<string, unknown>;
  /** Extra condition (ownership or scope); a row outside it is a 404. */
  scope?: SQL;
  /** The member told about it, with the notification's title and text. */
  notify?: { userId: number; titulo: string; mensaje?: string };
  /** Who asked, from where (decision 0110); the activity row names `actorId` alone otherwise. */
  actor?: Actor;
  /** The bulk action (lotes.id) this change belongs to; its history entry carries it. */
  lote?: string | null;
  /**
   * Statements of the same transaction after the change's own (e.g. the invoice of a payment,
   * decision 0430); each guards itself on the row's new state.
   */
  also?: BatchItem<'sqlite'>[];
};

/** Whether the workflow (or the caller's list) lets a row in `from` go to `c.to`. */
export function mayChange(c: Pick<StateChange, 'to' | 'transitions' | 'allowed'>, from: string | null) {
  return c.allowed ? c.allowed.includes(c.to) && from !== c.to : canTransition(from, c.to, c.transitions);
}

/** One Audited per entity and table, so its audit statements' text is built once (decision 0295). */
const AUDITED_STATES = new Map<string, Map<SQLiteTable, Audited>>();
function auditedState(entity: string, table: SQLiteTable): Audited {
  let byTable = AUDITED_STATES.get(entity);
  if (!byTable) AUDITED_STATES.set(entity, (byTable = new Map()));
  let a = byTable.get(table);
  if (!a) byTable.set(table, (a = { entity, table }));
  return a;
}

/**
 * Where the history insert sits among a change's statements (after the baseline, the update, its
 * activity row and its revision: decision 0310).
 */
export const HISTORY_AT = 4;

/**
 * The statements of one change from a state read before, one audited write (decision 0310): the
 * record's baseline when its latest revision does not show it (a row written by a path that keeps
 * no history, such as the settlement's member rows), so the change's own revision lists only what
 * it changed with its value before; the update conditional on that state; then its activity row,
 * revision and history entry, and the notification, each written only if the update changed the
 * row. The history insert is at HISTORY_AT.
 */
export function stateChangeStatements(db: Db, c: StateChange, from: string | null): BatchItem<'sqlite'>[] {
  const stateKey = Object.entries(c.table).find(([, col]) => col === c.stateColumn)?.[0] as string;
  const audited = auditedState(c.entity, c.table);
  const actor: Actor = {
    ...(c.actor ?? { userId: c.actorId, ip: null, userAgent: null, at: c.at }),
    ...(c.lote ? { batchId: c.lote } : {}),
  };
  const { statements } = auditedStatements(db, {
    audited,
    id: c.id,
    action: 'estado',
    actor,
    guard: 'changed',
    write: db
      .update(c.table)
      .set({ [stateKey]: c.to, ...(c.set ?? {}), ...versionBump(c.table) })
      .where(
        and(eq(c.idColumn, c.id), from === null ? sql`${c.stateColumn} is null` : eq(c.stateColumn, from)),
      ),
    history: {
      entity: c.entity,
      from,
      to: c.to,
      comentario: c.comentario,
      lote: c.lote,
      userId: c.actorId,
      at: c.at,
    },
    then: [
      // The member's notification, after the history row, only if that was written.
      ...(c.notify
        ? [
            db.run(sql`insert into ${notificaciones} (user_id, titulo, mensaje, entity, entity_id, created_at)
            select ${c.notify.userId}, ${c.notify.titulo}, ${c.notify.mensaje ?? `Nuevo estado: ${stateLabel(c.to)}${c.comentario ? `. Comentario: ${c.comentario}` : ''}`}, ${c.entity}, ${c.id}, ${c.at}
            where changes() = 1`),
          ]
        : []),
      ...(c.also ?? []),
    ],
  });
  return statements;
}

export async function changeState(db: Db, c: StateChange): Promise<{ from: string | null; to: State }> {
  const row = (await db
    .select({ state: c.stateColumn })
    .from(c.table)
    .where(and(eq(c.idColumn, c.id), c.scope))
    .get()) as { state: string | null } | undefined;
  if (!row) throw notFound();
  const from = row.state;
  if (!mayChange(c, from)) throw conflict(transitionRefused(from, c.to));
  const [first, ...rest] = stateChangeStatements(db, c, from);
  const results = await db.batch([first!, ...rest]);
  if ((results[HISTORY_AT] as { rowsAffected: number }).rowsAffected !== 1)
    throw conflict('El registro cambió mientras tanto. Recarga e intenta de nuevo.');
  return { from, to: c.to };
}

/** What a `PUT …/estado/:id` route receives (worker/shared/schemas/state.ts). */
export type StateRequest = { estado: State; comentario?: string | null };

export type RequestedChange = Omit<StateChange, 'to' | 'comentario' | 'actorId' | 'at' | 'set'> & {
  /** Extra columns set with the change, given the change's time and comment. */
  set?: (at: number, comentario: string | null) => Record<string, unknown>;
  /** The change's time when the route already read the clock; the clock's now otherwise. */
  at?: number;
};

/**
 * The one wiring of every `PUT …/estado/:id` route (spec §4): the request's `{estado, comentario}`
 * applied by `changeState`, by the signed-in user, at the clock's time, with its history row and
 * the member's notification. The route keeps its policy marker, its lookups and its reply.
 */
export function changeStateOnRequest(
  c: { var: Pick<AppEnv['Variables'], 'db' | 'clock' | 'user'> } | Context<AppEnv>,
  body: StateRequest,
  target: RequestedChange,
): Promise<{ from: string | null; to: State }> {
  const at = target.at ?? c.var.clock.now();
  const comentario = body.comentario ?? null;
  const { set, ...rest } = target;
  return changeState(c.var.db, {
    ...rest,
    to: body.estado,
    comentario,
    actorId: c.var.user.id,
    at,
    set: set?.(at, comentario),
    // A route's context names the caller's address and browser too.
    actor: 'req' in c ? actorOf(c, at) : undefined,
  });
}
