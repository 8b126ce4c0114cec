// Close with review for the selected cycle: whether its payouts may be generated (approval by a
// second administrator when the setting asks for it, with the approve button), and the comparison
// with the previous settled cycle (members, total, the largest changes per member).
import { P } from '@shared/permissions';
import { BadgeCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { ReadView } from '@/components/feedback/read-view';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatMoney, formatNumber, plural } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { useSession } from '@/lib/session';
import {
  approveCycle,
  type Comparison,
  COMPARISON_TOP,
  getComparison,
  getCycleReview,
} from '@/features/bonuses/review-api';
import { STATE } from '@shared/workflow';

type Props = { cycle: { id: number; clave: string; estado: string } };

export function ReviewCycleCard({ cycle }: Props) {
  const canApprove = useSession().can(P.aprobarCierreBonos);
  const reviewPath = `/bonos/ciclos/${cycle.id}/revision`;
  const review = useRead(keyOf(reviewPath), (signal) => getCycleReview(cycle.id, signal));
  const comparison = useRead(keyOf(`/bonos/ciclos/${cycle.id}/comparacion`), (signal) =>
    getComparison(cycle.id, signal),
  );
  const [confirming, setConfirming] = useState(false);
  const approve = useWrite({
    send: () => approveCycle(cycle.id, { comentario: null }),
    errors: 'notify',
    invalidates: [reviewPath],
  });
  const r = review.data?.data;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Revisión del cierre</CardTitle>
            <CardDescription>
              {r?.aprobacion_requerida
                ? 'Los pagos del ciclo se generan solo después de la aprobación de un segundo administrador.'
                : 'La aprobación del cierre no es obligatoria (ver Parámetros de pago).'}
            </CardDescription>
          </div>
          {r && cycle.estado === STATE.LIQUIDADO && !r.aprobado_at && canApprove && (
            <Button disabled={approve.busy} onClick={() => setConfirming(true)}>
              {approve.busy ? <Spinner /> : <BadgeCheckIcon />}
              Aprobar cierre
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ReadView read={review} loading={<Skeleton className="h-8 w-full" aria-label="Cargando revisión" />}>
          {({ data }) => (
            <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
              {data.aprobado_at ? (
                <Badge variant="success">Aprobado</Badge>
              ) : (
                <Badge variant={data.aprobacion_requerida ? 'warning' : 'outline'}>Sin aprobar</Badge>
              )}
              {data.aprobado_at && (
                <span>
                  por {data.aprobado_por_nombre} el {formatDateTime(data.aprobado_at)}
                </span>
              )}
              <span className="text-muted-foreground">
                ·{' '}
                {data.pagos_habilitados
                  ? 'Se pueden generar los pagos'
                  : 'Pagos bloqueados hasta la aprobación'}
              </span>
              {data.ajustes_pendientes > 0 && (
                <span className="text-muted-foreground">
                  · {plural(data.ajustes_pendientes, 'ajuste pendiente', 'ajustes pendientes')}
                </span>
              )}
            </div>
          )}
        </ReadView>
        <ReadView
          read={comparison}
          loading={<Skeleton className="h-24 w-full" aria-label="Cargando comparación" />}
        >
          {({ data }) => <ComparisonPanel data={data} />}
        </ReadView>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Aprobar cierre"
        description={`Apruebas las cifras del ciclo ${cycle.clave}: después se pueden generar sus pagos.`}
        onConfirm={() => {
          setConfirming(false);
          void approve.run();
        }}
      />
    </Card>
  );
}

function ComparisonPanel({ data }: { data: Comparison }) {
  if (!data.anterior)
    return <p className="text-sm text-muted-foreground">No hay un ciclo liquidado anterior para comparar.</p>;
  const delta = data.ciclo.total - data.anterior.total;
  return (
    <section className="grid gap-3" aria-label={`Comparación con el ciclo ${data.anterior.clave}`}>
      <h3 className="font-medium">Comparación con {data.anterior.clave}</h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Miembros</dt>
          <dd>
            {formatNumber(data.ciclo.miembros)} (antes {formatNumber(data.anterior.miembros)};{' '}
            {formatNumber(data.nuevos)} nuevos, {formatNumber(data.salientes)} sin fila)
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Total</dt>
          <dd>
            {formatMoney(data.ciclo.total)} (antes {formatMoney(data.anterior.total)})
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Diferencia</dt>
          <dd className="tabular-nums">{formatMoney(delta)}</dd>
        </div>
      </dl>
      {data.cambios.length > 0 && (
        <Table aria-label={`Los ${COMPARISON_TOP} mayores cambios por miembro`}>
          <TableHeader>
            <TableRow>
              <TableHead>Usuario</TableHead>
              <TableHead className="text-right">{data.anterior.clave}</TableHead>
              <TableHead className="text-right">{data.ciclo.clave}</TableHead>
              <TableHead className="text-right">Cambio</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.cambios.map((c) => (
              <TableRow key={c.user_id}>
                <TableCell>
                  {c.user_name}
                  {c.nombre && <span className="block text-xs text-muted-foreground">{c.nombre}</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(c.anterior)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(c.actual)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(c.cambio)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
