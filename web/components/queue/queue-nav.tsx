// 'Anterior' / 'Siguiente' through a queue as its list was filtered (the same query string), and
// back to the list; J / K (the 'next' / 'prev' shortcuts) do the same. The review queues and the
// reconciliation queue answer an item with this position.
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '@/components/layout/back-link';
import { Button } from '@/components/ui/button';
import { useShortcut } from '@/lib/shortcuts';

export type QueuePosition = {
  position: number;
  total: number;
  prev_id: number | null;
  next_id: number | null;
};

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
      <BackLink variant="ghost" to={`${route}${search}`}>
        Volver al listado
      </BackLink>
      <Step to={prev} label="Anterior" icon="prev" />
      {queue && queue.position > 0 && (
        <span className="px-1 text-sm text-muted-foreground tabular-nums">
          {queue.position} de {queue.total}
        </span>
      )}
      <Step to={next} label="Siguiente" icon="next" />
    </nav>
  );
}
