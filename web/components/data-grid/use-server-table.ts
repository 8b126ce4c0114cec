// TanStack Table for a list the server pages and sorts: rows and total come from the API, the
// page, page size and sort live in the URL state of the grid using it. One setup for every grid.
import {
  type ColumnDef,
  getCoreRowModel,
  type SortingState,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import type { GridRow } from '@/components/data-grid/use-grid-query';

type Sorts = Record<string, 'asc' | 'desc'>;

type Options<T> = {
  rows: T[];
  total: number;
  columns: ColumnDef<T>[];
  state: { page: number; perPage: number; sorts: Sorts };
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  /** A new sort goes back to page 1. */
  update: (patch: { page: number; sorts: Sorts }) => void;
  sortDescFirst?: boolean;
  /** Hidden columns, when the grid lets the user choose them. */
  columnVisibility?: VisibilityState;
  onColumnVisibilityChange?: (next: VisibilityState) => void;
};

const resolve = <T>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (o: T) => T)(old) : updater;

export function useServerTable<T extends GridRow>({
  rows,
  total,
  columns,
  state,
  defaultSort,
  update,
  sortDescFirst = false,
  columnVisibility,
  onColumnVisibilityChange,
}: Options<T>) {
  const sorting: SortingState = Object.keys(state.sorts).length
    ? Object.entries(state.sorts).map(([id, dir]) => ({ id, desc: dir === 'desc' }))
    : [{ id: defaultSort.field, desc: defaultSort.dir === 'desc' }];
  return useReactTable<T>({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst,
    state: {
      sorting,
      pagination: { pageIndex: state.page - 1, pageSize: state.perPage },
      ...(columnVisibility ? { columnVisibility } : {}),
    },
    onSortingChange: (u) =>
      update({
        page: 1,
        sorts: Object.fromEntries(resolve(u, sorting).map((s) => [s.id, s.desc ? 'desc' : 'asc'])),
      }),
    ...(onColumnVisibilityChange && columnVisibility
      ? {
          onColumnVisibilityChange: (u: Updater<VisibilityState>) =>
            onColumnVisibilityChange(resolve(u, columnVisibility)),
        }
      : {}),
  });
}
