// The frame of a queue item: title and queue navigation, the material on the left and the
// decision on the right; loading and error states for the whole.
import { MSG } from '@shared/messages';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import type { ReadState } from '@/lib/query';
import type { QueueConfig } from '@/features/review/queue-config';
import { QueueNav, type QueuePosition } from '@/components/queue/queue-nav';
import { LeaseNote, type QueueLease } from '@/features/review/lease-note';

type Props<T> = {
  config: QueueConfig;
  search: string;
  state: ReadState<T & { queue: QueuePosition; lease?: QueueLease }>;
  reload: () => void;
  subtitle?: ReactNode;
  main: (data: T) => ReactNode;
  aside: (data: T) => ReactNode;
};

export function ReviewView<T>({ config, search, state, reload, subtitle, main, aside }: Props<T>) {
  return (
    <section className="grid gap-6">
      <PageHeader title={`${config.title}: detalle`} description={subtitle} />
      <QueueNav
        route={config.route}
        search={search}
        queue={state.status === 'ready' ? state.data.queue : null}
      />
      <LeaseNote lease={state.status === 'ready' ? state.data.lease : null} />
      {state.status === 'error' ? (
        <ErrorState
          message={state.error.notFound ? MSG.notFound : MSG.loadError}
          onRetry={state.error.notFound ? undefined : reload}
        />
      ) : state.status !== 'ready' ? (
        <FormSkeleton fields={6} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="grid min-w-0 gap-6">{main(state.data)}</div>
          <aside aria-label="Decisión" className="grid gap-4 lg:sticky lg:top-20">
            {aside(state.data)}
          </aside>
        </div>
      )}
    </section>
  );
}
