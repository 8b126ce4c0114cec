// One level's referrals, paged in the browser (the API answers the whole downline at once).
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { EmptyState } from '@/components/feedback/empty-state';
import { ToneChip } from '@/components/status/tone-chip';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { pageRows, usePaging } from '@/lib/use-paging';
import type { Referral } from '@/features/referrals/referral-api';

export function LevelTable({ nivel, rows }: { nivel: number; rows: Referral[] }) {
  const paging = usePaging();
  if (rows.length === 0) return <EmptyState />;
  return (
    <div className="grid gap-4">
      <div className="overflow-hidden rounded-lg border">
        <Table aria-label={`Referidos de nivel ${nivel}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Usuario</TableHead>
              <TableHead>Patrocinador</TableHead>
              <TableHead className="text-end">Nivel</TableHead>
              <TableHead>Estado de suscripción</TableHead>
              <TableHead>Fecha de registro</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pageRows(rows, paging).map((r) => (
              <TableRow key={r.id}>
                <TableCell className="font-medium">{r.user_name}</TableCell>
                <TableCell>{r.patrocinador ?? '—'}</TableCell>
                <TableCell className="text-end tabular-nums">{r.nivel}</TableCell>
                <TableCell>
                  <ToneChip status={r.estado_suscripcion} />
                </TableCell>
                <TableCell>{formatDateTime(r.created_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
