import { configPermission } from '@shared/permissions';
import { isImportable } from '@shared/resource-types';
import { useState } from 'react';

import { ResourceGrid } from '@/components/data-grid/resource-grid';
import { PageHeader } from '@/components/feedback/page-header';
import { ImportButton } from '@/features/resources/import-dialog';
import { useResourceOfPath } from '@/features/resources/resource-of-path';
import { useSession } from '@/lib/session';
import { Redirect } from '@/lib/redirect';

/** The one list screen of every registry entry (ARCHITECTURE.md §3). */
export default function ResourceListPage() {
  const def = useResourceOfPath();
  const { can } = useSession();
  // Bumped after an import so the grid loads again.
  const [version, setVersion] = useState(0);
  if (!def) return <Redirect to="/404" replace />;
  const canImport = isImportable(def) && can(configPermission(def.section, 'import'));
  return (
    <section className="grid gap-6">
      <PageHeader
        title={def.label}
        actions={
          canImport ? <ImportButton def={def} onImported={() => setVersion((v) => v + 1)} /> : undefined
        }
      />
      {/* Keyed so moving between two lists never carries one's state into the other. */}
      <ResourceGrid key={`${def.key}:${version}`} def={def} basePath={def.route} />
    </section>
  );
}
