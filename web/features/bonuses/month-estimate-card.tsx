// Mis bonos, the month in course: what the referrals' purchases paid so far give, per level, as
// the settlement will compute it at the close (GET /bonos/ciclobonificacionuser/estimado).
import { MSG } from '@shared/messages';
import { cycleMonthName } from '@shared/cycles';
import { TriangleAlertIcon } from 'lucide-react';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getMonthEstimate } from '@/features/bonuses/bonus-api';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';

const num = 'text-end tabular-nums';

export function MonthEstimateCard() {
  const res = useRead(keyOf('/bonos/ciclobonificacionuser/estimado'), getMonthEstimate);
  const e = res.data;
  return (
    <Card aria-labelledby="bono-en-curso">
      <CardHeader>
        <CardTitle id="bono-en-curso">
          {e ? `Este mes, en curso: ${cycleMonthName(e.clave)}` : 'Este mes, en curso'}
        </CardTitle>
        <CardDescription>
          {e
            ? `Un estimado con las compras de tus referidos pagadas hasta hoy; cambia con cada compra pagada o anulada hasta el cierre (${formatDate(e.cierre)}), cuando se liquida.`
            : 'Un estimado con las compras de tus referidos pagadas hasta hoy.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {res.status === 'error' ? (
          <ErrorState message={MSG.loadError} onRetry={res.reload} />
        ) : !e ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            <p className="text-2xl font-semibold tabular-nums" data-testid="month-estimate">
              {formatMoney(e.bruto)}
            </p>
            {!e.califica && e.bruto > 0 && (
              <Alert variant="warning">
                <TriangleAlertIcon />
                <AlertDescription>
                  Para cobrarlo necesitas una suscripción aprobada y vigente al cierre del mes; sin ella, este
                  mes se liquida en $ 0.
                </AlertDescription>
              </Alert>
            )}
            <div className="overflow-x-auto rounded-lg border">
              <Table aria-label="Bono del mes en curso por nivel" scrollable>
                <TableHeader>
                  <TableRow>
                    <TableHead>Nivel</TableHead>
                    <TableHead className="text-end">Porcentaje</TableHead>
                    <TableHead className="text-end">Compras</TableHead>
                    <TableHead className="text-end">Base</TableHead>
                    <TableHead className="text-end">Bono</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {e.niveles.map((l) => (
                    <TableRow key={l.nivel}>
                      <TableCell>Nivel {l.nivel}</TableCell>
                      <TableCell className={num}>{formatPercent(l.porcentaje / 100)}</TableCell>
                      <TableCell className={num}>{formatNumber(l.compras)}</TableCell>
                      <TableCell className={num}>{formatMoney(l.base)}</TableCell>
                      <TableCell className={num}>{formatMoney(l.monto)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
