// /app/configuracion/{seguridad/usuarios,usuarios/usuario}/new and /edit/:id.
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { RecordPending } from '@/components/feedback/record-pending';
import { useBackToList } from '@/lib/list-path';
import { keyOf, useRead } from '@/lib/query';
import { UserAccountCard } from '@/features/security/user-account-card';
import { UserForm } from '@/features/security/user-form';
import { getUser, USERS_API } from '@/features/security/security-api';
import { HistoryPanel } from '@/components/form/history-panel';

export default function UserFormPage() {
  const { id } = useParams();
  const listPath = useBackToList();
  const navigate = useNavigate();
  const state = useRead(
    id ? keyOf(`${USERS_API}/${id}`) : null,
    async (signal) => (await getUser(id!, signal)).data,
  );
  const { reload } = state;
  const title = `Usuarios: ${id ? 'editar registro' : 'nuevo registro'}`;

  if (id && state.status !== 'ready')
    return <RecordPending title={title} state={state} fields={6} onRetry={reload} />;
  const user = state.status === 'ready' ? state.data : undefined;
  return (
    <section className="grid gap-6" key={id ?? 'new'}>
      <PageHeader title={title} />
      <div className={user ? 'grid items-start gap-6 lg:grid-cols-[1fr_18rem]' : 'grid gap-6'}>
        {/* A restore from the history brings a new version: the form starts again from it. */}
        <UserForm
          key={user?.version ?? 0}
          user={user}
          listPath={listPath}
          onSaved={() => navigate(listPath)}
        />
        {user && <UserAccountCard user={user} onChanged={reload} />}
      </div>
      {user && (
        <HistoryPanel entity="users" recordId={user.id} version={user.version} invalidates={[USERS_API]} />
      )}
    </section>
  );
}
