// The administrator's first-run checklist: every catalogue member screens read that
// has no active row yet, each with a link to its list. Hidden when nothing is pending.
import { ListChecksIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type ChecklistPending as Pending, getChecklist } from '@/features/dashboard/dashboard-api';
import { keyOf, useRead } from '@/lib/query';

/** The checklist's reply; the dashboard waits for it, so the card never pushes the figures down. */
export function useChecklist() {
  return useRead(keyOf('/reports/checklist'), getChecklist);
}

export function FirstRunChecklist({ pending }: { pending: Pending }) {
  if (!pending.length) return null;
  return (
    <Card className="gap-4 border-warning/40" aria-labelledby="first-run-title">
      <CardHeader>
        <CardTitle id="first-run-title" className="flex items-center gap-2 text-base">
          <ListChecksIcon aria-hidden className="size-5" />
          Primeros pasos: tablas por completar
        </CardTitle>
        <CardDescription>
          Estas tablas no tienen registros activos y las pantallas de los miembros las necesitan. Agrégalos o
          impórtalos desde Excel.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tablas por completar">
          {pending.map((p) => (
            <li key={p.key} className="flex items-start justify-between gap-2 rounded-md border p-3">
              <div className="grid gap-0.5">
                <Link to={p.route} className="font-medium underline underline-offset-4">
                  {p.label}
                </Link>
                <span className="text-xs text-muted-foreground">{p.usado_en}</span>
              </div>
              {p.requerido && <Badge variant="warning">Obligatoria</Badge>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
