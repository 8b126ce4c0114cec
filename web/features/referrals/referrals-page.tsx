// /app/bonosreferidos/referidos: the member's referral link, tree and referrals by level.
import { PageHeader } from '@/components/feedback/page-header';
import { ReferralLinkCard } from '@/features/referrals/referral-link-card';
import { ReferralTree } from '@/features/referrals/referral-tree';
import { ReferralsByLevel } from '@/features/referrals/referrals-by-level';

export default function ReferralsPage() {
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Mis referidos"
        description="Tu enlace para invitar, tu red hasta el nivel 3 y el estado de cada suscripción."
      />
      <ReferralLinkCard />
      <ReferralTree />
      <ReferralsByLevel />
    </section>
  );
}
