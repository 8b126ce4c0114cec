// Bonuses per settled cycle: paid and still owed stacked, so the unpaid part stands out.
import { P } from '@shared/permissions';
import { useNavigate } from 'react-router';
import { ChartFrame } from '@/components/ui/chart';
import { FigureCard } from '@/features/dashboard/figure-card';
import { monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import { BonusesPlot } from '@/features/dashboard/lazy-plots';
import type { PlatformFigures } from '@/features/dashboard/use-dashboard';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';

export function BonusesChart({ data }: { data: PlatformFigures['bonos_por_ciclo'] }) {
  const navigate = useNavigate();
  const { can } = useSession();
  // A bar opens its cycle on the settlement screen.
  const open = can(P.liquidacionBonos)
    ? (cicloId: number) => navigate(`${links.settlement}?ciclo=${cicloId}`)
    : undefined;
  const owed = data.reduce((a, d) => a + d.pendiente, 0);
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
        plot={<BonusesPlot data={data} onOpen={open} />}
      />
    </FigureCard>
  );
}
