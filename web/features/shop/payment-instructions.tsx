// How to pay one unpaid purchase (decision 0130): the exact amount, the payment reference, every
// active collection account with copy buttons, and what happens next. Shown on the checkout
// confirmation and on the purchase detail of the member who owns it.
import { MSG } from '@shared/messages';
import { CopyIcon, InfoIcon, TriangleAlertIcon, WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type CollectionAccount,
  getPaymentInstructions,
  type PaymentInstructions as Instructions,
  SHOP_API,
} from '@/features/shop/shop-api';
import { copyText } from '@/lib/clipboard';
import { formatMoney } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';

function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={`Copiar ${label}`}
      onClick={() =>
        copyText(value).then(
          () => toast.success(`${label[0]!.toUpperCase()}${label.slice(1)} copiado`),
          () => toast.error('No fue posible copiar'),
        )
      }
    >
      <CopyIcon />
      Copiar
    </Button>
  );
}

/** One labelled value; with `copy`, a button copies it (digits only for an account number). */
function Field({ label, value, copy }: { label: string; value: string | null; copy?: string }) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-sm">
        <span className="break-all font-medium">{value}</span>
        {copy !== undefined && <CopyButton value={copy} label={label.toLowerCase()} />}
      </dd>
    </div>
  );
}

const ACCOUNT_TYPE: Record<string, string> = { AH: 'Ahorros', CO: 'Corriente' };

function AccountCard({ a }: { a: CollectionAccount }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3" aria-label={`Cuenta ${a.nombre}`}>
      <div className="flex items-center gap-2">
        <WalletIcon aria-hidden className="size-4 text-primary" />
        <span className="font-semibold">{a.nombre}</span>
        <span className="text-xs text-muted-foreground">· {a.metodo}</span>
      </div>
      <dl className="grid gap-1.5">
        <Field label="Banco" value={a.banco} />
        <Field
          label="Tipo de cuenta"
          value={a.tipo_cuenta ? (ACCOUNT_TYPE[a.tipo_cuenta] ?? a.tipo_cuenta) : null}
        />
        <Field
          label={a.tipo === 'BILLETERA' ? 'Celular' : 'Número de cuenta'}
          value={a.numero}
          copy={a.numero?.replace(/[\s-]/g, '')}
        />
        <Field label="Titular" value={a.titular} />
        <Field
          label="Documento"
          value={a.documento ? `${a.tipo_documento ?? ''} ${a.documento}`.trim() : null}
          copy={a.documento ?? undefined}
        />
        <Field label="Criptomoneda" value={a.criptomoneda} />
        <Field label="Red" value={a.red} />
        <Field label="Dirección" value={a.direccion} copy={a.direccion ?? undefined} />
      </dl>
      {a.qr_url && (
        <img
          src={a.qr_url}
          alt={`Código QR de ${a.nombre}`}
          className="size-40 rounded border bg-white object-contain p-1"
          loading="lazy"
        />
      )}
    </li>
  );
}

/** `detail`: where the receipt is attached, when it is not on this screen (right after checkout). */
export function PaymentInstructionsView({ data, detail }: { data: Instructions; detail?: string }) {
  return (
    <div className="grid gap-4">
      {data.rechazo && (
        <Alert variant="warning">
          <TriangleAlertIcon />
          <AlertTitle>No pudimos confirmar tu pago</AlertTitle>
          <AlertDescription>
            {data.rechazo.motivo}. Revisa los datos y adjunta un comprobante válido.
          </AlertDescription>
        </Alert>
      )}
      <dl className="grid gap-3 rounded-lg bg-muted/50 p-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Valor a pagar (exacto)</dt>
          <dd className="flex items-center gap-1">
            <span className="text-lg font-semibold tabular-nums" data-testid="payment-amount">
              {formatMoney(data.total)} {data.moneda}
            </span>
            <CopyButton value={String(data.total / 100)} label="valor" />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Referencia de pago</dt>
          <dd className="flex items-center gap-1">
            <span className="font-mono text-lg font-semibold tracking-wider" data-testid="payment-reference">
              {data.referencia}
            </span>
            <CopyButton value={data.referencia} label="referencia" />
          </dd>
        </div>
      </dl>
      {data.cuentas.length ? (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Cuentas para pagar">
          {data.cuentas.map((a) => (
            <AccountCard key={a.id} a={a} />
          ))}
        </ul>
      ) : (
        <Alert variant="info">
          <InfoIcon />
          <AlertTitle>Aún no hay cuentas de pago configuradas</AlertTitle>
          <AlertDescription>Comunícate con el administrador para saber cómo pagar.</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-1 text-sm">
        <h3 className="font-semibold">Qué sigue</h3>
        <ol className="list-decimal space-y-1 ps-5">
          <li>
            Transfiere exactamente {formatMoney(data.total)} a una de las cuentas y escribe la referencia{' '}
            <span className="font-mono font-semibold">{data.referencia}</span> en la descripción de la
            transferencia.
          </li>
          <li>
            {detail ? (
              <>
                Adjunta el comprobante en el{' '}
                <Link to={detail} className="font-medium underline underline-offset-4">
                  detalle de la compra
                </Link>
              </>
            ) : (
              'Adjunta el comprobante abajo'
            )}
            , con el tipo «Comprobante de pago»: un PDF o una captura de pantalla (JPG, PNG o WEBP).
          </li>
          <li>
            Un administrador confirma el pago; te llega una notificación y, si compraste una suscripción, se
            activa en ese momento.
          </li>
        </ol>
      </div>
    </div>
  );
}

/** The instructions of purchase `id`, in a card. */
export function PaymentInstructions({ id, detail }: { id: number; detail?: string }) {
  const res = useRead(keyOf(`${SHOP_API}/compras/${id}/pago`), (signal) =>
    getPaymentInstructions(String(id), signal),
  );
  return (
    <Card aria-labelledby={`pago-${id}`}>
      <CardHeader>
        <CardTitle id={`pago-${id}`}>Cómo pagar esta compra</CardTitle>
        <CardDescription>Paga por transferencia y adjunta el comprobante.</CardDescription>
      </CardHeader>
      <CardContent>
        {res.status === 'error' ? (
          <ErrorState message={MSG.loadError} onRetry={res.reload} />
        ) : !res.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <PaymentInstructionsView data={res.data} detail={detail} />
        )}
      </CardContent>
    </Card>
  );
}
