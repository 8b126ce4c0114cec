// One cycle's per-user rows (GET /bonos/ciclos/:id/usuarios), server-paged, with the grid state
// (page, sorts, filters) in the URL next to ?ciclo.
import type { ColumnDef, FilterDef, ResourceDef } from '@shared/resource-types';
import { stateLabel } from '@shared/workflow';
import { useGridQuery } from '@/components/data-grid/use-grid-query';
import { useGridState } from '@/components/data-grid/use-grid-state';

export const COLUMNS: ColumnDef[] = [
  { field: 'user_name', header: 'Usuario', sortable: true },
  { field: 'nombres', header: 'Nombre' },
  { field: 'lineas', header: 'Líneas', type: 'number', sortable: true },
  { field: 'total', header: 'Total', type: 'money', sortable: true },
  { field: 'estado', header: 'Estado', type: 'status', sortable: true },
  { field: 'pagado_at', header: 'Fecha de pago', type: 'datetime' },
];

export const FILTERS: FilterDef[] = [
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  {
    field: 'estado',
    label: 'Estado',
    kind: 'eq',
    options: ['NO_PAGADO', 'PAGADO'].map((s) => ({ value: s, label: stateLabel(s) })),
  },
];

export const DEFAULT_SORT = { field: 'total', dir: 'desc' } as const;

// useGridState reads only the sortable columns and the allowed filters of a resource.
const DEF = { columns: COLUMNS, filters: FILTERS } as unknown as ResourceDef;

export function useCycleUsers(cycleId: number) {
  const grid = useGridState(DEF);
  const data = useGridQuery(`/bonos/ciclos/${cycleId}/usuarios`, grid.state);
  return { ...grid, data };
}
