// /app/consultas/usuariosregistrados: every member with the state of its identity validation and
// profile; the identification arrives masked unless the viewer may see full data.
import { P } from '@shared/permissions';
import type { FilterDef } from '@shared/resource-types';
import { STATE, stateLabel } from '@shared/workflow';
import { PageHeader } from '@/components/feedback/page-header';
import { useSession } from '@/lib/session';
import { type GridColumn, ServerGrid } from '@/components/data-grid/server-grid';
import { listRegisteredUsers, type RegisteredUserRow } from '@/features/review/review-api';
import { RowLink } from '@/components/data-grid/row-link';

const BASE = '/app/consultas/usuariosregistrados';
const REVIEW_STATES = [STATE.PENDIENTE, STATE.APROBADO, STATE.NO_APROBADO].map((s) => ({
  value: s,
  label: stateLabel(s),
}));

const COLUMNS: GridColumn<RegisteredUserRow>[] = [
  { field: 'user_name', header: 'Usuario', sortable: true },
  { field: 'email', header: 'Correo', sortable: true },
  {
    field: 'nombres',
    header: 'Nombres',
    sortable: true,
    render: (r) => `${String(r.nombres ?? '')} ${String(r.apellidos ?? '')}`.trim(),
  },
  { field: 'numero_identificacion', header: 'Identificación' },
  { field: 'estado_identidad', header: 'Estado identidad', type: 'status', sortable: true },
  { field: 'estado_perfil', header: 'Estado perfil', type: 'status', sortable: true },
  { field: 'created_at', header: 'Registrado', type: 'datetime', sortable: true },
];
const FILTERS: FilterDef[] = [
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  { field: 'email', label: 'Correo', kind: 'text' },
  { field: 'nombres', label: 'Nombres', kind: 'text' },
  { field: 'estado_identidad', label: 'Estado identidad', kind: 'eq', options: REVIEW_STATES },
  { field: 'estado_perfil', label: 'Estado perfil', kind: 'eq', options: REVIEW_STATES },
  { field: 'created_at', label: 'Fecha de registro', kind: 'daterange' },
];
/** Filtering by document matches a hidden field: only for who sees documents whole (decision 0343). */
const DOCUMENT_FILTER: FilterDef = { field: 'numero_identificacion', label: 'Identificación', kind: 'text' };
const FULL_FILTERS = [...FILTERS.slice(0, 3), DOCUMENT_FILTER, ...FILTERS.slice(3)];
const SORT = { field: 'created_at', dir: 'desc' } as const;

export default function RegisteredUsersPage() {
  const { can } = useSession();
  const canEdit = can(P.usuariosRegistradosEdit);
  return (
    <section className="grid gap-6">
      <PageHeader title="Usuarios registrados" />
      <ServerGrid
        endpoint="/consultas/usuariosregistrados"
        list={listRegisteredUsers}
        label="Usuarios registrados"
        columns={COLUMNS}
        filters={can(P.datosCompletos) ? FULL_FILTERS : FILTERS}
        defaultSort={SORT}
        actions={(row) => (
          <div className="flex items-center justify-end gap-0.5">
            <RowLink kind="view" to={`${BASE}/view/${row.id}`} label={`Ver ${String(row.user_name)}`} />
            <RowLink
              kind="edit"
              to={`${BASE}/edit/${row.id}`}
              label={`Editar ${String(row.user_name)}`}
              enabled={canEdit}
            />
          </div>
        )}
      />
    </section>
  );
}
