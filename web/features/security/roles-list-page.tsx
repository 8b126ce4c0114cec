import { ROLES_DEF } from '@shared/security-resources';
import { ResourceGrid } from '@/components/data-grid/resource-grid';
import { PageHeader } from '@/components/feedback/page-header';
import { useListPath } from '@/lib/list-path';

export default function RolesListPage() {
  const base = useListPath();
  return (
    <section className="grid gap-6">
      <PageHeader title="Roles" />
      <ResourceGrid key={base} def={ROLES_DEF} basePath={base} />
    </section>
  );
}
