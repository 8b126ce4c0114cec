// A thin adapter over the shared data-grid pieces for lists that are not registry resources
// (review queues, registered users, state history, help-centre lists): own endpoint, columns
// and row actions.
// Paging, sorting and filters are still done by the server and kept in the URL.
import { toSearchParams } from '@shared/list-query';
import type { ColumnDef, FilterDef, ResourceDef } from '@shared/resource-types';
import type { ColumnDef as TableColumn } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { DataGridColumnHeader } from '@/components/data-grid/data-grid-column-header';
import { DataGridFilters } from '@/components/data-grid/data-grid-filters';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { DataGridTable } from '@/components/data-grid/data-grid-table';
import { useServerTable } from '@/components/data-grid/use-server-table';
import { GridCell, isNumericColumn } from '@/components/data-grid/grid-cell';
import { type Row, useGridQuery } from '@/components/data-grid/use-grid-query';
import { type GridState, useGridState } from '@/components/data-grid/use-grid-state';

export type { Row };
export type GridColumn = ColumnDef & { render?: (row: Row) => ReactNode };

export type ListGridContext = {
  /** The state as sent to the server (defaults applied). */
  state: GridState;
  setFilter: (field: string, value: unknown) => void;
  /** The list query as a search string ('?filters=...&sorts=...'), for links that keep it. */
  search: string;
  /** Loads the page again (after a row action changed something). */
  reload: () => void;
};

type Props = {
  endpoint: string;
  label: string;
  columns: GridColumn[];
  /** Filters drawn in the filter row. */
  filters?: FilterDef[];
  /** Filters the caller draws itself (kept in the URL all the same). */
  ownFilters?: string[];
  /** Filter values used while the URL has none (e.g. estado PENDIENTE for a queue). */
  defaults?: Record<string, unknown>;
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  actions?: (row: Row, ctx: ListGridContext) => ReactNode;
  toolbar?: (ctx: ListGridContext) => ReactNode;
};

export function ListGrid({
  endpoint,
  label,
  columns,
  filters = [],
  ownFilters = [],
  defaults = {},
  defaultSort,
  actions,
  toolbar,
}: Props) {
  // useGridState reads only the columns (sortable ones) and the filters (allowed keys).
  const def = useMemo(
    () =>
      ({
        columns,
        filters: [
          ...filters,
          ...ownFilters.map((field) => ({ field, label: field, kind: 'eq' }) as FilterDef),
        ],
      }) as unknown as ResourceDef,
    [columns, filters, ownFilters],
  );
  const { state: urlState, update, setFilter } = useGridState(def);
  const state = useMemo(
    () => ({ ...urlState, filters: { ...defaults, ...urlState.filters } }),
    [urlState, defaults],
  );
  const data = useGridQuery(endpoint, state);
  const search = `?${new URLSearchParams(toSearchParams({ sorts: state.sorts, filters: state.filters }))}`;
  const ctx: ListGridContext = { state, setFilter, search, reload: data.reload };

  const tableColumns = useMemo<TableColumn<Row>[]>(() => {
    const cols: TableColumn<Row>[] = columns.map((col) => ({
      id: col.field,
      accessorFn: (row) => row[col.field],
      enableSorting: !!col.sortable,
      header: ({ column }) => (
        <DataGridColumnHeader column={column} title={col.header} numeric={isNumericColumn(col)} />
      ),
      cell: ({ row }) => (col.render ? col.render(row.original) : <GridCell col={col} row={row.original} />),
    }));
    if (actions)
      cols.push({
        id: 'acciones',
        enableSorting: false,
        header: () => <span className="block text-end">Acciones</span>,
        cell: ({ row }) => <div className="flex justify-end gap-1">{actions(row.original, ctx)}</div>,
      });
    return cols;
    // ctx changes with the search string, which the actions' links carry.
  }, [columns, actions, search]);

  const table = useServerTable({
    rows: data.rows,
    total: data.total,
    columns: tableColumns,
    state,
    defaultSort: defaultSort,
    update,
  });

  return (
    <div className="grid gap-4">
      {toolbar?.(ctx)}
      <DataGridFilters filters={filters} values={urlState.filters} onChange={setFilter} />
      <DataGridTable
        table={table}
        label={label}
        loading={data.loading}
        loaded={data.loaded}
        error={data.error}
        onRetry={data.reload}
      />
      {data.loaded && !data.error && data.total > 0 && (
        <DataGridPagination
          page={state.page}
          perPage={state.perPage}
          total={data.total}
          onPage={(page) => update({ page })}
          onPerPage={(perPage) => update({ perPage, page: 1 })}
        />
      )}
    </div>
  );
}
