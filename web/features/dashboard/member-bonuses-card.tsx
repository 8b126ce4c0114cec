// The member's referral bonuses: paid and owed, and per cycle as small bars coloured by state.
import { P } from '@shared/permissions';
import { Bar, BarChart, Cell, Tooltip, XAxis } from 'recharts';
import { axisProps, chartFill, ChartFrame, tooltipProps } from '@/components/ui/chart';
import { monthLabel, monthTick } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import type { MemberFigures } from '@/features/dashboard/use-dashboard';
import { FigureCard } from '@/features/dashboard/figure-card';
import { FigureRow } from '@/features/dashboard/figure-pair';
import { formatMoney } from '@/lib/format';

export function MemberBonusesCard({ data }: { data: MemberFigures['bonos'] }) {
  const none = data.por_ciclo.length === 0 && data.pagado + data.pendiente === 0;
  return (
    <FigureCard
      title="Mis bonos"
      link={{ to: links.myBonuses, permission: P.bonos }}
      empty={none}
      emptyText="Aún no tienes bonos liquidados"
    >
      <div className="grid gap-3">
        <FigureRow
          figures={[
            { label: 'Pagado', value: formatMoney(data.pagado), tone: 'success' },
            {
              label: 'Por pagar',
              value: formatMoney(data.pendiente),
              tone: data.pendiente ? 'warning' : undefined,
            },
          ]}
        />
        {data.por_ciclo.length > 0 && (
          <ChartFrame
            height={120}
            label="Gráfico de mis bonos por ciclo"
            summary={data.por_ciclo
              .map(
                (c) =>
                  `${monthLabel(c.clave)}: ${formatMoney(c.total)} (${c.estado === 'PAGADO' ? 'pagado' : 'por pagar'})`,
              )
              .join('; ')}
          >
            <BarChart
              responsive
              style={chartFill}
              data={data.por_ciclo}
              margin={{ top: 4, right: 4, left: 4, bottom: 0 }}
            >
              <XAxis
                dataKey="clave"
                {...axisProps}
                tickFormatter={(k: string) => monthTick(k)}
                interval={0}
              />
              <Tooltip
                {...tooltipProps}
                labelFormatter={(l) => monthLabel(String(l))}
                formatter={(v) => [formatMoney(Number(v)), 'Bono']}
              />
              <Bar dataKey="total" name="Bono" radius={[3, 3, 0, 0]} maxBarSize={28}>
                {data.por_ciclo.map((c) => (
                  <Cell key={c.clave} fill={c.estado === 'PAGADO' ? 'var(--success)' : 'var(--warning)'} />
                ))}
              </Bar>
            </BarChart>
          </ChartFrame>
        )}
      </div>
    </FigureCard>
  );
}
