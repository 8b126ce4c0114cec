// The member's purchases: how many are paid and unpaid, and for how much.
import { P } from '@shared/permissions';
import { links } from '@/features/dashboard/dashboard-links';
import type { MemberFigures } from '@/features/dashboard/use-dashboard';
import { FigureCard } from '@/features/dashboard/figure-card';
import { FigureRow } from '@/features/dashboard/figure-pair';
import { formatMoney, formatNumber } from '@/lib/format';

const count = (n: number) => `${formatNumber(n)} ${n === 1 ? 'compra' : 'compras'}`;

export function PurchasesCard({ data }: { data: MemberFigures['compras'] }) {
  const none = data.pagado.total + data.no_pagado.total === 0;
  return (
    <FigureCard
      title="Mis compras"
      link={{ to: links.myPurchases, permission: P.misCompras }}
      empty={none}
      emptyText="Aún no has hecho compras"
    >
      <FigureRow
        figures={[
          {
            label: 'Pagadas',
            value: formatMoney(data.pagado.valor),
            hint: count(data.pagado.total),
            tone: 'success',
          },
          {
            label: 'Sin pagar',
            value: formatMoney(data.no_pagado.valor),
            hint: count(data.no_pagado.total),
            tone: data.no_pagado.total ? 'danger' : undefined,
          },
        ]}
      />
    </FigureCard>
  );
}
