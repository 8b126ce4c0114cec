import { Navigate } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { PageHeader } from '@/components/feedback/page-header';
import { useResourceOfPath } from '@/features/resources/resource-of-path';

/** The one list screen of every registry entry (ARCHITECTURE.md §3). */
export default function ResourceListPage() {
  const def = useResourceOfPath();
  if (!def) return <Navigate to="/404" replace />;
  return (
    <section className="grid gap-6">
      <PageHeader title={def.label} />
      {/* Keyed so moving between two lists never carries one's state into the other. */}
      <DataGrid key={def.key} def={def} basePath={def.route} />
    </section>
  );
}
