// /app/centrodeayuda/preguntasfrecuentes/edit/:id (administrators): the FAQ's fields (question,
// answer, module, order, linked graphic aids, active) as the configuration registry declares them,
// saved through its endpoint, then back to the FAQ page.
import { MSG } from '@shared/messages';
import { editableFields } from '@shared/resource-types';
import { RESOURCES } from '@shared/resources';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { ResourceForm } from '@/components/form/resource-form';
import { FAQ_ROUTE } from '@/features/help/help-api';
import { useResourceRow } from '@/lib/resource-queries';

const DEF = RESOURCES.find((r) => r.key === 'preguntasfrecuentes')!;
const FIELDS = editableFields(DEF);

export default function FaqEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const state = useResourceRow(DEF.endpoint, id);
  const { reload } = state;
  return (
    <section className="grid gap-6">
      <PageHeader title="Preguntas frecuentes: editar registro" />
      {state.status === 'ready' ? (
        <ResourceForm
          def={DEF}
          record={state.data}
          listPath={FAQ_ROUTE}
          onSaved={() => navigate(FAQ_ROUTE)}
        />
      ) : state.status === 'error' ? (
        <ErrorState
          message={state.error.notFound ? MSG.notFound : MSG.formError}
          onRetry={state.error.notFound ? undefined : reload}
        />
      ) : (
        <FormSkeleton fields={FIELDS.length} />
      )}
    </section>
  );
}
