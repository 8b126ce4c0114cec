// 'Anterior' / 'Siguiente' through the queue as the reviewer filtered it, and back to the list.
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/lib/format';
import { useShortcut } from '@/lib/shortcuts';

export type QueuePosition = {
  position: number;
  total: number;
  prev_id: number | null;
  next_id: number | null;
};

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

function Step({ to, label, icon }: { to: string | null; label: string; icon: 'prev' | 'next' }) {
  const content =
    icon === 'prev' ? [<ChevronLeftIcon key="i" />, label] : [label, <ChevronRightIcon key="i" />];
  if (!to)
    return (
      <Button variant="outline" disabled>
        {content}
      </Button>
    );
  return (
    <Button variant="outline" asChild>
      <Link to={to}>{content}</Link>
    </Button>
  );
}

export function QueueNav({
  route,
  search,
  queue,
}: {
  route: string;
  search: string;
  queue: QueuePosition | null;
}) {
  const at = (id: number | null | undefined) => (id ? `${route}/view/${id}${search}` : null);
  const navigate = useNavigate();
  const next = at(queue?.next_id);
  const prev = at(queue?.prev_id);
  useShortcut('next', () => next && void navigate(next), !!next);
  useShortcut('prev', () => prev && void navigate(prev), !!prev);
  return (
    <nav aria-label="Navegación de la cola" className="flex flex-wrap items-center gap-2">
      <Button variant="ghost" asChild>
        <Link to={`${route}${search}`}>
          <ArrowLeftIcon />
          Volver al listado
        </Link>
      </Button>
      <Step to={at(queue?.prev_id)} label="Anterior" icon="prev" />
      {queue && queue.position > 0 && (
        <span className="px-1 text-sm text-muted-foreground tabular-nums">
          {queue.position} de {queue.total}
        </span>
      )}
      <Step to={at(queue?.next_id)} label="Siguiente" icon="next" />
    </nav>
  );
}
