// The shared data-grid pieces over one cycle's rows, plus a selection column for the bulk
// payment and per-row actions (detail, Estados).
import type { ColumnDef as TableColumn } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { DataGridColumnHeader } from '@/components/data-grid/data-grid-column-header';
import { DataGridFilters } from '@/components/data-grid/data-grid-filters';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { DataGridTable } from '@/components/data-grid/data-grid-table';
import { useServerTable } from '@/components/data-grid/use-server-table';
import { GridCell, isNumericColumn } from '@/components/data-grid/grid-cell';
import type { Row } from '@/components/data-grid/use-grid-query';
import { Checkbox } from '@/components/ui/checkbox';
import { type Selection, selectable, toggled } from '@/features/bonuses/selection';
import { COLUMNS, DEFAULT_SORT, FILTERS, type useCycleUsers } from '@/features/bonuses/use-cycle-users';

type Props = {
  label: string;
  grid: ReturnType<typeof useCycleUsers>;
  selection: Selection;
  onSelection: (next: Selection) => void;
  actions: (row: Row) => ReactNode;
};

const name = (r: Row) => `${String(r.nombres ?? '')} ${String(r.apellidos ?? '')}`.trim();

export function CycleUsersGrid({ label, grid, selection, onSelection, actions }: Props) {
  const { state, update, setFilter, data } = grid;
  const pageRows = data.rows.filter(selectable);
  const allOn = pageRows.length > 0 && pageRows.every((r) => selection.has(r.id));
  const someOn = pageRows.some((r) => selection.has(r.id));

  const columns = useMemo<TableColumn<Row>[]>(
    () => [
      {
        id: 'seleccion',
        enableSorting: false,
        header: () => (
          <Checkbox
            aria-label="Seleccionar los registros por pagar de esta página"
            disabled={!pageRows.length}
            checked={allOn ? true : someOn ? 'indeterminate' : false}
            onCheckedChange={(v) => onSelection(toggled(selection, pageRows, v === true))}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Seleccionar ${String(row.original.user_name)}`}
            disabled={!selectable(row.original)}
            checked={selection.has(row.original.id)}
            onCheckedChange={(v) => onSelection(toggled(selection, [row.original], v === true))}
          />
        ),
      },
      ...COLUMNS.map<TableColumn<Row>>((col) => ({
        id: col.field,
        accessorFn: (row) => row[col.field],
        enableSorting: !!col.sortable,
        header: ({ column }) => (
          <DataGridColumnHeader column={column} title={col.header} numeric={isNumericColumn(col)} />
        ),
        cell: ({ row }) =>
          col.field === 'nombres' ? (
            <span className="block max-w-xs truncate">{name(row.original)}</span>
          ) : (
            <GridCell col={col} row={row.original} />
          ),
      })),
      {
        id: 'acciones',
        enableSorting: false,
        header: () => <span className="block text-end">Acciones</span>,
        cell: ({ row }) => actions(row.original),
      },
    ],
    [selection, onSelection, actions, pageRows, allOn, someOn],
  );

  const table = useServerTable({
    rows: data.rows,
    total: data.total,
    columns: columns,
    state,
    defaultSort: DEFAULT_SORT,
    update,
    sortDescFirst: true,
  });

  return (
    <div className="grid gap-4">
      <DataGridFilters filters={FILTERS} values={state.filters} onChange={setFilter} />
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
