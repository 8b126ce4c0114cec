// /app/administracion/conciliacion/view/:id (issue 23 §4): one unpaid purchase with its receipts
// beside it (photos inline), its reference and amount; confirm the payment (PAGADO: the member is
// notified and his subscription activates) or reject the receipt with a reason he is told; then
// the next purchase of the queue as filtered. 'Anterior' / 'Siguiente' walk the same queue.
import { MSG } from '@shared/messages';
import { ArrowLeftIcon, CheckIcon, ChevronLeftIcon, ChevronRightIcon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { FormActions } from '@/components/form/form-actions';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
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
import { formatMoney } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead, type Read } from '@/lib/query';

/** Rows that came with the purchase, shown by components that take a read. */
const shown = <T,>(data: T, reload: () => void): Read<T> => ({
  status: 'ready',
  data,
  error: null,
  reload,
  fetching: false,
});

function Step({ to, label, icon }: { to: string | null; label: string; icon: 'prev' | 'next' }) {
  const content =
    icon === 'prev' ? [<ChevronLeftIcon key="i" />, label] : [label, <ChevronRightIcon key="i" />];
  if (!to)
    return (
      <Button variant="outline" disabled>
        {content}
      </Button>
    );
  return (
    <Button variant="outline" asChild>
      <Link to={to}>{content}</Link>
    </Button>
  );
}

function RejectDialog({
  open,
  onOpenChange,
  busy,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onReject: (motivo: string) => void;
}) {
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = motivo.trim();
    if (!text) return setError(MSG.required);
    if (text.length < 5) return setError(MSG.minLength('El motivo', 5));
    setError('');
    onReject(text);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rechazar el comprobante</DialogTitle>
          <DialogDescription>
            El miembro recibe una notificación con el motivo; la compra sigue sin pagar hasta que envíe un
            comprobante válido.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              Motivo del rechazo
            </label>
            <Textarea
              id={id}
              value={motivo}
              maxLength={500}
              onChange={(e) => setMotivo(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              placeholder="P. ej.: el valor transferido no coincide con el total"
            />
            {error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <FormActions busy={busy} onCancel={() => onOpenChange(false)} label="Rechazar" variant="dialog" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

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
  const at = (to: number | null | undefined) => (to ? `${RECONCILIATION_ROUTE}/view/${to}${search}` : null);
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
  const reject = useWrite<{ id: number; motivo: string }>({
    send: ({ id: purchaseId, motivo }) => rejectPayment(purchaseId, motivo),
    invalidates: refresh,
    onSaved: () => {
      setRejecting(false);
      afterDecision();
    },
  });

  if (left === id && state.status === 'error') return <FormSkeleton fields={6} />;
  if (!/^\d+$/.test(id) || (state.status === 'error' && state.error.notFound))
    return <Navigate to="/404" replace />;
  if (state.status === 'error') return <ErrorState message={MSG.loadError} onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={6} />;
  const compra = state.data;
  return (
    <section className="grid gap-6">
      <PageHeader
        title={`Compra #${compra.id}`}
        description={`Referencia ${compra.referencia} · ${formatMoney(compra.total)} · ${compra.user_name} · hace ${compra.dias} ${compra.dias === 1 ? 'día' : 'días'}`}
      />
      <nav aria-label="Navegación de la cola" className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" asChild>
          <Link to={`${RECONCILIATION_ROUTE}${search}`}>
            <ArrowLeftIcon className="rtl:rotate-180" />
            Volver al listado
          </Link>
        </Button>
        <Step to={at(queue?.prev_id)} label="Anterior" icon="prev" />
        {queue && queue.position > 0 && (
          <span className="px-1 text-sm text-muted-foreground tabular-nums">
            {queue.position} de {queue.total}
          </span>
        )}
        <Step to={at(queue?.next_id)} label="Siguiente" icon="next" />
      </nav>
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
              {compra.rechazo_motivo && (
                <Alert variant="warning">
                  <AlertTitle>Comprobante rechazado antes</AlertTitle>
                  <AlertDescription>{compra.rechazo_motivo}</AlertDescription>
                </Alert>
              )}
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setConfirming(true)} disabled={confirm.busy || reject.busy}>
                  <CheckIcon />
                  Confirmar pago
                </Button>
                <Button
                  variant="outline"
                  onClick={() => setRejecting(true)}
                  disabled={confirm.busy || reject.busy}
                >
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
      <RejectDialog
        key={compra.id}
        open={rejecting}
        onOpenChange={setRejecting}
        busy={reject.busy}
        onReject={(motivo) => void reject.run({ id: compra.id, motivo })}
      />
    </section>
  );
}
