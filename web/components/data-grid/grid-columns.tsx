import type { ResourceDef } from '@shared/resource-types';
import type { ColumnDef as TableColumn } from '@tanstack/react-table';
import { DataGridColumnHeader } from '@/components/data-grid/data-grid-column-header';
import { DataGridRowActions, type RowActionsConfig } from '@/components/data-grid/data-grid-row-actions';
import { GridCell, isNumericColumn } from '@/components/data-grid/grid-cell';
import type { Row } from '@/components/data-grid/use-grid-query';

export const ACTIONS_COLUMN = 'acciones';

/** TanStack columns from the registry's ColumnDefs, plus the row actions at the end. */
export function gridColumns(def: ResourceDef, actions: RowActionsConfig): TableColumn<Row>[] {
  const data: TableColumn<Row>[] = def.columns.map((col) => ({
    id: col.field,
    accessorFn: (row) => row[col.field],
    enableSorting: !!col.sortable,
    meta: { title: col.header, numeric: isNumericColumn(col) },
    header: ({ column }) => (
      <DataGridColumnHeader column={column} title={col.header} numeric={isNumericColumn(col)} />
    ),
    cell: ({ row }) => <GridCell col={col} row={row.original} />,
  }));
  return [
    ...data,
    {
      id: ACTIONS_COLUMN,
      enableSorting: false,
      enableHiding: false,
      meta: { title: 'Acciones' },
      header: () => <span className="block text-end">Acciones</span>,
      cell: ({ row }) => <DataGridRowActions row={row.original} config={actions} />,
    },
  ];
}
