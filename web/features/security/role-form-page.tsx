// /app/configuracion/{seguridad,usuarios}/roles/new and /edit/:id.
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { RecordPending } from '@/components/feedback/record-pending';
import { HistoryPanel } from '@/components/form/history-panel';
import { useBackToList } from '@/lib/list-path';
import { keyOf, useRead } from '@/lib/query';
import { RoleForm } from '@/features/security/role-form';
import { getRole, ROLES_API } from '@/features/security/security-api';

const ROLE_LABELS = {
  nombre: 'Nombre',
  descripcion: 'Descripción',
  activo: 'Activo',
  require_totp: 'Requiere doble factor',
  permisos: 'Permisos',
};

export default function RoleFormPage() {
  const { id } = useParams();
  const listPath = useBackToList();
  const navigate = useNavigate();
  const state = useRead(
    id ? keyOf(`${ROLES_API}/${id}`) : null,
    async (signal) => (await getRole(id!, signal)).data,
  );
  const { reload } = state;
  const title = `Roles: ${id ? 'editar registro' : 'nuevo registro'}`;

  if (id && state.status !== 'ready')
    return <RecordPending title={title} state={state} fields={3} onRetry={reload} />;
  const role = state.status === 'ready' ? state.data : undefined;
  return (
    <section className="grid gap-6" key={id ?? 'new'}>
      <PageHeader title={title} />
      {/* A restore from the history brings a new version: the form starts again from it. */}
      <RoleForm key={role?.version ?? 0} role={role} listPath={listPath} onSaved={() => navigate(listPath)} />
      {role && (
        <HistoryPanel
          entity="roles"
          recordId={role.id}
          version={role.version}
          labels={ROLE_LABELS}
          invalidates={[ROLES_API]}
        />
      )}
    </section>
  );
}
