// One cycle's per-user rows (GET /bonos/ciclos/:id/usuarios) in the ServerGrid: server-paged,
// with the grid state (page, sorts, filters) in the URL next to ?ciclo, a selection column for
// the bulk payment and per-row actions (detail, Estados).
import type { FilterDef } from '@shared/resource-types';
import { MONEY_OUT_MESSAGES, PAYOUT_BLOCK_LABELS } from '@shared/money-out';
import { STATE, stateLabel } from '@shared/workflow';
import { type ReactNode, useCallback, useMemo } from 'react';
import { type GridColumn, type GridSelection, ServerGrid } from '@/components/data-grid/server-grid';
import { StatusChip } from '@/components/status/status-chip';
import type { ListFn } from '@/components/data-grid/use-grid-query';
import { type CycleUserRow, listCycleUsers } from '@/features/bonuses/bonus-api';
import { type Selection, selectable, toggled } from '@/features/bonuses/selection';

/** The list's route, the cache key a change in the cycle invalidates. */
export const cycleUsersEndpoint = (cycleId: number) => `/bonos/ciclos/${cycleId}/usuarios`;

const COLUMNS: GridColumn<CycleUserRow>[] = [
  { field: 'user_name', header: 'Usuario', sortable: true },
  {
    field: 'nombres',
    header: 'Nombre',
    render: (r) => <span className="block max-w-xs truncate">{`${r.nombres} ${r.apellidos}`.trim()}</span>,
  },
  { field: 'lineas', header: 'Líneas', type: 'number', sortable: true },
  { field: 'total', header: 'Total', type: 'money', sortable: true },
  { field: 'retencion', header: 'Retención', type: 'money' },
  { field: 'neto', header: 'Neto a pagar', type: 'money' },
  {
    field: 'estado',
    header: 'Estado',
    type: 'status',
    sortable: true,
    // Under the state, why an unpaid row cannot be paid (the reason the API would answer), so the
    // disabled selection and Estados menu explain themselves.
    render: (r) => (
      <span className="grid justify-items-start gap-1">
        <StatusChip status={r.estado} />
        {r.bloqueo && (
          <span className="text-xs text-muted-foreground" title={MONEY_OUT_MESSAGES[r.bloqueo]}>
            {PAYOUT_BLOCK_LABELS[r.bloqueo]}
          </span>
        )}
      </span>
    ),
  },
  { field: 'pagado_at', header: 'Fecha de pago', type: 'datetime' },
];

const FILTERS: FilterDef[] = [
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  {
    field: 'estado',
    label: 'Estado',
    kind: 'eq',
    options: [STATE.NO_PAGADO, STATE.PAGADO].map((s) => ({ value: s, label: stateLabel(s) })),
  },
];

const DEFAULT_SORT = { field: 'total', dir: 'desc' } as const;

type Props = {
  cycleId: number;
  label: string;
  selection: Selection;
  onSelection: (next: Selection) => void;
  actions: (row: CycleUserRow) => ReactNode;
};

export function CycleUsersGrid({ cycleId, label, selection, onSelection, actions }: Props) {
  const list = useCallback<ListFn<CycleUserRow>>(
    (query, signal) => listCycleUsers(cycleId, query, signal),
    [cycleId],
  );
  const select = useMemo<GridSelection<CycleUserRow>>(
    () => ({
      has: (row) => selection.has(row.id),
      can: selectable,
      toggle: (rows, on) => onSelection(toggled(selection, rows, on)),
      pageLabel: 'Seleccionar los registros por pagar de esta página',
      rowLabel: (row) => `Seleccionar ${row.user_name}`,
    }),
    [selection, onSelection],
  );
  return (
    <ServerGrid
      label={label}
      endpoint={cycleUsersEndpoint(cycleId)}
      list={list}
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={DEFAULT_SORT}
      sortDescFirst
      actions={actions}
      selection={select}
    />
  );
}
