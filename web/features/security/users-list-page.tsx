import { USERS_DEF } from '@shared/security-resources';
import { ResourceGrid } from '@/components/data-grid/resource-grid';
import { PageHeader } from '@/components/feedback/page-header';
import { useListPath } from '@/lib/list-path';
import { LockedAccountsCard } from '@/features/security/locked-accounts-card';

/** Users: the generic grid with USERS_DEF; users are deactivated, never deleted. */
export default function UsersListPage() {
  const base = useListPath();
  return (
    <section className="grid gap-6">
      <PageHeader title="Usuarios" />
      <LockedAccountsCard />
      <ResourceGrid key={base} def={USERS_DEF} basePath={base} canDeleteRows={false} />
    </section>
  );
}
