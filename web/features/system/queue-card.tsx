import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, plural } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { retryItem, STATUS_PATH, type Queue } from '@/features/system/system-api';

/** One queue of the registry (mail, gateway events, invoices…): counts, failed items, retry. */
export function QueueCard({ queue }: { queue: Queue }) {
  const retrying = useWrite({
    send: (id: number) => retryItem(queue.clave, id),
    invalidates: [STATUS_PATH],
    errors: 'notify',
  });
  return (
    <Card data-queue={queue.clave}>
      <CardHeader>
        <CardTitle>{queue.nombre}</CardTitle>
        <CardDescription>
          {plural(queue.pendientes, 'pendiente', 'pendientes')} ·{' '}
          {plural(queue.fallidos, 'fallido', 'fallidos')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {queue.elementos.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nada fallido.</p>
        ) : (
          <ul className="grid gap-3">
            {queue.elementos.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3"
              >
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <span className="font-medium break-words">{item.titulo}</span>
                  <span className="text-muted-foreground break-words">{item.detalle}</span>
                  {item.error && <span className="text-destructive break-words">{item.error}</span>}
                  <span className="text-xs text-muted-foreground">
                    {item.at ? formatDateTime(item.at) : ''} · {plural(item.intentos, 'intento', 'intentos')}
                  </span>
                </div>
                {queue.reintento && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={retrying.busy}
                    onClick={() => void retrying.run(item.id)}
                    aria-label={`${queue.reintento}: ${item.titulo}`}
                  >
                    {queue.reintento}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
