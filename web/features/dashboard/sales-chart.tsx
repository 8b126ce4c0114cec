// Paid sales per month (COP), last twelve months, as an area: the trend is the point.
import { P } from '@shared/permissions';
import { ChartFrame } from '@/components/ui/chart';
import { FigureCard } from '@/features/dashboard/figure-card';
import { monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import { SalesPlot } from '@/features/dashboard/lazy-plots';
import type { MonthValue } from '@/features/dashboard/use-dashboard';
import { formatMoney } from '@/lib/format';

export function SalesChart({ data }: { data: MonthValue[] }) {
  const total = data.reduce((a, d) => a + d.valor, 0);
  return (
    <FigureCard
      title="Ventas por mes"
      description={`${formatMoney(total)} pagados en los últimos 12 meses`}
      link={{ to: links.sales, permission: P.controlCompras }}
      empty={total === 0}
    >
      <ChartFrame
        label="Gráfico de ventas por mes en pesos colombianos"
        summary={data.map((d) => `${monthLabel(d.mes)}: ${formatMoney(d.valor)}`).join('; ')}
        plot={<SalesPlot data={data} />}
      />
    </FigureCard>
  );
}
