// Bonuses per settled cycle: paid and still owed stacked, so the unpaid part stands out.
import { P } from '@shared/permissions';
import { useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  axisProps,
  chartFill,
  ChartFrame,
  gridProps,
  legendProps,
  tooltipProps,
} from '@/components/ui/chart';
import { FigureCard } from '@/features/dashboard/figure-card';
import { axisTicks, compactMoney, monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import type { PlatformFigures } from '@/features/dashboard/use-dashboard';
import { MonthTick } from '@/features/dashboard/month-tick';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';

export function BonusesChart({ data }: { data: PlatformFigures['bonos_por_ciclo'] }) {
  const navigate = useNavigate();
  const { can } = useSession();
  // A bar opens its cycle on the settlement screen.
  const open = can(P.liquidacionBonos)
    ? (d: { payload?: unknown }) =>
        navigate(`${links.settlement}?ciclo=${(d.payload as { ciclo_id: number }).ciclo_id}`)
    : undefined;
  const owed = data.reduce((a, d) => a + d.pendiente, 0);
  const ticks = axisTicks(Math.max(0, ...data.map((d) => d.pagado + d.pendiente)));
  return (
    <FigureCard
      title="Bonos por ciclo"
      description={owed > 0 ? `${formatMoney(owed)} por pagar` : 'Todo lo liquidado está pagado'}
      link={{ to: links.settlement, permission: P.liquidacionBonos }}
      empty={data.length === 0}
      emptyText="Aún no hay ciclos liquidados"
    >
      <ChartFrame
        label="Gráfico de bonos pagados y por pagar por ciclo"
        summary={data
          .map(
            (d) =>
              `${monthLabel(d.clave)}: pagado ${formatMoney(d.pagado)}, por pagar ${formatMoney(d.pendiente)}`,
          )
          .join('; ')}
      >
        <BarChart responsive style={chartFill} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 4 }}>
          <CartesianGrid {...gridProps} />
          <XAxis dataKey="clave" {...axisProps} tick={MonthTick} interval={0} height={36} />
          <YAxis
            {...axisProps}
            width={76}
            ticks={ticks}
            domain={[0, ticks.at(-1)!]}
            tickFormatter={(v: number) => compactMoney(v)}
          />
          <Tooltip
            {...tooltipProps}
            labelFormatter={(l) => monthLabel(String(l))}
            formatter={(v, name) => [formatMoney(Number(v)), name]}
          />
          <Legend {...legendProps} />
          <Bar
            dataKey="pagado"
            name="Pagado"
            stackId="bonos"
            fill="var(--success)"
            maxBarSize={40}
            onClick={open}
            cursor={open ? 'pointer' : undefined}
          />
          <Bar
            dataKey="pendiente"
            name="Por pagar"
            stackId="bonos"
            fill="var(--warning)"
            radius={[4, 4, 0, 0]}
            maxBarSize={40}
            onClick={open}
            cursor={open ? 'pointer' : undefined}
          />
        </BarChart>
      </ChartFrame>
    </FigureCard>
  );
}
