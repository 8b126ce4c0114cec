// An edit page while its record is read: the page's title over a form skeleton, or the reason it
// could not be read (gone: «no encontrado», no retry; anything else: retry).
import { MSG } from '@shared/messages';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import type { ReadState } from '@/lib/query';

export function RecordPending({
  title,
  state,
  fields,
  onRetry,
}: {
  title: string;
  state: ReadState<unknown>;
  /** How many fields the skeleton draws (the form's). */
  fields: number;
  onRetry: () => void;
}) {
  return (
    <section className="grid gap-6">
      <PageHeader title={title} />
      {state.status === 'error' ? (
        <ErrorState
          message={state.error.notFound ? MSG.notFound : MSG.formError}
          onRetry={state.error.notFound ? undefined : onRetry}
        />
      ) : (
        <FormSkeleton fields={fields} />
      )}
    </section>
  );
}
