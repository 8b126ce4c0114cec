// The one grid of the app (docs/product-spec.md §2): TanStack Table in manual mode over a server list,
// with paging, sorting and filtering done by the server and the grid state kept in the URL (one
// hook, useGridState) so a list can be bookmarked. Its rows are typed by the list call it is
// given (a route's reply, or a registry entry's row). Registry lists, review queues, help
// lists, the shop and the bonus cycles all use it; what differs is configuration: row actions,
// a toolbar of their own, exports, the column chooser, 'Nuevo', a selection column.
import { toSearchParams } from '@shared/list-query';
import type { ColumnDef, FilterDef } from '@shared/resource-types';
import type { ColumnDef as TableColumn, VisibilityState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { BulkBar, type GridBulk, useBulkSelection } from '@/components/data-grid/bulk-actions';
import { DataGridColumnHeader } from '@/components/data-grid/data-grid-column-header';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { DataGridTable } from '@/components/data-grid/data-grid-table';
import { DataGridToolbar } from '@/components/data-grid/data-grid-toolbar';
import { GridCell, isNumericColumn } from '@/components/data-grid/grid-cell';
import { SavedViews } from '@/components/data-grid/saved-views';
import { type GridRow, type ListFn, useGridQuery } from '@/components/data-grid/use-grid-query';
import { type GridState, useGridState } from '@/components/data-grid/use-grid-state';
import { useServerTable } from '@/components/data-grid/use-server-table';
import { Checkbox } from '@/components/ui/checkbox';
import { useShortcut } from '@/lib/shortcuts';
import { download } from '@/lib/transfer';

export const ACTIONS_COLUMN = 'acciones';

/** A column as the registry declares it, optionally drawn by the screen itself. */
export type GridColumn<T> = ColumnDef & { render?: (row: T) => ReactNode };

export type GridContext = {
  /** The state as sent to the server (defaults applied). */
  state: GridState;
  setFilter: (field: string, value: unknown) => void;
  /** The list query as a search string ('?filters=...&sorts=...'), for links that keep it. */
  search: string;
  /** Loads the page again (after a row action changed something). */
  reload: () => void;
};

/** An Excel export of the list as filtered and sorted (`columns`: send the visible ones). */
export type GridExport = {
  label: string;
  path: string;
  fileName: string;
  /** Without the permission the button is disabled, not hidden (spec §6). */
  allowed?: boolean;
  columns?: readonly ColumnDef[];
};

/** A checkbox column (the bonus cycles' bulk payment). */
export type GridSelection<T> = {
  has: (row: T) => boolean;
  /** Whether a row may be selected at all. */
  can: (row: T) => boolean;
  toggle: (rows: T[], on: boolean) => void;
  /** aria-label of the header checkbox (all selectable rows of the page). */
  pageLabel: string;
  rowLabel: (row: T) => string;
};

export type ServerGridProps<T extends GridRow> = {
  label: string;
  /** The list route: the cache key of its pages. */
  endpoint: string;
  /** The call that reads one page; its reply types the rows. */
  list: ListFn<T>;
  columns: readonly GridColumn<T>[];
  /** Filters drawn in the filter row. */
  filters?: readonly FilterDef[];
  /** Filters the screen draws itself (kept in the URL all the same). */
  ownFilters?: readonly string[];
  /** Filter values used while the URL has none. */
  defaults?: Record<string, unknown>;
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  /** Sort keys allowed in the URL besides the sortable columns (the registry's id, created_at). */
  sortKeys?: readonly string[];
  sortDescFirst?: boolean;
  /** Prefix of the URL keys when one screen shows two grids (tabs). */
  prefix?: string;
  actions?: (row: T, ctx: GridContext) => ReactNode;
  /** Drawn above the filter row (a state switch, ...). */
  toolbar?: (ctx: GridContext) => ReactNode;
  exports?: readonly GridExport[];
  /** The 'Columnas' menu; hidden columns are kept in the URL and left out of exports. */
  chooseColumns?: boolean;
  create?: { href: string; state?: unknown; allowed: boolean };
  selection?: GridSelection<T>;
  /** Bulk actions over ticked rows or all rows matching the filter (the grid keeps the selection). */
  bulk?: GridBulk;
};

const NONE: readonly never[] = [];

export function ServerGrid<T extends GridRow>({
  label,
  endpoint,
  list,
  columns,
  filters = NONE,
  ownFilters = NONE,
  defaults,
  defaultSort,
  sortKeys = NONE,
  sortDescFirst,
  prefix,
  actions,
  toolbar,
  exports = NONE,
  chooseColumns,
  create,
  selection: ownSelection,
  bulk,
}: ServerGridProps<T>) {
  const { state, shown, update, setFilter } = useGridState({
    sortable: [...sortKeys, defaultSort.field, ...columns.filter((c) => c.sortable).map((c) => c.field)],
    filterable: [...filters.map((f) => f.field), ...ownFilters],
    hideable: chooseColumns ? columns.map((c) => c.field) : undefined,
    prefix,
    defaults,
  });
  const data = useGridQuery(endpoint, state, list);
  // N opens 'Nuevo' when the grid offers it and the user may create.
  const navigate = useNavigate();
  useShortcut('new', () => create && void navigate(create.href, { state: create.state }), !!create?.allowed);
  const [exporting, setExporting] = useState<string | null>(null);
  const search = `?${new URLSearchParams(toSearchParams({ sorts: state.sorts, filters: state.filters }))}`;
  const ctx: GridContext = { state, setFilter, search, reload: data.reload };
  // A new filter or sort starts a new selection.
  const bulkSelection = useBulkSelection<T>(label, search);
  const selection = ownSelection ?? (bulk ? bulkSelection.selection : undefined);
  // The selection column's header reads the page's rows; other grids keep their columns.
  const pageRows = selection ? data.rows : (NONE as readonly T[]);

  const tableColumns = useMemo<TableColumn<T>[]>(() => {
    const cols: TableColumn<T>[] = columns.map((col) => ({
      id: col.field,
      accessorFn: (row) => (row as Record<string, unknown>)[col.field],
      enableSorting: !!col.sortable,
      meta: { title: col.header, numeric: isNumericColumn(col), phoneHidden: !!col.phoneHidden },
      header: ({ column }) => (
        <DataGridColumnHeader column={column} title={col.header} numeric={isNumericColumn(col)} />
      ),
      cell: ({ row }) => (col.render ? col.render(row.original) : <GridCell col={col} row={row.original} />),
    }));
    if (selection) {
      const page = pageRows.filter(selection.can);
      const all = page.length > 0 && page.every(selection.has);
      const some = page.some(selection.has);
      cols.unshift({
        id: 'seleccion',
        enableSorting: false,
        enableHiding: false,
        header: () => (
          <Checkbox
            aria-label={selection.pageLabel}
            disabled={!page.length}
            checked={all ? true : some ? 'indeterminate' : false}
            onCheckedChange={(v) => selection.toggle(page, v)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={selection.rowLabel(row.original)}
            disabled={!selection.can(row.original)}
            checked={selection.has(row.original)}
            onCheckedChange={(v) => selection.toggle([row.original], v)}
          />
        ),
      });
    }
    if (actions)
      cols.push({
        id: ACTIONS_COLUMN,
        enableSorting: false,
        enableHiding: false,
        meta: { title: 'Acciones' },
        header: () => <span className="block text-end">Acciones</span>,
        cell: ({ row }) => <div className="flex justify-end gap-1">{actions(row.original, ctx)}</div>,
      });
    return cols;
    // ctx changes with the search string, which the actions' links carry.
  }, [columns, actions, selection, search, pageRows, data.reload]);

  const columnVisibility: VisibilityState | undefined = chooseColumns
    ? Object.fromEntries(state.hidden.map((f) => [f, false]))
    : undefined;
  const table = useServerTable({
    rows: data.rows,
    total: data.total,
    columns: tableColumns,
    state,
    defaultSort,
    update,
    sortDescFirst,
    columnVisibility,
    onColumnVisibilityChange: (next) =>
      update({
        hidden: Object.entries(next)
          .filter(([, on]) => !on)
          .map(([f]) => f),
      }),
  });

  // A page emptied by a delete (or a stale bookmark) falls back to the last page with rows.
  const lastPage = Math.max(1, Math.ceil(data.total / state.perPage));
  useEffect(() => {
    if (data.status === 'ready' && !data.fetching && state.page > lastPage) update({ page: lastPage });
  }, [data.status, data.fetching, state.page, lastPage, update]);

  const runExport = async (e: GridExport) => {
    setExporting(e.path);
    const visible = e.columns?.filter((c) => !state.hidden.includes(c.field)).map((c) => c.field);
    try {
      await download(
        e.path,
        toSearchParams({ sorts: state.sorts, filters: state.filters, columns: visible }),
        e.fileName,
      );
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3 empty:hidden">
        {toolbar?.(ctx)}
        <div className="ms-auto">
          <SavedViews grid={prefix ? `${endpoint}#${prefix}` : endpoint} shown={shown} apply={update} />
        </div>
      </div>
      <DataGridToolbar
        table={table}
        filters={filters}
        values={shown.filters}
        onFilter={setFilter}
        onClear={() => update({ page: 1, filters: {} })}
        chooseColumns={chooseColumns}
        exports={exports.map((e) => ({
          label: e.label,
          disabled: e.allowed === false || exporting !== null,
          busy: exporting === e.path,
          onClick: () => void runExport(e),
        }))}
        create={create}
      />
      {bulk && (
        <BulkBar
          bulk={bulk}
          endpoint={endpoint}
          total={data.total}
          ids={bulkSelection.ids}
          all={bulkSelection.all}
          onAll={bulkSelection.setAll}
          onClear={bulkSelection.clear}
          filtros={toSearchParams({ sorts: state.sorts, filters: state.filters })}
        />
      )}
      <DataGridTable
        table={table}
        label={label}
        loading={data.fetching}
        loaded={data.status === 'ready'}
        error={data.status === 'error'}
        onRetry={data.reload}
      />
      {data.status === 'ready' && data.total > 0 && (
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
