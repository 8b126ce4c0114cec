import { JOB_RESULT_LABELS } from '@shared/ops';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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

/** Every scheduled job of the registry: last run, outcome, duration, next run. */
export function JobsCard({ rows }: { rows: JobRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tareas programadas</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Tarea</TableHead>
              <TableHead>Última ejecución</TableHead>
              <TableHead>Resultado</TableHead>
              <TableHead className="text-right">Duración</TableHead>
              <TableHead>Próxima</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((j) => (
              <TableRow key={j.clave} data-job={j.clave}>
                <TableCell className="font-medium">
                  {j.nombre}
                  {j.error && <p className="mt-1 max-w-md text-xs font-normal text-destructive">{j.error}</p>}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {j.ultima_ejecucion ? formatDateTime(j.ultima_ejecucion) : 'Nunca'}
                </TableCell>
                <TableCell>
                  <Badge variant={TONE[j.resultado]}>{JOB_RESULT_LABELS[j.resultado]}</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">{duration(j.duracion_ms)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(j.proxima)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
