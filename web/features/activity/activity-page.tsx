// /app/administracion/actividad (decision 0110): every write through the API, newest first, filterable
// by user, entity, action and date, and exportable to Excel with the same filters.
import { ACTIVITY_ACTIONS } from '@shared/activity-actions';
import { entityLabel } from '@shared/entity-labels';
import type { FilterDef } from '@shared/resource-types';
import { compareSpanish } from '@shared/spanish-order';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { type GridColumn, ServerGrid } from '@/components/data-grid/server-grid';
import { changedLabels, recordPath } from '@/features/activity/activity-fields';
import { type ActivityRow, listActivity, listActivityEntities } from '@/lib/activity-api';
import { keyOf, STALE, useRead } from '@/lib/query';

const ENDPOINT = '/actividad';
const COLUMNS: GridColumn<ActivityRow>[] = [
  { field: 'id', header: 'ID', type: 'number', sortable: true },
  { field: 'at', header: 'Fecha', type: 'datetime', sortable: true },
  { field: 'usuario', header: 'Usuario' },
  { field: 'accion_label', header: 'Acción' },
  { field: 'entidad_label', header: 'Entidad' },
  {
    field: 'entity_id',
    header: 'Registro',
    type: 'number',
    // The record opens on its own screen (its form, with its history under it) where there is one.
    render: (r) => {
      // A deleted record has nothing left to open.
      const to = r.action === 'eliminar' ? null : recordPath(r.entity, r.entity_id);
      return to ? (
        <Link
          to={to}
          className="text-primary underline-offset-4 hover:underline"
          aria-label={`Abrir ${r.entidad_label} ${r.entity_id}`}
        >
          {r.entity_id}
        </Link>
      ) : (
        r.entity_id
      );
    },
  },
  {
    field: 'delta',
    header: 'Campos cambiados',
    render: (r) => (
      <span className="block max-w-md">
        {changedLabels(r.entity, r.delta, r.action) ||
          (r.action === 'editar' ? <span className="text-muted-foreground">Sin cambios</span> : null)}
      </span>
    ),
  },
  // On one line: an address cut into two lines with an ellipsis («12 7…») reads as another one.
  { field: 'ip', header: 'IP', render: (r) => <span className="whitespace-nowrap">{r.ip}</span> },
];
const ACTIONS = Object.entries(ACTIVITY_ACTIONS).map(([value, label]) => ({ value, label }));
/** The entities in the log, each by its Spanish name (reference data: cached like a lookup). */
const NO_ENTITIES: string[] = [];
function useEntities() {
  return (
    useRead(
      keyOf(`${ENDPOINT}/entidades`),
      async (signal) => (await listActivityEntities(signal)).data ?? [],
      {
        staleTime: STALE.lookups,
      },
    ).data ?? NO_ENTITIES
  );
}
const SORT = { field: 'id', dir: 'desc' } as const;
const EXPORTS = [{ label: 'Exportar', path: `${ENDPOINT}/excel`, fileName: 'actividad.xlsx' }];

export default function ActivityPage() {
  const entities = useEntities();
  const filters = useMemo<FilterDef[]>(
    () => [
      { field: 'usuario', label: 'Usuario', kind: 'text' },
      {
        field: 'entidad',
        label: 'Entidad',
        kind: 'eq',
        options: entities
          .map((e) => ({ value: e, label: entityLabel(e) }))
          .sort((a, b) => compareSpanish(a.label, b.label)),
      },
      { field: 'accion', label: 'Acción', kind: 'eq', options: ACTIONS },
      { field: 'at', label: 'Fecha', kind: 'daterange' },
    ],
    [entities],
  );
  return (
    <section className="grid gap-6">
      <PageHeader title="Actividad" />
      <ServerGrid
        endpoint={ENDPOINT}
        list={listActivity}
        label="Actividad"
        columns={COLUMNS}
        filters={filters}
        defaultSort={SORT}
        exports={EXPORTS}
      />
    </section>
  );
}
