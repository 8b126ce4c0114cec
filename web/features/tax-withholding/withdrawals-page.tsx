// Administración → Retractos (decision 0449): the members' withdrawal requests, pending first;
// approving annuls the purchase (the shop's «Anular» path) and records the refund; rejecting asks
// for the reason the member reads.
import { ReadView } from '@/components/feedback/read-view';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { PageHeader } from '@/components/feedback/page-header';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { ToneChip } from '@/components/status/tone-chip';
import { DecisionButtons } from '@/components/status/decision-buttons';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { withdrawalSchema } from '@shared/schemas/tax-withholding';
import {
  decideWithdrawal,
  getWithdrawals,
  RETRACTOS_API,
  type WithdrawalRow,
} from '@/features/tax-withholding/tax-api';
import { STATE } from '@shared/workflow';

const dayLabel = (d: string) => d.split('-').reverse().join('/');

export default function WithdrawalsPage() {
  const [estado, setEstado] = useState<string>(STATE.PENDIENTE);
  const query = { perPage: '100', ...(estado ? { filters: JSON.stringify({ estado }) } : {}) };
  const res = useRead(keyOf(RETRACTOS_API, query), (signal) => getWithdrawals(query, signal));
  const [rejecting, setRejecting] = useState<WithdrawalRow | null>(null);
  const decided = [RETRACTOS_API, '/miscompras'];
  const approve = useWrite({
    send: (id: number) => decideWithdrawal(id, STATE.APROBADO, null),
    invalidates: decided,
  });
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Retractos"
        description="Solicitudes de retracto de compras pagadas (5 días hábiles desde el pago, Ley 1480 de 2011, art. 47)."
        actions={
          <Select
            aria-label="Estado"
            value={estado}
            onChange={(e) => setEstado(e.target.value)}
            className="w-44"
          >
            <option value={STATE.PENDIENTE}>Pendientes</option>
            <option value={STATE.APROBADO}>Aprobados</option>
            <option value={STATE.RECHAZADO}>Rechazados</option>
            <option value="">Todos</option>
          </Select>
        }
      />
      <ReadView read={res} loading={<Skeleton className="h-40" aria-label="Cargando retractos" />}>
        {(answer) =>
          answer.data.length === 0 ? (
            <EmptyState text="No hay solicitudes de retracto." />
          ) : (
            <Table aria-label="Solicitudes de retracto">
              <TableHeader>
                <TableRow>
                  <TableHead>Compra</TableHead>
                  <TableHead>Miembro</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead>Solicitada</TableHead>
                  <TableHead>Plazo</TableHead>
                  <TableHead>Motivo</TableHead>
                  <TableHead>Estado</TableHead>
                  <TableHead>Acciones</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {answer.data.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>#{r.compra_id}</TableCell>
                    <TableCell>{r.user_name}</TableCell>
                    <TableCell className="text-right">{formatMoney(r.total)}</TableCell>
                    <TableCell>{formatDateTime(r.created_at)}</TableCell>
                    <TableCell>{dayLabel(r.limite)}</TableCell>
                    <TableCell className="max-w-xs whitespace-normal">{r.motivo}</TableCell>
                    <TableCell>
                      <ToneChip status={r.estado} />
                    </TableCell>
                    <TableCell>
                      {r.estado === STATE.PENDIENTE && (
                        <DecisionButtons
                          subject={`el retracto de la compra ${r.compra_id}`}
                          busy={approve.busy}
                          onApprove={() => void approve.run(r.id)}
                          onReject={() => setRejecting(r)}
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
      <ReasonDialog
        key={rejecting?.id ?? 0}
        open={rejecting !== null}
        onOpenChange={(open) => (open ? undefined : setRejecting(null))}
        title={`Rechazar el retracto de la compra #${rejecting?.compra_id ?? ''}`}
        description="El miembro recibe una notificación con el motivo; la compra sigue pagada."
        label="Motivo del rechazo"
        submitLabel="Rechazar"
        schema={withdrawalSchema}
        send={(motivo) => decideWithdrawal(rejecting!.id, STATE.RECHAZADO, motivo)}
        invalidates={decided}
        onSaved={() => setRejecting(null)}
      />
    </section>
  );
}
