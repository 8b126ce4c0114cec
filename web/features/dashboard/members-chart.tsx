// Members registered per month, twelve bars; a bar opens the registered users of its month.
import { P } from '@shared/permissions';
import { useNavigate } from 'react-router';
import { ChartFrame } from '@/components/ui/chart';
import { FigureCard } from '@/features/dashboard/figure-card';
import { monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import { MembersPlot } from '@/features/dashboard/lazy-plots';
import type { MonthValue } from '@/features/dashboard/use-dashboard';
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
        plot={<MembersPlot data={data} onOpen={open} />}
      />
    </FigureCard>
  );
}
