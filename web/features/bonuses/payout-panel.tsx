// "Pagos" of a settled cycle (decision 0200): generate one payout batch per payment method in bounded
// steps (the panel calls the step route until it answers `terminado`), download each batch's file
// and the report of members held back, mark a batch paid with the bank's reference, or annul it.
import { ReadView } from '@/components/feedback/read-view';
import { METODO_LABELS } from '@shared/schemas/payout';
import { BanknoteIcon, BadgeCheckIcon, BanIcon, DownloadIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/feedback/spinner';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { ToneChip } from '@/components/status/tone-chip';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatMoney, formatNumber, plural } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { invalidate, keyOf, useRead } from '@/lib/query';
import { download } from '@/lib/transfer';
import type { Cycle } from '@/features/bonuses/bonus-api';
import { cycleLabel } from '@/features/bonuses/cycle-label';
import { cycleUsersEndpoint } from '@/features/bonuses/cycle-users-grid';
import {
  annulBatch,
  batchFilePath,
  generateStep,
  getPayouts,
  heldFilePath,
  type PayoutBatch,
  payoutsPath,
} from '@/features/bonuses/payout-api';
import { PayoutPaidDialog } from '@/features/bonuses/payout-paid-dialog';
import { STATE } from '@shared/workflow';

const TONE: Record<string, string> = {
  GENERANDO: 'warning',
  GENERADO: 'neutral',
  PAGADO: 'success',
  ANULADO: 'danger',
};
const STATE_LABEL: Record<string, string> = {
  GENERANDO: 'Generando',
  GENERADO: 'Generado',
  PAGADO: 'Pagado',
  ANULADO: 'Anulado',
};
const methodLabel = (m: string) => METODO_LABELS[m] ?? m;

export function PayoutPanel({ cycle, onChanged }: { cycle: Cycle; onChanged: () => void }) {
  const res = useRead(keyOf(payoutsPath(cycle.id)), (signal) => getPayouts(cycle.id, signal));
  const { reload } = res;
  const [paying, setPaying] = useState<PayoutBatch | null>(null);
  const [annulling, setAnnulling] = useState<PayoutBatch | null>(null);
  const [fetching, setFetching] = useState<string | null>(null);
  const label = cycleLabel(cycle.clave);
  const refresh = () => {
    reload();
    // Generating, paying or annulling a batch moves the rows the cycle's users grid shows below.
    void invalidate(cycleUsersEndpoint(cycle.id));
    onChanged();
  };

  // Each call is one bounded step on the server; a long generation goes on call after call.
  const generating = useWrite({
    send: async () => {
      for (;;) {
        const step = await generateStep(cycle.id);
        if (step.terminado) return step;
        reload();
      }
    },
    success: null,
    errors: 'notify',
    onSaved: (step) => {
      if (step.estado === 'SIN_PAGOS') toast.info(step.message);
      else toast.success(step.message);
      refresh();
    },
  });
  const annul = useWrite({
    send: (batch: PayoutBatch) => annulBatch(batch.id),
    errors: 'notify',
    onSaved: refresh,
  });

  const fetchFile = async (key: string, path: string, name: string) => {
    setFetching(key);
    await download(path, undefined, name);
    setFetching(null);
  };

  const data = res.data;
  const batches = data?.data ?? [];
  const held = data?.retenidos ?? [];
  const heldMembers = held.reduce((a, h) => a + h.miembros, 0);

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle className="flex items-center gap-2">
              <BanknoteIcon aria-hidden className="size-5 text-primary" />
              Pagos del ciclo {label}
            </CardTitle>
            <CardDescription>
              Un lote por método de pago con los miembros a pagar; los retenidos se listan con el motivo.
              {data && ` Pago mínimo: ${formatMoney(data.minimo)}.`}
            </CardDescription>
          </div>
          <Button
            disabled={!data || data.bloqueo !== null || generating.busy}
            onClick={() => void generating.run()}
          >
            {generating.busy ? <Spinner /> : <PlayIcon />}
            {generating.busy ? 'Generando…' : 'Generar lotes de pago'}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ReadView read={res} loading={<Skeleton className="h-24 w-full" aria-label="Cargando pagos" />}>
          {(data) => (
            <>
              {data.bloqueo && (
                <p className="text-sm text-muted-foreground" role="status">
                  {data.bloqueo}
                </p>
              )}
              {batches.length === 0 ? (
                <EmptyState text="Aún no hay lotes de pago para este ciclo." />
              ) : (
                <Table aria-label={`Lotes de pago del ciclo ${label}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Lote</TableHead>
                      <TableHead>Método</TableHead>
                      <TableHead>Estado</TableHead>
                      <TableHead className="text-right">Miembros</TableHead>
                      <TableHead className="text-right">Total</TableHead>
                      <TableHead>Referencia</TableHead>
                      <TableHead className="text-right">Acciones</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {batches.map((b) => (
                      <TableRow key={b.id}>
                        <TableCell>{b.id}</TableCell>
                        <TableCell>{methodLabel(b.metodo)}</TableCell>
                        <TableCell>
                          <ToneChip status={b.estado} tone={TONE[b.estado]} label={STATE_LABEL[b.estado]} />
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{formatNumber(b.miembros)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatMoney(b.total)}</TableCell>
                        <TableCell>
                          {b.referencia ? (
                            <span title={b.pagado_at ? formatDateTime(b.pagado_at) : undefined}>
                              {b.referencia}
                            </span>
                          ) : (
                            '—'
                          )}
                        </TableCell>
                        <TableCell>
                          <div className="flex flex-wrap justify-end gap-1">
                            {b.estado !== STATE.GENERANDO && (
                              <Button
                                variant="ghost"
                                size="sm"
                                disabled={fetching !== null}
                                onClick={() =>
                                  void fetchFile(
                                    `lote-${b.id}`,
                                    batchFilePath(b.id),
                                    `lote-pago-${b.id}.xlsx`,
                                  )
                                }
                                aria-label={`Descargar archivo del lote ${b.id} (${methodLabel(b.metodo)})`}
                              >
                                {fetching === `lote-${b.id}` ? <Spinner /> : <DownloadIcon />}
                                Archivo
                              </Button>
                            )}
                            {b.estado === STATE.GENERADO && (
                              <Button
                                variant="ghost"
                                size="sm"
                                onClick={() => setPaying(b)}
                                aria-label={`Marcar pagado el lote ${b.id}`}
                              >
                                <BadgeCheckIcon />
                                Marcar pagado
                              </Button>
                            )}
                            {(b.estado === STATE.GENERADO || b.estado === STATE.GENERANDO) && (
                              <Button
                                variant="ghost"
                                size="sm"
                                disabled={annul.busy}
                                onClick={() => setAnnulling(b)}
                                aria-label={`Anular el lote ${b.id}`}
                              >
                                <BanIcon />
                                Anular
                              </Button>
                            )}
                          </div>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              {!data.bloqueo && (
                <div className="grid gap-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-medium">Retenidos: {plural(heldMembers, 'miembro', 'miembros')}</h3>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={heldMembers === 0 || fetching !== null}
                      onClick={() =>
                        void fetchFile(
                          'retenidos',
                          heldFilePath(cycle.id),
                          `pagos-retenidos-${cycle.clave}.xlsx`,
                        )
                      }
                    >
                      {fetching === 'retenidos' ? <Spinner /> : <DownloadIcon />}
                      Descargar retenidos
                    </Button>
                  </div>
                  {held.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Ningún miembro retenido en este ciclo.</p>
                  ) : (
                    <ul className="grid gap-1 text-sm">
                      {held.map((h) => (
                        <li key={h.motivo} className="flex flex-wrap justify-between gap-2">
                          <span>{h.motivo}</span>
                          <span className="tabular-nums text-muted-foreground">
                            {plural(h.miembros, 'miembro', 'miembros')} · {formatMoney(h.total)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </>
          )}
        </ReadView>
      </CardContent>
      <PayoutPaidDialog
        batch={paying}
        onClose={() => setPaying(null)}
        onDone={() => {
          setPaying(null);
          refresh();
        }}
      />
      <ConfirmDialog
        open={annulling !== null}
        onOpenChange={(o) => !o && setAnnulling(null)}
        description={
          annulling
            ? `Se anula el lote ${annulling.id} (${methodLabel(annulling.metodo)}); sus miembros quedan libres para un nuevo lote.`
            : undefined
        }
        destructive
        onConfirm={() => {
          const b = annulling;
          setAnnulling(null);
          if (b) void annul.run(b);
        }}
      />
    </Card>
  );
}
