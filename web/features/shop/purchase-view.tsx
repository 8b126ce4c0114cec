// The detail of one purchase: lines and totals, state chip, history and
// attachments. Members see their own (`/compras`); administrators any (`/admin/compras`), with
// the 'Estados' menu.
import { MSG } from '@shared/messages';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { StatusMenu } from '@/components/status/status-menu';
import { STATE, PAYMENT } from '@shared/workflow';
import { BackLink } from '@/components/layout/back-link';
import { AnnulPurchaseButton } from '@/features/shop/annul-purchase';
import { WithdrawPurchase } from '@/features/shop/withdraw-purchase';
import { PurchaseAttachments } from '@/features/shop/purchase-attachments';
import { PaymentInstructions } from '@/features/shop/payment-instructions';
import { PurchaseHistory } from '@/features/shop/purchase-history';
import { PurchaseInvoice } from '@/features/shop/purchase-invoice';
import { PurchaseLines } from '@/features/shop/purchase-lines';
import { PayOnlineButton } from '@/features/shop/pay-online-button';
import { PurchaseSummary } from '@/features/shop/purchase-summary';
import {
  getAttachments,
  getPaymentInstructions,
  getPurchase,
  getPurchaseHistory,
  SHOP_API,
  setPurchaseState,
} from '@/features/shop/shop-api';
import { keyOf, useRead } from '@/lib/query';
import { Redirect } from '@/lib/redirect';

type Props = { id: string; admin: boolean; backTo: string };

export function PurchaseView({ id, admin, backTo }: Props) {
  const base = `${SHOP_API}${admin ? '/admin/compras' : '/compras'}/${id}`;
  const state = useRead(keyOf(base), async (signal) => (await getPurchase(id, admin, signal)).data);
  const { reload } = state;
  const history = useRead(
    keyOf(`${base}/historial`),
    async (signal) => (await getPurchaseHistory(id, admin, signal)).data,
  );
  const attachments = useRead(
    keyOf(`${base}/adjuntos`),
    async (signal) => (await getAttachments(id, admin, signal)).data,
  );

  // The member's instructions (the same read as the card's): their accounts are the receipt's choices.
  const unpaid = !admin && state.data?.estado === STATE.NO_PAGADO && state.data.pagado_at == null;
  const instructions = useRead(unpaid ? keyOf(`${SHOP_API}/compras/${id}/pago`) : null, (signal) =>
    getPaymentInstructions(id, signal),
  );

  if (state.status === 'error' && state.error.notFound) return <Redirect to="/404" replace />;
  const back = <BackLink to={backTo}>Volver</BackLink>;
  if (state.status === 'error') return <ErrorState message={MSG.loadError} onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={6} />;
  const compra = state.data;
  // Annulled (decision 0316): ANULADA is final; it is not paid again.
  const annulled = compra.estado === STATE.ANULADA;
  const changed = () => {
    reload();
    history.reload();
  };
  return (
    <section className="grid gap-6">
      <PageHeader
        title={`Compra #${compra.id}`}
        description={
          admin
            ? `Comprada por ${compra.user_name}`
            : annulled
              ? 'Compra anulada: su historial dice por qué.'
              : compra.estado === STATE.NO_PAGADO
                ? 'Paga por transferencia con la referencia de abajo y adjunta el comprobante; un administrador confirmará el pago.'
                : 'Pago confirmado.'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {back}
            {!admin && compra.estado === STATE.NO_PAGADO && !annulled && (
              <PayOnlineButton purchaseId={compra.id} />
            )}
            {admin && (
              <StatusMenu
                current={compra.estado}
                send={(body) => setPurchaseState(compra.id, body)}
                table={PAYMENT}
                choices={annulled ? [] : undefined}
                onDone={changed}
              />
            )}
            {admin && <AnnulPurchaseButton compra={compra} onDone={changed} />}
            {!admin && <WithdrawPurchase compra={compra} />}
          </div>
        }
      />
      <PurchaseSummary compra={compra} showBuyer={admin} />
      {!admin && compra.estado === STATE.NO_PAGADO && !annulled && <PaymentInstructions id={compra.id} />}
      <PurchaseLines compra={compra} />
      {compra.pagado_at != null && <PurchaseInvoice key={compra.estado} id={compra.id} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <PurchaseAttachments
          list={attachments}
          uploadPath={admin ? null : `${base}/adjuntos`}
          onChange={() => {
            attachments.reload();
            reload(); // a receipt may declare the account paid into
          }}
          showImages={admin}
          accounts={unpaid ? instructions.data?.cuentas : undefined}
          paid={state.data?.estado === STATE.PAGADO}
        />
        <PurchaseHistory history={history} onRetry={history.reload} />
      </div>
    </section>
  );
}
