import { MSG } from '@shared/messages';
import { stateLabel } from '@shared/workflow';
import { ArrowRightIcon } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { StatusChip } from '@/components/status/status-chip';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { HistoryEntry } from '@/features/shop/shop-api';
import type { Read } from '@/lib/query';
import { formatDateTime } from '@/lib/format';

/** The state history of a purchase, oldest first: who, when, from, to and the comentario. */
export function PurchaseHistory({
  history,
  onRetry,
}: {
  history: Read<HistoryEntry[]>;
  onRetry: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Historial de estados</CardTitle>
      </CardHeader>
      <CardContent>
        {history.status === 'error' ? (
          <ErrorState message={MSG.loadError} onRetry={onRetry} />
        ) : history.status !== 'ready' ? (
          <Skeleton className="h-16 w-full" />
        ) : !history.data.length ? (
          <EmptyState />
        ) : (
          <ol className="grid gap-3" aria-label="Historial de estados">
            {history.data.map((h) => (
              <li key={h.id} className="grid gap-1 border-s-2 border-primary/40 ps-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  {h.from_state ? (
                    <StatusChip status={h.from_state} />
                  ) : (
                    <span className="text-muted-foreground">Creación</span>
                  )}
                  <ArrowRightIcon aria-label="a" className="size-3.5 text-muted-foreground rtl:rotate-180" />
                  <StatusChip status={h.to_state} label={stateLabel(h.to_state)} />
                </div>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(h.created_at)}
                  {h.user_name ? ` · ${h.user_name}` : ''}
                </p>
                {h.comentario && <p className="text-sm">{h.comentario}</p>}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
