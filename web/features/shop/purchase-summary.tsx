import { Card, CardContent } from '@/components/ui/card';
import { StatusChip } from '@/components/status/status-chip';
import type { Purchase } from '@/features/shop/shop-api';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { declaredAccountLabel, gatewayLabel } from '@/features/shop/payment-method';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export function PurchaseSummary({ compra, showBuyer }: { compra: Purchase; showBuyer: boolean }) {
  return (
    <Card>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6">
          <Item label="Estado">
            <StatusChip status={compra.estado} />
          </Item>
          <Item label="Fecha">
            <span className="whitespace-nowrap">{formatDateTime(compra.created_at)}</span>
          </Item>
          <Item label="Fecha de pago">
            <span className="whitespace-nowrap">
              {compra.pagado_at ? formatDateTime(compra.pagado_at) : '—'}
            </span>
          </Item>
          <Item label="Artículos">{formatNumber(compra.total_items)}</Item>
          <Item label="Total">
            <span className="font-semibold tabular-nums">{formatMoney(compra.total)}</span>
          </Item>
          {compra.pago_declarado && (
            <Item label={showBuyer ? 'Cuenta declarada por el miembro' : 'Cuenta a la que pagaste'}>
              {declaredAccountLabel(compra.pago_declarado)}
            </Item>
          )}
          {compra.pasarela && <Item label="Pago en línea">{gatewayLabel(compra.pasarela)}</Item>}
          {showBuyer && (
            <Item label="Usuario">
              {compra.user_name} <span className="text-muted-foreground">({compra.email})</span>
            </Item>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
