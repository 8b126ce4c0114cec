// A review queue (decisions 0121, 0300): a list filtered by state, oldest first, a detail with the
// submitted material and next / previous through the same queue, and the state change.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import * as v from 'valibot';
import { users } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import { readerOf, type PersonalDataReader } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { bulkRoutes } from '../../platform/bulk';
import { bulkStateAction, matchingIds } from '../../platform/bulk-state';
import { changeStateOnRequest } from '../../platform/state-change';
import { json, params } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { id } from '../../shared/schemas/fields';
import { stateChangeSchema } from '../../shared/schemas/state';
import { QUEUE_START, type Transitions } from '../../shared/workflow';
import { paginate } from '../../platform/paginate';
import { endLease, notHeldByOthers, openLease, takeNext } from './lease';

/**
 * A column whose value type the factory knows: Drizzle types a selected column by its `_.data`
 * and `_.notNull`, so the list's rows (and the SPA's grid rows, through hc) are typed, not JSON.
 */
type Typed<D, NotNull extends boolean> = SQLiteColumn & {
  readonly _: { readonly data: D; readonly notNull: NotNull };
};

export type QueueConfig = {
  entity: string;
  permission: string;
  table: SQLiteTable;
  idColumn: Typed<number, true>;
  userIdColumn: Typed<number, true>;
  /** The state the queue is about (a workflow state name). */
  stateColumn: Typed<string, true>;
  /** When the member submitted (epoch ms); null rows stay out through `base`. */
  submittedColumn: Typed<number, boolean>;
  transitions: Transitions;
  /** Only rows that were really submitted enter the queue. */
  base?: SQL;
  /** Columns set with each decision (e.g. the comment shown to the member). */
  onDecision?: (comentario: string | null, actorId: number, at: number) => Record<string, unknown>;
  /** Refuses a decision the current data does not allow (e.g. publishing an unapproved profile). */
  guard?: (db: Db, rowId: number, to: string) => Promise<void>;
  detail: (
    db: Db,
    rowId: number,
    userId: number,
    reader: PersonalDataReader,
  ) => Promise<Record<string, unknown>>;
  notifyTitle: string;
};

