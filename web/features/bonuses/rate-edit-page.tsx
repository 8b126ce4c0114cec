// /app/administracion/detallebonos/edit/:id
import { MSG } from '@shared/messages';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { HistoryPanel } from '@/components/form/history-panel';
import { useBackToList } from '@/lib/list-path';
import { formatPercent } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';
import { getRate } from '@/features/bonuses/bonus-api';
import { RateForm } from '@/features/bonuses/rate-form';

const RATE_LABELS = { nivel: 'Nivel', porcentaje: 'Porcentaje', descripcion: 'Descripción' };
/** Rates are stored in basis points (250 = 2.50 %). */
const RATE_FORMATS = { porcentaje: (v: unknown) => formatPercent(Number(v) / 100) };

export default function RateEditPage() {
  const { id = '' } = useParams();
  const listPath = useBackToList();
  const navigate = useNavigate();
  const state = useRead(
    keyOf(`/bonos/detallebonos/${id}`),
    async (signal) => (await getRate(id ?? '', signal)).data,
  );
  const { reload } = state;
  return (
    <section className="grid gap-6">
      <PageHeader title="Detalle de bonos: editar registro" />
      {state.status === 'error' ? (
        <ErrorState
          message={state.error.notFound ? MSG.notFound : MSG.formError}
          onRetry={state.error.notFound ? undefined : reload}
        />
      ) : state.status !== 'ready' ? (
        <FormSkeleton fields={2} />
      ) : (
        <>
          <RateForm rate={state.data} listPath={listPath} onSaved={() => navigate(listPath)} />
          <HistoryPanel
            entity="detallebonos"
            recordId={state.data.id}
            version={state.data.version}
            labels={RATE_LABELS}
            formats={RATE_FORMATS}
            invalidates={['/bonos/detallebonos']}
          />
        </>
      )}
    </section>
  );
}
