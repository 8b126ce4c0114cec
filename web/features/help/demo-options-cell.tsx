import { CalendarCheckIcon } from 'lucide-react';
import type { Demo } from '@/features/help/help-api';
import { cn } from '@/lib/cn';

/** The three options of a request; the confirmed one stands out. */
export function DemoOptionsCell({ demo }: { demo: Demo }) {
  return (
    <ol className="grid min-w-44 gap-0.5 text-sm">
      {demo.opciones.map((o) => {
        const confirmed = o.id === demo.opcion_confirmada_id;
        return (
          <li
            key={o.id}
            className={cn(
              'flex items-center gap-1.5 whitespace-nowrap',
              confirmed
                ? 'font-semibold text-success'
                : demo.opcion_confirmada_id && 'text-muted-foreground line-through',
            )}
          >
            {confirmed && <CalendarCheckIcon aria-label="Confirmada" className="size-3.5" />}
            {o.orden}. {o.fecha}
          </li>
        );
      })}
    </ol>
  );
}
