// One level's referrals, paged in the browser (the API answers the whole downline at once).
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { EmptyState } from '@/components/feedback/empty-state';
import { ReferralsTable } from '@/components/referrals/referrals-table';
import { pageRows, usePaging } from '@/lib/use-paging';
import type { Referral } from '@/features/referrals/referral-api';

export function LevelTable({ nivel, rows }: { nivel: number; rows: Referral[] }) {
  const paging = usePaging();
  if (rows.length === 0) return <EmptyState />;
  return (
    <div className="grid gap-4">
      <div className="overflow-hidden rounded-lg border">
        <ReferralsTable rows={pageRows(rows, paging)} label={`Referidos de nivel ${nivel}`} sponsor />
      </div>
      <DataGridPagination
        page={paging.page}
        perPage={paging.perPage}
        total={rows.length}
        onPage={paging.setPage}
        onPerPage={paging.setPerPage}
      />
    </div>
  );
}
