import { BeneficiariesTable } from '@/components/beneficiaries/beneficiaries-table';
import { PersonalSummary } from '@/features/review/personal-summary';
import type { PersonalTab } from '@/features/review/review-api';

export function UserTabPersonal({ data }: { data: PersonalTab }) {
  const list = data.beneficiarios ?? [];
  return (
    <div className="grid gap-6">
      <PersonalSummary data={data} />
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Beneficiarios</h3>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin beneficiarios registrados.</p>
        ) : (
          <BeneficiariesTable rows={list} />
        )}
      </div>
    </div>
  );
}
