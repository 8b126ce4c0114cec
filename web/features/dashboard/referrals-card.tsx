// The member's referrals per level (1 to 3).
import { P } from '@shared/permissions';
import { links } from '@/features/dashboard/dashboard-links';
import type { MemberFigures } from '@/features/dashboard/use-dashboard';
import { FigureCard } from '@/features/dashboard/figure-card';
import { FigureRow } from '@/features/dashboard/figure-pair';
import { formatNumber } from '@/lib/format';

export function ReferralsCard({ data }: { data: MemberFigures['referidos'] }) {
  const total = data.reduce((a, r) => a + r.total, 0);
  return (
    <FigureCard
      title="Mis referidos"
      description={total ? `${formatNumber(total)} en total` : undefined}
      link={{ to: links.myReferrals, permission: P.referidos }}
      empty={total === 0}
      emptyText="Aún no tienes referidos"
    >
      <FigureRow figures={data.map((r) => ({ label: `Nivel ${r.nivel}`, value: formatNumber(r.total) }))} />
    </FigureCard>
  );
}