export function queueRoutes(q: QueueConfig & { path: string }) {
  const spec: ListSpec = {
    sorts: {
      id: q.idColumn,
      estado: q.stateColumn,
      enviado_at: q.submittedColumn,
      user_name: users.userName,
      email: users.email,
    },
    filters: {
      estado: { kind: 'eq', column: q.stateColumn },
      user_name: { kind: 'text', column: users.userName },
      email: { kind: 'text', column: users.email },
      enviado_at: { kind: 'daterange', column: q.submittedColumn },
    },
    defaultSort: { key: 'enviado_at', dir: 'asc' },
  };
  const select = {
    id: q.idColumn,
    user_id: q.userIdColumn,
    estado: q.stateColumn,
    enviado_at: q.submittedColumn,
    user_name: users.userName,
    email: users.email,
    nombres: users.nombres,
    apellidos: users.apellidos,
  };
  const list = (db: Db, query: ReturnType<typeof parseListQuery>, limit?: number, extra?: SQL) => {
    const where = whereOf(query, spec, [q.base, extra]);
    return paginate(
      db,
      db
        .select(select)
        .from(q.table)
        .innerJoin(users, eq(users.id, q.userIdColumn))
        .where(where)
        .orderBy(...orderOf(query, spec, q.idColumn))
        .limit(limit ?? query.perPage)
        .offset(limit ? 0 : offsetOf(query)),
      db.select({ total: count() }).from(q.table).innerJoin(users, eq(users.id, q.userIdColumn)).where(where),
    );
  };
  /**
   * The queue an item walks (next / previous, "siguiente"): the list's query as the reviewer
   * filtered it, and where it names no state, the list's own default, PENDIENTE. An item opened by
   * its plain URL (no `?filters=`) walks the pending queue, never the items already decided.
   */
  const queueQuery = (raw: Record<string, string>) => {
    const query = parseListQuery(raw, spec);
    const estado = query.filters.estado;
    if (estado !== undefined && estado !== null && estado !== '') return query;
    return { ...query, filters: { ...query.filters, estado: QUEUE_START } };
  };
  const perm = () => requires(q.permission);
  const idParam = params(v.object({ id: id() }));

  // "Cambiar estado" on many rows: per record, the same scope, guard, workflow check and
  // statements as PUT /estado/:id, each history row carrying the batch id (decision 0160): the
  // grids' one bulk state loop (bulkStateAction).
  const bulkState = bulkRoutes(
    bulkStateAction({
      recurso: q.path,
      permission: q.permission,
      entity: q.entity,
      table: q.table,
      idColumn: q.idColumn,
      stateColumn: q.stateColumn,
      userIdColumn: q.userIdColumn,
      transitions: q.transitions,
      base: q.base,
      matching: matchingIds(
        spec,
        q.idColumn,
        (db, where, order, limit) =>
          db
            .select({ id: q.idColumn })
            .from(q.table)
            .innerJoin(users, eq(users.id, q.userIdColumn))
            .where(where)
            .orderBy(...order)
            .limit(limit),
        [q.base],
      ),
      refuses: q.guard
        ? (row, to, db) =>
            q.guard!(db, Number(row.id), to).then(
              () => false,
              () => true,
            )
        : undefined,
      set: q.onDecision && ((at, comentario, actorId) => q.onDecision!(comentario, actorId, at)),
      notifyTitle: () => q.notifyTitle,
    }),
  );

  return (
    new Hono<AppEnv>()
      .route('/lote/estado', bulkState)
      .get('/', perm(), async (c) => {
        const { data, total } = await list(c.var.db, parseListQuery(c.req.query(), spec));
        return c.json({ data, total });
      })
      .get('/:id{[0-9]+}', perm(), idParam, async (c) => {
        const rowId = c.req.valid('param').id;
        const row = (await c.var.db
          .select({ userId: q.userIdColumn })
          .from(q.table)
          .where(and(eq(q.idColumn, rowId), q.base))
          .get()) as { userId: number } | undefined;
        if (!row) throw notFound();
        // The reviewer who opens it holds it for a few minutes (decision 0121).
        const me = c.var.user.id;
        const now = c.var.clock.now();
        const lease = await openLease(c.var.db, q.entity, rowId, me, now);
        // Next / previous through the queue as the reviewer filtered it (same query string; the
        // pending items when it names no state), past the items other reviewers hold.
        const { data: ids } = await list(
          c.var.db,
          queueQuery({ ...c.req.query(), page: '1', perPage: '100' }),
          5000,
          sql`(${q.idColumn} = ${rowId} or ${notHeldByOthers(q.entity, q.idColumn, me, now)})`,
        );
        const at = ids.findIndex((r) => r.id === rowId);
        return c.json({
          data: {
            ...(await q.detail(c.var.db, rowId, row.userId, readerOf(c))),
            queue: {
              position: at + 1,
              total: ids.length,
              prev_id: at > 0 ? ids[at - 1]!.id : null,
              next_id: at >= 0 && at < ids.length - 1 ? ids[at + 1]!.id : null,
            },
            lease,
          },
        });
      })
      // The first item of the queue (as filtered; the pending items when no state is named) that
      // no other reviewer holds, taken for the caller in one conditional statement: two reviewers
      // asking at once get different items. None left is an answer, not a failure: 200 with
      // `data: null` and the reason (decision 0300).
      .post('/siguiente', perm(), async (c) => {
        const me = c.var.user.id;
        const now = c.var.clock.now();
        const query = queueQuery(c.req.query());
        const candidates = c.var.db
          .select({ lease_id: sql<number>`${q.idColumn}`.as('lease_id') })
          .from(q.table)
          .innerJoin(users, eq(users.id, q.userIdColumn))
          .where(whereOf(query, spec, [q.base, notHeldByOthers(q.entity, q.idColumn, me, now)]))
          .orderBy(...orderOf(query, spec, q.idColumn))
          .limit(1);
        const taken = await takeNext(c.var.db, q.entity, candidates.getSQL(), me, now);
        if (!taken) return c.json({ data: null, message: MSG.queueEmpty });
        return c.json({
          data: { id: taken.id, lease: { expires_at: taken.expires_at, mine: true, reviewer: null } },
        });
      })
      .put('/estado/:id{[0-9]+}', perm(), idParam, json(stateChangeSchema), async (c) => {
        const rowId = c.req.valid('param').id;
        const body = c.req.valid('json');
        const row = (await c.var.db
          .select({ userId: q.userIdColumn })
          .from(q.table)
          .where(and(eq(q.idColumn, rowId), q.base))
          .get()) as { userId: number } | undefined;
        if (!row) throw notFound();
        await q.guard?.(c.var.db, rowId, body.estado);
        await changeStateOnRequest(c, body, {
          entity: q.entity,
          table: q.table,
          idColumn: q.idColumn,
          stateColumn: q.stateColumn,
          id: rowId,
          transitions: q.transitions,
          scope: q.base,
          set: q.onDecision && ((at, comentario) => q.onDecision!(comentario, c.var.user.id, at)),
          notify: { userId: row.userId, titulo: q.notifyTitle },
        });
        await endLease(c.var.db, q.entity, rowId); // decided: nobody holds it any more
        return c.json({ message: MSG.updated });
      })
  );
}
