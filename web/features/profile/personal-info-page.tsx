// /app/miinformacionpersonal: the member's personal data, identity validation, beneficiaries and
// payment information, one tab each.
import { PageHeader } from '@/components/feedback/page-header';
import { Tabs, TabsContent, TabsRow } from '@/components/ui/tabs';
import { BeneficiariesTab } from '@/features/profile/beneficiaries-tab';
import { IdentityTab } from '@/features/profile/identity-tab';
import { PaymentTab } from '@/features/profile/payment-tab';
import { PersonalTab } from '@/features/profile/personal-tab';
import { useTabParam } from '@/lib/use-tab-param';

const TABS = [
  { key: 'personal', label: 'Información personal', Screen: PersonalTab },
  { key: 'identidad', label: 'Validación de identidad', Screen: IdentityTab },
  { key: 'beneficiarios', label: 'Beneficiarios', Screen: BeneficiariesTab },
  { key: 'pago', label: 'Información de pago', Screen: PaymentTab },
] as const;

export default function PersonalInfoPage() {
  const [tab, setTab] = useTabParam(
    TABS.map((t) => t.key),
    'personal',
  );
  return (
    <section className="grid grid-cols-1 gap-6">
      <PageHeader title="Mi información personal" />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsRow tabs={TABS} />
        {TABS.map(({ key, Screen }) => (
          <TabsContent key={key} value={key}>
            <Screen />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
