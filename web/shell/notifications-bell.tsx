// The notifications bell of the top bar: the unread count on the icon, the latest notifications
// in a popover, each marked as read on click, and 'Marcar todas como leídas'.
import { BellIcon, CheckCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { TopBarTrigger } from '@/components/layout/top-bar-trigger';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent } from '@/components/ui/popover';
import { notifyError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { invalidate, keyOf, useRead } from '@/lib/query';
import { getInbox, type Inbox, markAllRead, markRead, NOTIFICATIONS_PATH as PATH } from '@/shell/shell-api';

const POLL_MS = 60_000;

export function NotificationsBell() {
  // Polled every minute while the tab is visible (TanStack pauses the interval in the background).
  const read = useRead(keyOf(PATH), getInbox, { refetchInterval: POLL_MS, retry: false });
  const inbox: Inbox | null = read.data ?? null;
  const failed = read.status === 'error';
  const load = read.reload;
  const [open, setOpen] = useState(false);

  const mark = async (send: () => Promise<unknown>) => {
    try {
      await send();
      await invalidate(PATH);
    } catch (err) {
      notifyError(err);
    }
  };

  const unread = inbox?.unread ?? 0;
  return (
    <Popover open={open} onOpenChange={(o) => (setOpen(o), o && void load())}>
      <TopBarTrigger
        icon={BellIcon}
        label={unread ? `Notificaciones (${unread} sin leer)` : 'Notificaciones'}
        count={unread}
        countClassName="end-1 top-1"
      />
      <PopoverContent align="end" className="w-80 p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notificaciones</h2>
          <Button variant="ghost" size="sm" disabled={!unread} onClick={() => void mark(markAllRead)}>
            <CheckCheckIcon />
            Marcar todas como leídas
          </Button>
        </div>
        <NotificationList
          inbox={inbox}
          failed={failed}
          onRetry={load}
          onRead={(id) => void mark(() => markRead(id))}
        />
      </PopoverContent>
    </Popover>
  );
}

function NotificationList({
  inbox,
  failed,
  onRetry,
  onRead,
}: {
  inbox: Inbox | null;
  failed: boolean;
  onRetry: () => void;
  onRead: (id: number) => void;
}) {
  if (failed && !inbox)
    return (
      <div className="grid gap-2 p-4 text-sm">
        <p className="text-destructive">No fue posible cargar las notificaciones</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Reintentar
        </Button>
      </div>
    );
  if (!inbox)
    return (
      <div className="flex justify-center p-4">
        <Spinner />
      </div>
    );
  if (!inbox.data.length)
    return <p className="p-4 text-center text-sm text-muted-foreground">No tienes notificaciones</p>;
  return (
    <ul aria-label="Lista de notificaciones" className="max-h-96 divide-y overflow-y-auto">
      {inbox.data.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            onClick={() => !n.leida_at && onRead(n.id)}
            className={cn(
              'grid w-full gap-0.5 px-3 py-2 text-start text-sm hover:bg-accent',
              !n.leida_at && 'bg-accent/40',
            )}
            aria-label={`${n.titulo}${n.leida_at ? '' : ' (sin leer)'}`}
          >
            <span className="flex items-center gap-2 font-medium">
              {!n.leida_at && <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" />}
              {n.titulo}
            </span>
            {n.mensaje && <span className="text-muted-foreground">{n.mensaje}</span>}
            <span className="text-xs text-muted-foreground">{formatDateTime(n.created_at)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
