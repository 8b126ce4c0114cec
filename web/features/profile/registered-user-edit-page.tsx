// /app/consultas/usuariosregistrados/edit/:id: an administrator corrects a member's personal
// information with the member's own form. It lives here, next to that form, because feature
// folders do not import each other; the route table wires it.
import { MSG } from '@shared/messages';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { HistoryPanel } from '@/components/form/history-panel';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { BackLink } from '@/components/layout/back-link';
import { Card, CardContent } from '@/components/ui/card';
import { PersonalInfoForm } from '@/features/profile/personal-info-form';
import { invalidate, keyOf, useRead } from '@/lib/query';
import { useState } from 'react';
import { getMemberPersonal, saveMemberPersonal } from '@/features/profile/profile-api';
import type { PersonalRecord } from '@/features/profile/personal-values';

const BASE = '/consultas/usuariosregistrados';
const isMasked = (r: PersonalRecord) => String(r.numero_identificacion ?? '').includes('•');
/** A masked number is blank in the form: the editor types the full one to save. */
const editable = (r: PersonalRecord) => (isMasked(r) ? { ...r, numero_identificacion: '' } : r);

export default function RegisteredUserEditPage() {
  const { id } = useParams();
  const state = useRead(
    keyOf(`${BASE}/${id}/personal`),
    async (signal) => (await getMemberPersonal(id ?? '', signal)).data,
  );
  const { reload } = state;
  // The version the form's last save left (the form stays open; the read is not reloaded).
  const [saved, setSaved] = useState(0);
  const back = `/app/consultas/usuariosregistrados/view/${id}`;
  const masked = state.status === 'ready' && isMasked(state.data);

  return (
    <section className="grid gap-6">
      <PageHeader
        title="Usuario registrado: editar"
        description={
          state.status === 'ready'
            ? `${String(state.data.user_name ?? '')} · ${String(state.data.email ?? '')}`
            : undefined
        }
        actions={<BackLink to={back}>Volver al detalle</BackLink>}
      />
      {state.status === 'error' ? (
        <ErrorState
          message={state.error.notFound ? MSG.notFound : MSG.formError}
          onRetry={state.error.notFound ? undefined : reload}
        />
      ) : state.status !== 'ready' ? (
        <FormSkeleton fields={9} />
      ) : (
        <Card>
          <CardContent className="grid gap-4">
            {masked && (
              <p className="text-sm text-muted-foreground">
                El número de identificación se muestra enmascarado: escriba el número completo para guardar.
              </p>
            )}
            {/* A restore from the history brings a new version: the form starts again from it. */}
            <PersonalInfoForm
              key={`${String(state.data.id)}-${String(state.data.version)}`}
              record={editable(state.data)}
              onSave={async (body) => {
                const res = await saveMemberPersonal(id ?? '', body);
                // The history shows this save and restores against the version it left.
                if (typeof res.data?.version === 'number') setSaved(res.data.version);
                void invalidate('/actividad');
                return res;
              }}
              load={async () => editable((await getMemberPersonal(id ?? '')).data)}
            />
          </CardContent>
        </Card>
      )}
      {state.status === 'ready' && (
        <HistoryPanel
          entity="users"
          recordId={Number(state.data.id)}
          version={Math.max(Number(state.data.version) || 0, saved) || undefined}
          invalidates={[`${BASE}/${id}`]}
        />
      )}
    </section>
  );
}
