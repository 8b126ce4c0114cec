// Who holds a review-queue item open (decision 0121), under the queue navigation.
import { formatTime } from '@/lib/format';

/** Who holds the item open and until when (decision 0121). */
export type QueueLease = { expires_at: number; mine: boolean; reviewer: string | null };

/** A quiet line under the navigation: the item is held for this reviewer, or by another one. */
export function LeaseNote({ lease }: { lease: QueueLease | null | undefined }) {
  if (!lease) return null;
  const until = formatTime(lease.expires_at);
  return (
    <p
      className={lease.mine ? 'text-xs text-muted-foreground' : 'text-sm text-amber-700 dark:text-amber-400'}
      role={lease.mine ? undefined : 'status'}
    >
      {lease.mine
        ? `Reservada para ti hasta las ${until}`
        : `En revisión por ${lease.reviewer ?? 'otro revisor'} hasta las ${until}`}
    </p>
  );
}
