// The signed-in member's own figures; each block only with the permission of the screen it sums up.
import { P } from '@shared/permissions';
import type { MemberFigures } from '@/features/dashboard/use-dashboard';
import { MemberBonusesCard } from '@/features/dashboard/member-bonuses-card';
import { PurchasesCard } from '@/features/dashboard/purchases-card';
import { ReferralsCard } from '@/features/dashboard/referrals-card';
import { SubscriptionCard } from '@/features/dashboard/subscription-card';
import { useSession } from '@/lib/session';

export function MemberSection({
  data,
  now,
  heading,
}: {
  data: MemberFigures;
  now: number;
  heading: boolean;
}) {
  const { can } = useSession();
  const blocks = [
    can(P.misCompras) && <SubscriptionCard key="s" data={data.suscripcion} now={now} />,
    can(P.misCompras) && <PurchasesCard key="c" data={data.compras} />,
    can(P.bonos) && <MemberBonusesCard key="b" data={data.bonos} />,
    can(P.referidos) && <ReferralsCard key="r" data={data.referidos} />,
  ].filter(Boolean);
  if (!blocks.length) return null;
  return (
    <section aria-labelledby="tablero-miembro" className="grid gap-4">
      <h2 id="tablero-miembro" className={heading ? 'text-lg font-semibold' : 'sr-only'}>
        Mis cifras
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">{blocks}</div>
    </section>
  );
}
