// /app/consultas/historicocambiodeestados: every state change, newest first, filterable by
// entity, new state, user and date, and exportable to Excel with the same filters.
import type { FilterDef } from '@shared/resource-types';
import { STATES, stateLabel } from '@shared/workflow';
import { useMemo } from 'react';
import { PageHeader } from '@/components/feedback/page-header';
import { entityLabel } from '@shared/entity-labels';
import { type GridColumn, ServerGrid } from '@/components/data-grid/server-grid';
import { keyOf, STALE, useRead } from '@/lib/query';
import { getHistoryEntities, type HistoryRow, listHistory } from '@/features/review/review-api';

const ENDPOINT = '/consultas/historicocambiodeestados';
const COLUMNS: GridColumn<HistoryRow>[] = [
  { field: 'id', header: 'ID', type: 'number', sortable: true },
  { field: 'created_at', header: 'Fecha', type: 'datetime', sortable: true },
  { field: 'entity', header: 'Entidad', sortable: true, render: (r) => entityLabel(String(r.entity ?? '')) },
  { field: 'entity_id', header: 'Registro', type: 'number' },
  { field: 'from_state', header: 'Estado anterior', type: 'status' },
  { field: 'to_state', header: 'Estado nuevo', type: 'status', sortable: true },
  { field: 'comentario', header: 'Comentario' },
  { field: 'user_name', header: 'Usuario' },
];
const STATE_OPTIONS = [...STATES, 'EXPORTADO'].map((s) => ({ value: s, label: stateLabel(s) }));
const SORT = { field: 'created_at', dir: 'desc' } as const;
const EXPORTS = [{ label: 'Exportar', path: `${ENDPOINT}/excel`, fileName: 'historico-estados.xlsx' }];

/** The entity names for the filter (reference data: cached like a lookup). */
const NO_ENTITIES: string[] = [];
function useEntities() {
  return (
    useRead(keyOf(`${ENDPOINT}/entidades`), async (signal) => (await getHistoryEntities(signal)).data ?? [], {
      staleTime: STALE.lookups,
    }).data ?? NO_ENTITIES
  );
}

export default function HistoryPage() {
  const entities = useEntities();
  const filters = useMemo<FilterDef[]>(
    () => [
      {
        field: 'entity',
        label: 'Entidad',
        kind: 'eq',
        options: entities.map((e) => ({ value: e, label: entityLabel(e) })),
      },
      { field: 'to_state', label: 'Estado nuevo', kind: 'eq', options: STATE_OPTIONS },
      { field: 'user_name', label: 'Usuario', kind: 'text' },
      { field: 'created_at', label: 'Fecha', kind: 'daterange' },
    ],
    [entities],
  );

  return (
    <section className="grid gap-6">
      <PageHeader title="Histórico de cambios de estado" />
      <ServerGrid
        endpoint={ENDPOINT}
        list={listHistory}
        label="Histórico de cambios de estado"
        columns={COLUMNS}
        filters={filters}
        defaultSort={SORT}
        exports={EXPORTS}
      />
    </section>
  );
}
