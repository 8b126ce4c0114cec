// A server-paged grid over a help-centre endpoint, composed from the shared data-grid pieces
// (grid state in the URL, as every list): columns, filters and a row-actions column.
import type { ColumnDef, FilterDef, ResourceDef } from '@shared/resource-types';
import { type ColumnDef as TableColumn, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { DataGridColumnHeader } from '@/components/data-grid/data-grid-column-header';
import { DataGridFilters } from '@/components/data-grid/data-grid-filters';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { DataGridTable } from '@/components/data-grid/data-grid-table';
import { GridCell, isNumericColumn } from '@/components/data-grid/grid-cell';
import { type Row, useGridData } from '@/components/data-grid/use-grid-data';
import { useGridState } from '@/components/data-grid/use-grid-state';

export type HelpColumn = ColumnDef & { render?: (row: Row) => ReactNode };

type Props = {
  endpoint: string;
  label: string;
  columns: HelpColumn[];
  filters?: FilterDef[];
  defaultSort?: { field: string; dir: 'asc' | 'desc' };
  actions?: (row: Row, reload: () => void) => ReactNode;
};

export function HelpGrid({ endpoint, label, columns, filters = [], defaultSort = { field: 'created_at', dir: 'desc' }, actions }: Props) {
  // useGridState reads only the sortable columns and the allowed filter keys.
  const def = useMemo(() => ({ columns, filters }) as unknown as ResourceDef, [columns, filters]);
  const { state, update, setFilter } = useGridState(def);
  const data = useGridData(endpoint, state);
  const reload = data.reload;

  const tableColumns = useMemo<TableColumn<Row>[]>(() => {
    const cols: TableColumn<Row>[] = columns.map((col) => ({
      id: col.field,
      accessorFn: (row) => row[col.field],
      enableSorting: !!col.sortable,
      header: ({ column }) => <DataGridColumnHeader column={column} title={col.header} numeric={isNumericColumn(col)} />,
      cell: ({ row }) => (col.render ? col.render(row.original) : <GridCell col={col} row={row.original} />),
    }));
    if (actions) cols.push({ id: 'acciones', enableSorting: false, header: () => <span className="block text-end">Acciones</span>, cell: ({ row }) => <div className="flex justify-end gap-1">{actions(row.original, reload)}</div> });
    return cols;
  }, [columns, actions, reload]);

  const sorting: SortingState = Object.keys(state.sorts).length ? Object.entries(state.sorts).map(([id, dir]) => ({ id, desc: dir === 'desc' })) : [{ id: defaultSort.field, desc: defaultSort.dir === 'desc' }];
  const table = useReactTable<Row>({
    data: data.rows,
    columns: tableColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: data.total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting, pagination: { pageIndex: state.page - 1, pageSize: state.perPage } },
    onSortingChange: (u) => {
      const next = typeof u === 'function' ? u(sorting) : u;
      update({ page: 1, sorts: Object.fromEntries(next.map((s) => [s.id, s.desc ? 'desc' : 'asc'])) });
    },
  });

  return (
    <div className="grid gap-4">
      <DataGridFilters filters={filters} values={state.filters} onChange={setFilter} />
      <DataGridTable table={table} label={label} loading={data.loading} loaded={data.loaded} error={data.error} onRetry={reload} />
      {data.loaded && !data.error && data.total > 0 && (
        <DataGridPagination page={state.page} perPage={state.perPage} total={data.total} onPage={(page) => update({ page })} onPerPage={(perPage) => update({ perPage, page: 1 })} />
      )}
    </div>
  );
}
