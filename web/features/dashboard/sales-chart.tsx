// Paid sales per month (COP), last twelve months, as an area: the trend is the point.
import { P } from '@shared/permissions';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { axisProps, chartFill, ChartFrame, gridProps, tooltipProps } from '@/components/ui/chart';
import { FigureCard } from '@/features/dashboard/figure-card';
import { axisTicks, compactMoney, monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import type { MonthValue } from '@/features/dashboard/use-dashboard';
import { MonthTick } from '@/features/dashboard/month-tick';
import { formatMoney } from '@/lib/format';

export function SalesChart({ data }: { data: MonthValue[] }) {
  const total = data.reduce((a, d) => a + d.valor, 0);
  const ticks = axisTicks(Math.max(...data.map((d) => d.valor)));
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
      >
        <AreaChart responsive style={chartFill} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 4 }}>
          <defs>
            <linearGradient id="ventas-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor="var(--primary)" stopOpacity={0.35} />
              <stop offset="95%" stopColor="var(--primary)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid {...gridProps} />
          <XAxis
            dataKey="mes"
            {...axisProps}
            tick={MonthTick}
            interval={0}
            height={36}
            padding={{ left: 14, right: 14 }}
          />
          <YAxis
            {...axisProps}
            width={76}
            ticks={ticks}
            domain={[0, ticks.at(-1)!]}
            tickFormatter={(v: number) => compactMoney(v)}
          />
          <Tooltip
            {...tooltipProps}
            cursor={{ stroke: 'var(--border)' }}
            labelFormatter={(l) => monthLabel(String(l))}
            formatter={(v) => [formatMoney(Number(v)), 'Ventas']}
          />
          <Area
            type="monotone"
            dataKey="valor"
            name="Ventas"
            stroke="var(--primary)"
            strokeWidth={2}
            fill="url(#ventas-fill)"
          />
        </AreaChart>
      </ChartFrame>
    </FigureCard>
  );
}
