// /app/administracion/conciliacion/view/:id (decision 0130): one unpaid purchase with its receipts
// beside it (photos inline), its reference and amount; confirm the payment (PAGADO: the member is
// notified and his subscription activates) or reject the receipt with a reason he is told; then
// the next purchase of the queue as filtered. 'Anterior' / 'Siguiente' walk the same queue.
import { MSG } from '@shared/messages';
import { rejectPaymentSchema } from '@shared/schemas/shop';
import { CheckIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { QueueNav } from '@/components/queue/queue-nav';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { declaredAccountLabel } from '@/features/shop/payment-method';
import { PurchaseAttachments } from '@/features/shop/purchase-attachments';
import { PurchaseHistory } from '@/features/shop/purchase-history';
import { PurchaseLines } from '@/features/shop/purchase-lines';
import { PurchaseSummary } from '@/features/shop/purchase-summary';
import { RECONCILIATION_ROUTE } from '@/features/shop/reconciliation-queue-page';
import {
  confirmPayment,
  getReconciliationItem,
  RECONCILIATION_API,
  rejectPayment,
  SHOP_API,
} from '@/features/shop/shop-api';
import { agoLabel, formatMoney } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead, type Read } from '@/lib/query';
import { Redirect } from '@/lib/redirect';

/** Rows that came with the purchase, shown by components that take a read. */
const shown = <T,>(data: T, reload: () => void): Read<T> => ({
  status: 'ready',
  data,
  error: null,
  reload,
  fetching: false,
});

export default function ReconciliationItemPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = useRead(
    /^\d+$/.test(id) ? keyOf(`${RECONCILIATION_API}/${id}`, search) : null,
    async (signal) => (await getReconciliationItem(id, search, signal)).data,
  );
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const { reload } = state;
  const queue = state.status === 'ready' ? state.data.queue : null;
  // A decided purchase leaves the queue (its read turns 404): go on without showing the 404 page.
  const [left, setLeft] = useState<string | null>(null);
  const afterDecision = () => {
    setLeft(id);
    navigate(
      queue?.next_id
        ? `${RECONCILIATION_ROUTE}/view/${queue.next_id}${search}`
        : `${RECONCILIATION_ROUTE}${search}`,
    );
  };
  const refresh = [RECONCILIATION_API, `${SHOP_API}/admin/compras`];
  const confirm = useWrite<number>({
    send: (purchaseId) => confirmPayment(purchaseId, null),
    invalidates: refresh,
    onSaved: afterDecision,
  });

  if (left === id && state.status === 'error') return <FormSkeleton fields={6} />;
  if (!/^\d+$/.test(id) || (state.status === 'error' && state.error.notFound))
    return <Redirect to="/404" replace />;
  if (state.status === 'error') return <ErrorState message={MSG.loadError} onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={6} />;
  const compra = state.data;
  const hasReceipt = compra.archivos.some((a) => a.tipo === 'COMPROBANTE_PAGO');
  return (
    <section className="grid gap-6">
      <PageHeader
        title={`Compra #${compra.id}`}
        description={`Referencia ${compra.referencia} · ${formatMoney(compra.total)} · ${compra.user_name} · ${agoLabel(compra.horas)}`}
      />
      <QueueNav route={RECONCILIATION_ROUTE} search={search} queue={queue} />
      <PurchaseSummary compra={compra} showBuyer />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <PurchaseLines compra={compra} />
          <PurchaseHistory history={shown(compra.historial, reload)} onRetry={reload} />
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Decisión</CardTitle>
              <CardDescription>
                Compara el comprobante con el valor ({formatMoney(compra.total)}) y la referencia{' '}
                <span className="font-mono font-semibold">{compra.referencia}</span>.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              {compra.pago_declarado && (
                <p className="text-sm">
                  El miembro dice que pagó a{' '}
                  <span className="font-medium">{declaredAccountLabel(compra.pago_declarado)}</span>:
                  compruébalo en el comprobante.
                </p>
              )}
              {!hasReceipt && (
                <Alert variant="info">
                  <AlertTitle>Sin comprobante de pago</AlertTitle>
                  <AlertDescription>
                    El miembro aún no adjuntó un comprobante: confirma el pago solo si lo ves en el banco.
                  </AlertDescription>
                </Alert>
              )}
              {compra.rechazo_motivo && (
                <Alert variant="warning">
                  <AlertTitle>Comprobante rechazado antes</AlertTitle>
                  <AlertDescription>{compra.rechazo_motivo}</AlertDescription>
                </Alert>
              )}
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setConfirming(true)} disabled={confirm.busy}>
                  <CheckIcon />
                  Confirmar pago
                </Button>
                <Button variant="outline" onClick={() => setRejecting(true)} disabled={confirm.busy}>
                  <XIcon />
                  Rechazar
                </Button>
              </div>
            </CardContent>
          </Card>
          <PurchaseAttachments
            list={shown(compra.archivos, reload)}
            uploadPath={null}
            onChange={reload}
            showImages
          />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Confirmar pago"
        description={`La compra #${compra.id} pasa a PAGADO: el miembro recibe una notificación y sus suscripciones se activan.`}
        confirmLabel="Confirmar pago"
        onConfirm={() => void confirm.run(compra.id)}
      />
      <ReasonDialog
        key={compra.id}
        open={rejecting}
        onOpenChange={setRejecting}
        title={hasReceipt ? 'Rechazar el comprobante' : 'Rechazar el pago'}
        description={`${hasReceipt ? '' : 'Esta compra no tiene comprobante adjunto. '}El miembro recibe una notificación con el motivo; la compra sigue sin pagar hasta que envíe un comprobante válido.`}
        label="Motivo del rechazo"
        placeholder="P. ej.: el valor transferido no coincide con el total"
        submitLabel="Rechazar"
        schema={rejectPaymentSchema}
        send={(motivo) => rejectPayment(compra.id, motivo)}
        invalidates={refresh}
        onSaved={() => {
          setRejecting(false);
          afterDecision();
        }}
      />
    </section>
  );
}
