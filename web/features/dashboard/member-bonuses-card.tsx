// The member's referral bonuses: paid and owed, and per cycle as small bars coloured by state.
import { P } from '@shared/permissions';
import { ChartFrame } from '@/components/ui/chart';
import { monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import { MemberBonusesPlot } from '@/features/dashboard/lazy-plots';
import type { MemberFigures } from '@/features/dashboard/use-dashboard';
import { FigureCard } from '@/features/dashboard/figure-card';
import { FigureRow } from '@/features/dashboard/figure-pair';
import { formatMoney } from '@/lib/format';
import { STATE } from '@shared/workflow';

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
                  `${monthLabel(c.clave)}: ${formatMoney(c.total)} (${c.estado === STATE.PAGADO ? 'pagado' : 'por pagar'})`,
              )
              .join('; ')}
            plot={<MemberBonusesPlot data={data.por_ciclo} />}
          />
        )}
      </div>
    </FigureCard>
  );
}
