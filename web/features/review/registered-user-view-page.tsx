// /app/consultas/usuariosregistrados/view/:id: the twelve-tab detail of a member. Only the tabs
// the viewer holds a permission for are shown; the open tab is remembered per path.
import { MSG } from '@shared/messages';
import { P } from '@shared/permissions';
import { NO_TAB_PERMISSION, USER_TABS, type UserTab } from '@shared/user-tabs';
import { LockIcon, PencilIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { HistoryPanel } from '@/components/form/history-panel';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { ActiveChip } from '@/components/status/status-chip';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { BackLink } from '@/components/layout/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsRow } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { UserTabContent } from '@/features/review/user-tab-content';
import { SponsorDialog } from '@/features/review/sponsor-dialog';
import { useRememberedTab } from '@/features/review/use-remembered-tab';
import { keyOf, useRead } from '@/lib/query';
import { getMember } from '@/features/review/review-api';

const BASE = '/app/consultas/usuariosregistrados';

/** Which of the member's audited records each tab shows, for its history (decision 0257). */
const TAB_RECORD: Partial<Record<UserTab, 'users' | 'perfil' | 'informacion_pago' | 'validacion_identidad'>> =
  {
    personal: 'users',
    identidad: 'validacion_identidad',
    pago: 'informacion_pago',
    perfil: 'perfil',
    fisica: 'perfil',
    servicios: 'perfil',
    ubicaciones: 'perfil',
    galeria: 'perfil',
  };

export default function RegisteredUserViewPage() {
  const { id = '' } = useParams();
  const state = useRead(
    keyOf(`/consultas/usuariosregistrados/${id}`),
    async (signal) => (await getMember(id, signal)).data,
  );
  const { reload } = state;
  const { can } = useSession();
  const visible = state.status === 'ready' ? USER_TABS.filter((t) => state.data.tabs.includes(t.key)) : [];
  const [tab, setTab] = useRememberedTab(visible.map((t) => t.key));
  const m = state.status === 'ready' ? state.data : null;

  const actions = (
    <div className="flex flex-wrap gap-2">
      <BackLink to={BASE}>Volver al listado</BackLink>
      {m && can(P.usuariosRegistradosEdit) && <SponsorDialog userId={id} userName={m.user_name} />}
      {can(P.usuariosRegistradosEdit) ? (
        <Button asChild>
          <Link to={`${BASE}/edit/${id}`}>
            <PencilIcon />
            Editar
          </Link>
        </Button>
      ) : (
        <Button disabled>
          <PencilIcon />
          Editar
        </Button>
      )}
    </div>
  );

  return (
    <section className="grid gap-6">
      <PageHeader title="Usuario registrado" actions={actions} />
      {state.status === 'error' ? (
        <ErrorState
          message={state.error.notFound ? MSG.notFound : MSG.loadError}
          onRetry={state.error.notFound ? undefined : reload}
        />
      ) : !m ? (
        <FormSkeleton fields={4} />
      ) : (
        <>
          <Card className="py-4">
            <CardContent className="flex flex-wrap items-center gap-4">
              <Avatar className="size-14">
                {m.photo_url && <AvatarImage src={m.photo_url} alt={`Foto de ${m.user_name}`} />}
                <AvatarFallback>{m.user_name.slice(0, 2).toUpperCase()}</AvatarFallback>
              </Avatar>
              <div className="grid gap-0.5">
                <p className="text-lg font-semibold">
                  {`${m.nombres ?? ''} ${m.apellidos ?? ''}`.trim() || m.user_name}
                </p>
                <p className="text-sm text-muted-foreground">
                  {m.user_name} · {m.email}
                </p>
              </div>
              <ActiveChip active={m.activo} />
            </CardContent>
          </Card>
          {visible.length === 0 ? (
            <Alert variant="warning">
              <LockIcon />
              <AlertTitle>{NO_TAB_PERMISSION}</AlertTitle>
            </Alert>
          ) : (
            <Tabs value={tab} onValueChange={setTab}>
              <TabsRow tabs={visible} />
              {visible.map((t) => {
                const entity = TAB_RECORD[t.key];
                const record = entity ? m.registros[entity] : null;
                return (
                  <TabsContent key={t.key} value={t.key} className="grid gap-6">
                    <Card>
                      <CardContent>
                        <UserTabContent userId={id} tab={t.key} />
                      </CardContent>
                    </Card>
                    {entity && record && (
                      <HistoryPanel
                        entity={entity}
                        recordId={record.id}
                        version={record.version}
                        invalidates={[`/consultas/usuariosregistrados/${id}`]}
                      />
                    )}
                  </TabsContent>
                );
              })}
            </Tabs>
          )}
        </>
      )}
    </section>
  );
}
