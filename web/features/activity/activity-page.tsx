// /app/administracion/actividad (issue 22): every write through the API, newest first, filterable
// by user, entity, action and date, and exportable to Excel with the same filters.
import type { FilterDef } from '@shared/resource-types';
import { RESOURCES } from '@shared/resources';
import { PageHeader } from '@/components/feedback/page-header';
import { type GridColumn, ServerGrid } from '@/components/data-grid/server-grid';
import { type ActivityRow, listActivity } from '@/lib/activity-api';

const ENDPOINT = '/actividad';
const changed = (r: ActivityRow) =>
  Object.keys((r.delta ?? {}) as Record<string, unknown>)
    .filter((k) => !['updated_at', 'version'].includes(k))
    .join(', ');
const COLUMNS: GridColumn<ActivityRow>[] = [
  { field: 'id', header: 'ID', type: 'number', sortable: true },
  { field: 'at', header: 'Fecha', type: 'datetime', sortable: true },
  { field: 'usuario', header: 'Usuario' },
  { field: 'accion_label', header: 'Acción' },
  { field: 'entidad_label', header: 'Entidad' },
  { field: 'entity_id', header: 'Registro', type: 'number' },
  { field: 'delta', header: 'Campos cambiados', render: changed },
  { field: 'ip', header: 'IP' },
];
const ACTIONS = [
  ['crear', 'Creó'],
  ['editar', 'Editó'],
  ['eliminar', 'Eliminó'],
  ['activar', 'Activó'],
  ['desactivar', 'Desactivó'],
  ['estado', 'Cambió el estado'],
  ['restaurar', 'Restauró campos'],
].map(([value, label]) => ({ value: value!, label: label! }));
const FILTERS: FilterDef[] = [
  { field: 'usuario', label: 'Usuario', kind: 'text' },
  {
    field: 'entidad',
    label: 'Entidad',
    kind: 'eq',
    options: [
      ...RESOURCES.map((r) => ({ value: r.key, label: r.label })),
      { value: 'users', label: 'Usuarios' },
      { value: 'roles', label: 'Roles' },
    ],
  },
  { field: 'accion', label: 'Acción', kind: 'eq', options: ACTIONS },
  { field: 'at', label: 'Fecha', kind: 'daterange' },
];
const SORT = { field: 'id', dir: 'desc' } as const;
const EXPORTS = [{ label: 'Exportar', path: `${ENDPOINT}/excel`, fileName: 'actividad.xlsx' }];

export default function ActivityPage() {
  return (
    <section className="grid gap-6">
      <PageHeader title="Actividad" />
      <ServerGrid
        endpoint={ENDPOINT}
        list={listActivity}
        label="Actividad"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT}
        exports={EXPORTS}
      />
    </section>
  );
}
