import { JOB_RESULT_LABELS } from '@shared/ops';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { JobRow } from '@/features/system/system-api';

const TONE = {
  OK: 'success',
  FALLIDO: 'destructive',
  EN_CURSO: 'warning',
  SIN_EJECUTAR: 'secondary',
} as const;

const duration = (ms: number | null) =>
  ms == null ? '—' : ms < 1000 ? `${formatNumber(ms)} ms` : `${formatNumber(Math.round(ms / 100) / 10)} s`;

/** Every scheduled job of the registry: last run, outcome, duration, next run (a list that wraps on a phone). */
export function JobsCard({ rows }: { rows: JobRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tareas programadas</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {rows.map((j) => (
            <li
              key={j.clave}
              data-job={j.clave}
              className="grid gap-2 py-3 first:pt-0 last:pb-0 md:grid-cols-[1fr_auto] md:items-center md:gap-6"
            >
              <div className="grid gap-1">
                <span className="font-medium">{j.nombre}</span>
                {j.error && <span className="text-sm text-destructive break-words">{j.error}</span>}
              </div>
              <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4 md:w-[36rem] md:text-right">
                <div>
                  <dt className="text-xs text-muted-foreground">Última ejecución</dt>
                  <dd className="whitespace-nowrap">
                    {j.ultima_ejecucion ? formatDateTime(j.ultima_ejecucion) : 'Nunca'}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Resultado</dt>
                  <dd>
                    <Badge variant={TONE[j.resultado]}>{JOB_RESULT_LABELS[j.resultado]}</Badge>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Duración</dt>
                  <dd className="tabular-nums">{duration(j.duracion_ms)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Próxima</dt>
                  <dd className="whitespace-nowrap">{formatDateTime(j.proxima)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
