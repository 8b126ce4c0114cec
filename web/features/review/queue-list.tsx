// A review queue's list: filtered by state (PENDIENTE first), oldest submission first; 'Ver'
// opens the item carrying the list's query so 'Anterior' / 'Siguiente' walk the same queue.
import type { FilterDef } from '@shared/resource-types';
import { useMemo } from 'react';
import { STATE, QUEUE_START, rowActionsEnabled } from '@shared/workflow';
import { PageHeader } from '@/components/feedback/page-header';
import { type GridColumn, ServerGrid } from '@/components/data-grid/server-grid';
import type { QueueConfig } from '@/features/review/queue-config';
import { queueList, type QueueRow } from '@/features/review/review-api';
import { StateSwitch } from '@/features/review/state-switch';
import { RowLink } from '@/components/data-grid/row-link';

const FILTERS: FilterDef[] = [
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  { field: 'email', label: 'Correo', kind: 'text' },
  { field: 'enviado_at', label: 'Fecha de envío', kind: 'daterange' },
];
const OWN = ['estado'];
const DEFAULTS = { estado: QUEUE_START };
const SORT = { field: 'enviado_at', dir: 'asc' } as const;

const columns = (stateHeader: string): GridColumn<QueueRow>[] => [
  { field: 'id', header: 'ID', type: 'number', sortable: true },
  { field: 'user_name', header: 'Usuario', sortable: true },
  { field: 'email', header: 'Correo', sortable: true },
  {
    field: 'nombres',
    header: 'Nombres',
    render: (r) => `${String(r.nombres ?? '')} ${String(r.apellidos ?? '')}`.trim(),
  },
  { field: 'enviado_at', header: 'Enviado', type: 'datetime', sortable: true },
  { field: 'estado', header: stateHeader, type: 'status', sortable: true },
];
const REVIEW_COLUMNS = columns('Estado');
const PUBLICATION_COLUMNS = columns('Publicación');

export function QueueList({ config }: { config: QueueConfig }) {
  const list = useMemo(() => queueList(config), [config]);
  // The page's permission is the queue's; each row still follows the workflow on the server.
  const bulk = useMemo(
    () => ({
      actions: [
        {
          accion: 'estado',
          label: 'Cambiar estado',
          allowed: true,
          states: config.states.filter((s) => s !== STATE.PENDIENTE),
        },
      ],
    }),
    [config],
  );
  return (
    <section className="grid gap-6">
      <PageHeader title={config.title} description="Los envíos más antiguos aparecen primero." />
      <ServerGrid
        endpoint={config.endpoint}
        list={list}
        label={config.title}
        columns={config.stateField === 'estado' ? REVIEW_COLUMNS : PUBLICATION_COLUMNS}
        filters={FILTERS}
        ownFilters={OWN}
        defaults={DEFAULTS}
        defaultSort={SORT}
        bulk={bulk}
        toolbar={({ state, setFilter }) => (
          <StateSwitch
            states={config.states}
            value={String(state.filters.estado)}
            onChange={(s) => setFilter('estado', s)}
          />
        )}
        actions={(row, { search }) => (
          <div className="flex justify-end">
            <RowLink
              kind="view"
              label="Ver"
              to={`${config.route}/view/${row.id}${search}`}
              enabled={rowActionsEnabled(row.estado)}
            />
          </div>
        )}
      />
    </section>
  );
}
