// Members registered per month, twelve bars; a bar opens the registered users of its month.
import { P } from '@shared/permissions';
import { useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { axisProps, chartFill, ChartFrame, gridProps, tooltipProps } from '@/components/ui/chart';
import { FigureCard } from '@/features/dashboard/figure-card';
import { monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import type { MonthValue } from '@/features/dashboard/use-dashboard';
import { MonthTick } from '@/features/dashboard/month-tick';
import { formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';

export function MembersChart({ data }: { data: MonthValue[] }) {
  const navigate = useNavigate();
  const { can } = useSession();
  const open = can(P.usuariosRegistrados) ? (mes: string) => navigate(links.membersOf(mes)) : undefined;
  const total = data.reduce((a, d) => a + d.valor, 0);
  return (
    <FigureCard
      title="Miembros registrados por mes"
      description={`${formatNumber(total)} en los últimos 12 meses`}
      link={{ to: links.members, permission: P.usuariosRegistrados }}
      empty={total === 0}
    >
      <ChartFrame
        label="Gráfico de miembros registrados por mes"
        summary={data.map((d) => `${monthLabel(d.mes)}: ${formatNumber(d.valor)}`).join('; ')}
      >
        <BarChart
          responsive
          style={chartFill}
          data={data}
          margin={{ top: 8, right: 4, left: -20, bottom: 4 }}
        >
          <CartesianGrid {...gridProps} />
          <XAxis dataKey="mes" {...axisProps} tick={MonthTick} interval={0} height={36} />
          <YAxis
            {...axisProps}
            allowDecimals={false}
            width={48}
            tickFormatter={(v: number) => formatNumber(v)}
          />
          <Tooltip
            {...tooltipProps}
            labelFormatter={(l) => monthLabel(String(l))}
            formatter={(v) => [formatNumber(Number(v)), 'Miembros']}
          />
          <Bar
            dataKey="valor"
            name="Miembros"
            fill="var(--primary)"
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
            cursor={open ? 'pointer' : undefined}
            onClick={open ? (d) => open(String((d.payload as MonthValue).mes)) : undefined}
          />
        </BarChart>
      </ChartFrame>
    </FigureCard>
  );
}
