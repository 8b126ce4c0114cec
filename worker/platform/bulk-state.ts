// A bulk state change for a workflow grid (decision 0260): the parts every such grid
// shares with the bulk machinery (bulk.ts, decision 0160) — the ids matching the grid's own
// filter, and, for the grids whose single-row change is one conditional batch, the per-record
// statements of that change (`stateChangeStatements`: workflow check, conditional update, history
// row with the batch id, notification, activity row and revision).
import { and, inArray, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { BULK_MAX, bulkStateSchema, bulkStateSchemaFor } from '../shared/schemas/bulk';
import type { State, Transitions } from '../shared/workflow';
import type { BulkAction, BulkContext } from './bulk';
import type { Db } from './db';
import { orderOf, parseListQuery, whereOf, type ListSpec } from './list-query';
import { actorOf } from './audit';
import { HISTORY_AT, mayChange, stateChangeStatements, type StateRequest } from './state-change';

/**
 * The ids of every row a grid's query string selects (its filters and sorts, as the grid sent
 * them), in the grid's order, at most BULK_MAX + 1 (one more says "too many"). `select` gives the
 * grid's FROM and joins with the WHERE and ORDER BY built here.
 */
export function matchingIds(
  spec: ListSpec,
  idColumn: SQLiteColumn,
  select: (db: Db, where: SQL | undefined, order: SQL[], limit: number) => Promise<{ id: number }[]>,
  base: (SQL | undefined)[] = [],
) {
  return async (c: BulkContext, filtros: Record<string, string>) => {
    const query = parseListQuery({ ...filtros, page: '1', perPage: '10' }, spec);
    const rows = await select(
      c.var.db,
      whereOf(query, spec, base),
      orderOf(query, spec, idColumn),
      BULK_MAX + 1,
    );
    return rows.map((r) => Number(r.id));
  };
}

export type BulkStateConfig = {
  /** The grid's API path (its list endpoint, as the web calls it). */
  recurso: string;
  /** The single-row `PUT …/estado/:id` route's permission. */
  permission: string;
  entity: string;
  table: SQLiteTable;
  idColumn: SQLiteColumn;
  stateColumn: SQLiteColumn;
  userIdColumn: SQLiteColumn;
  transitions: Transitions;
  /**
   * The states this grid may set in bulk (BULK_STATES); others are a 422. Without it any state of
   * the state-change schema is taken, and a record the workflow does not move is skipped.
   */
  targets?: readonly State[];
  matching: BulkAction<StateRequest>['matching'];
  /** Only the rows the grid shows (its single-row route's scope): the others are skipped. */
  base?: SQL;
  /** More columns read per record, for `refuses`. */
  read?: Record<string, SQLiteColumn>;
  /** What the single-row route refuses besides the workflow (a 409 there): the record is skipped. */
  refuses?: (row: Record<string, unknown>, to: State, db: Db) => boolean | Promise<boolean>;
  /** Columns set with the change, as the single-row route sets them. */
  set?: (at: number, comentario: string | null, actorId: number) => Record<string, unknown>;
  notifyTitle: (id: number) => string;
};

/** The bulk action `estado` of a grid whose single-row change is `changeStateOnRequest`. */
export function bulkStateAction(q: BulkStateConfig): BulkAction<StateRequest> {
  return {
    recurso: q.recurso,
    accion: 'estado',
    permission: q.permission,
    schema: q.targets ? bulkStateSchemaFor(q.targets) : bulkStateSchema,
    matching: q.matching,
    apply: async (c, ids, body, lote, at) => {
      const found = (await c.var.db
        .select({ id: q.idColumn, state: q.stateColumn, userId: q.userIdColumn, ...(q.read ?? {}) })
        .from(q.table)
        .where(and(inArray(q.idColumn, ids), q.base))) as Record<string, unknown>[];
      const rows = new Map(found.map((r) => [Number(r.id), r]));
      const statements: BatchItem<'sqlite'>[] = [];
      const counted: number[] = [];
      const comentario = body.comentario ?? null;
      const actor = actorOf(c, at);
      for (const rowId of ids) {
        const row = rows.get(rowId);
        if (!row) continue;
        const from = (row.state as string | null) ?? null;
        if (!mayChange({ to: body.estado, transitions: q.transitions }, from)) continue;
        if (await q.refuses?.(row, body.estado, c.var.db)) continue;
        counted.push(statements.length + HISTORY_AT);
        statements.push(
          ...stateChangeStatements(
            c.var.db,
            {
              entity: q.entity,
              table: q.table,
              idColumn: q.idColumn,
              stateColumn: q.stateColumn,
              id: rowId,
              to: body.estado,
              comentario,
              actorId: c.var.user.id,
              at,
              transitions: q.transitions,
              set: q.set?.(at, comentario, c.var.user.id),
              notify: { userId: Number(row.userId), titulo: q.notifyTitle(rowId) },
              actor,
              lote,
            },
            from,
          ),
        );
      }
      return { statements, counted };
    },
  };
}
