// A server-paged grid for the shop lists, composed from the shared data-grid pieces: the
// columns come as ColumnDefs (money, status, dates...) plus an optional actions column.
import { toSearchParams } from '@shared/list-query';
import type { ColumnDef, FilterDef } from '@shared/resource-types';
import type { ColumnDef as TableColumn } from '@tanstack/react-table';
import { FileSpreadsheetIcon, FilterXIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { DataGridColumnHeader } from '@/components/data-grid/data-grid-column-header';
import { DataGridFilters } from '@/components/data-grid/data-grid-filters';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { DataGridTable } from '@/components/data-grid/data-grid-table';
import { useServerTable } from '@/components/data-grid/use-server-table';
import { GridCell, isNumericColumn } from '@/components/data-grid/grid-cell';
import { type Row, useGridQuery } from '@/components/data-grid/use-grid-query';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { useShopEvent } from '@/features/shop/shop-events';
import { useListState } from '@/features/shop/use-list-state';
import { download } from '@/lib/transfer';

export type Export = { label: string; path: string; fileName: string };

type Props = {
  label: string;
  endpoint: string;
  columns: ColumnDef[];
  filters?: FilterDef[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  prefix?: string;
  actions?: (row: Row, reload: () => void) => ReactNode;
  exports?: Export[];
  /** Reload when the shop says purchases changed (after paying). */
  reloadOnPurchase?: boolean;
};

export function ShopGrid({
  label,
  endpoint,
  columns,
  filters = [],
  defaultSort,
  prefix,
  actions,
  exports = [],
  reloadOnPurchase,
}: Props) {
  const sortable = useMemo(() => columns.filter((c) => c.sortable).map((c) => c.field), [columns]);
  const { state, update, setFilter } = useListState({
    prefix,
    sortable,
    filterable: filters.map((f) => f.field),
  });
  const data = useGridQuery(endpoint, state);
  const [exporting, setExporting] = useState<string | null>(null);
  useShopEvent('purchases', () => reloadOnPurchase && data.reload());

  const tableColumns = useMemo<TableColumn<Row>[]>(() => {
    const cols: TableColumn<Row>[] = columns.map((col) => ({
      id: col.field,
      accessorFn: (row) => row[col.field],
      enableSorting: !!col.sortable,
      header: ({ column }) => (
        <DataGridColumnHeader column={column} title={col.header} numeric={isNumericColumn(col)} />
      ),
      cell: ({ row }) => <GridCell col={col} row={row.original} />,
    }));
    if (actions)
      cols.push({
        id: 'acciones',
        enableSorting: false,
        header: () => <span className="block text-end">Acciones</span>,
        cell: ({ row }) => <div className="flex justify-end gap-1">{actions(row.original, data.reload)}</div>,
      });
    return cols;
  }, [columns, actions, data.reload]);

  const table = useServerTable({
    rows: data.rows,
    total: data.total,
    columns: tableColumns,
    state,
    defaultSort: defaultSort,
    update,
  });

  const runExport = async (e: Export) => {
    setExporting(e.path);
    await download(e.path, toSearchParams({ sorts: state.sorts, filters: state.filters }), e.fileName);
    setExporting(null);
  };

  return (
    <div className="grid gap-4">
      {(filters.length > 0 || exports.length > 0) && (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-end gap-2">
            {Object.keys(state.filters).length > 0 && (
              <Button variant="ghost" onClick={() => update({ page: 1, filters: {} })}>
                <FilterXIcon />
                Limpiar filtros
              </Button>
            )}
            {exports.map((e) => (
              <Button
                key={e.path}
                variant="outline"
                disabled={exporting !== null}
                onClick={() => runExport(e)}
              >
                {exporting === e.path ? <Spinner /> : <FileSpreadsheetIcon />}
                {e.label}
              </Button>
            ))}
          </div>
          <DataGridFilters filters={filters} values={state.filters} onChange={setFilter} />
        </div>
      )}
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
