// "Ajustes" of the selected cycle: manual credits and debits on members' rows. Each one counts
// only when a second administrator approves it (never its author); a pending one whose row was
// paid, carried or put in a payout batch shows why it can no longer be approved.
import { MSG } from '@shared/messages';
import { ReadView } from '@/components/feedback/read-view';
import { P } from '@shared/permissions';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { DecisionButtons } from '@/components/status/decision-buttons';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { invalidate, keyOf, useRead } from '@/lib/query';
import { useSession } from '@/lib/session';
import { CreateAdjustmentDialog, RejectAdjustmentDialog } from '@/features/bonuses/review-adjustment-dialogs';
import { type Adjustment, approveAdjustment, getAdjustments } from '@/features/bonuses/review-api';
import { STATE } from '@shared/workflow';

const BADGE = { PENDIENTE: 'warning', APROBADO: 'success', RECHAZADO: 'destructive' } as const;

type Props = { cycle: { id: number; clave: string; estado: string }; onChanged: () => void };

export function ReviewAdjustmentsCard({ cycle, onChanged }: Props) {
  const { can } = useSession();
  const canCreate = can(P.ajustesBonos) && cycle.estado === STATE.LIQUIDADO;
  const canDecide = can(P.aprobarAjustesBonos);
  const path = `/bonos/ciclos/${cycle.id}/ajustes`;
  const res = useRead(keyOf(path), (signal) => getAdjustments(cycle.id, signal));
  const [creating, setCreating] = useState(false);
  const [approving, setApproving] = useState<Adjustment | null>(null);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);

  const refresh = () => {
    // The rows' totals change with an approval: the cycle's grid and figures too.
    void invalidate(`/bonos/ciclos/${cycle.id}`);
    onChanged();
  };
  const approve = useWrite({
    send: (a: Adjustment) => approveAdjustment(a.id, { comentario: null, version: a.version }),
    errors: 'notify',
    onSaved: refresh,
  });

  const items = res.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Ajustes</CardTitle>
            <CardDescription>
              Créditos o débitos manuales del ciclo. Cuentan solo cuando otro administrador los aprueba.
            </CardDescription>
          </div>
          {canCreate && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon />
              Nuevo ajuste
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <ReadView
          read={res}
          errorMessage={MSG.tableError}
          loading={<Skeleton className="h-24 w-full" aria-label="Cargando ajustes" />}
        >
          {() =>
            items.length === 0 ? (
              <EmptyState title="Sin ajustes" text="Este ciclo no tiene ajustes manuales." />
            ) : (
              <Table aria-label={`Ajustes del ciclo ${cycle.clave}`}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Usuario</TableHead>
                    <TableHead className="text-right">Monto</TableHead>
                    <TableHead>Motivo</TableHead>
                    <TableHead>Estado</TableHead>
                    <TableHead>Registró</TableHead>
                    <TableHead>Decidió</TableHead>
                    <TableHead className="text-right">Acciones</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell className="font-medium">{a.user_name}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(a.monto)}</TableCell>
                      <TableCell className="max-w-64 whitespace-normal">{a.motivo}</TableCell>
                      <TableCell>
                        <Badge variant={BADGE[a.estado as keyof typeof BADGE] ?? 'outline'}>{a.estado}</Badge>
                      </TableCell>
                      <TableCell className="whitespace-normal text-xs">
                        {a.creado_por_nombre}
                        <br />
                        <span className="text-muted-foreground">{formatDateTime(a.creado_at)}</span>
                      </TableCell>
                      <TableCell className="whitespace-normal text-xs">
                        {a.decidido_por_nombre ? (
                          <>
                            {a.decidido_por_nombre}
                            <br />
                            <span className="text-muted-foreground">{formatDateTime(a.decidido_at)}</span>
                            {a.comentario && <span className="block">{a.comentario}</span>}
                          </>
                        ) : (
                          <span className="text-muted-foreground">—</span>
                        )}
                      </TableCell>
                      <TableCell className="text-right">
                        {a.estado === STATE.PENDIENTE && a.bloqueo ? (
                          <span className="text-xs text-muted-foreground">{a.bloqueo}</span>
                        ) : null}
                        {a.estado === STATE.PENDIENTE && canDecide && a.beneficiario && (
                          <span className="text-xs text-muted-foreground">Lo decide otro administrador</span>
                        )}
                        {a.estado === STATE.PENDIENTE && canDecide && !a.beneficiario && (
                          <DecisionButtons
                            className="justify-end gap-1"
                            busy={approve.busy}
                            onApprove={a.propio || a.bloqueo ? null : () => setApproving(a)}
                            instead={
                              a.propio && (
                                <span className="self-center text-xs text-muted-foreground">
                                  Lo aprueba otro administrador
                                </span>
                              )
                            }
                            onReject={() => setRejecting(a)}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          }
        </ReadView>
      </CardContent>
      <CreateAdjustmentDialog
        open={creating}
        cicloId={cycle.id}
        clave={cycle.clave}
        onClose={() => setCreating(false)}
        onDone={() => setCreating(false)}
      />
      <RejectAdjustmentDialog
        adjustment={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null);
          void invalidate(path);
        }}
      />
      <ConfirmDialog
        open={!!approving}
        onOpenChange={(o) => !o && setApproving(null)}
        title="Aprobar ajuste"
        description={
          approving
            ? `Se sumará ${formatMoney(approving.monto)} al total de ${approving.user_name} en el ciclo ${cycle.clave}.`
            : ''
        }
        onConfirm={() => {
          const a = approving;
          setApproving(null);
          if (a) void approve.run(a);
        }}
      />
    </Card>
  );
}
