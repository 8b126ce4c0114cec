// /app/administracion/controlinformacionpersonal/view/:id: the member's personal data and the
// three identity documents beside the decision.
import { formatDateTime } from '@/lib/format';
import { DecisionCard } from '@/features/review/decision-card';
import { type Documents, IdentityDocuments } from '@/features/review/identity-documents';
import { type Personal, PersonalSummary } from '@/features/review/personal-summary';
import { IDENTITY_QUEUE as Q } from '@/features/review/queue-config';
import { ReviewView } from '@/features/review/review-view';
import { SectionCard } from '@/features/review/section-card';
import { useQueueItem } from '@/features/review/use-queue-item';
import { decide } from '@/features/review/review-api';

type Item = {
  personal: Personal;
  validacion: {
    id: number;
    estado: string | null;
    comentario: string | null;
    enviado_at: number | null;
    revisado_at: number | null;
    documentos: Documents;
  };
};

export default function IdentityReviewPage() {
  const { id, search, state, reload, afterDecision } = useQueueItem<Item>(Q);
  return (
    <ReviewView<Item>
      config={Q}
      search={search}
      state={state}
      reload={reload}
      subtitle={
        state.status === 'ready'
          ? `${String(state.data.personal.user_name ?? '')} · enviado ${formatDateTime(state.data.validacion.enviado_at)}`
          : undefined
      }
      main={(d) => (
        <>
          <SectionCard title="Documentos de identidad">
            <IdentityDocuments documentos={d.validacion.documentos} />
          </SectionCard>
          <SectionCard title="Información personal">
            <PersonalSummary data={d.personal} />
          </SectionCard>
        </>
      )}
      aside={(d) => (
        <DecisionCard
          estado={d.validacion.estado}
          comentario={d.validacion.comentario}
          menu={{
            send: (body) => decide('identity', id, body),
            table: Q.table,
            onDone: afterDecision,
          }}
        >
          {d.validacion.revisado_at && (
            <p className="text-xs text-muted-foreground">
              Última revisión: {formatDateTime(d.validacion.revisado_at)}
            </p>
          )}
        </DecisionCard>
      )}
    />
  );
}
