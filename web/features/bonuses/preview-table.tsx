// The dry run of a month: what each beneficiary would receive, a page at a time from the server
// (GET /bonos/ciclos/preview/usuarios), with the cycle's totals.
import { MSG } from '@shared/messages';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber, plural } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { pageCount, usePaging } from '@/lib/use-paging';
import { loadPreview, PREVIEW_PAGE_SIZE, type PreviewPage } from '@/features/bonuses/bonus-api';
import { cycleLabel } from '@/features/bonuses/cycle-label';

export { loadPreview };

export function PreviewTable({ clave, first }: { clave: string; first: PreviewPage }) {
  const [preview, setPreview] = useState(first);
  const paging = usePaging(PREVIEW_PAGE_SIZE);
  const pageLoad = useWrite({
    send: (to: number) => loadPreview(clave, to),
    success: null,
    errors: 'notify',
    fallback: MSG.loadError,
    onSaved: (next, to) => {
      setPreview(next);
      paging.setPage(to);
    },
  });
  const loading = pageLoad.busy;
  return (
    <div className="grid gap-3" aria-live="polite">
      <p className="text-sm">
        Vista previa de <span className="font-medium">{cycleLabel(clave)}</span>:{' '}
        {plural(preview.total, 'usuario', 'usuarios')}, {plural(preview.lineas, 'línea', 'líneas')}, total{' '}
        <span className="font-semibold tabular-nums">{formatMoney(preview.suma)}</span>
      </p>
      {preview.total > 0 && <PreviewParts sums={preview} />}
      {preview.total === 0 ? (
        <EmptyState text="No hay compras pagadas de referidos, reembolsos ni saldos anteriores en este mes." />
      ) : (
        <div className="overflow-auto rounded-lg border">
          <Table aria-label={`Vista previa de ${cycleLabel(clave)}`} aria-busy={loading}>
            <TableHeader>
              <TableRow>
                <TableHead>Usuario</TableHead>
                <TableHead className="text-end">Líneas</TableHead>
                <TableHead className="text-end">Bonos</TableHead>
                <TableHead className="text-end">Reembolsos</TableHead>
                <TableHead className="text-end">Saldo anterior</TableHead>
                <TableHead className="text-end">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.data.map((r) => (
                <TableRow key={r.user_id}>
                  <TableCell className="font-medium">{r.user_name}</TableCell>
                  <TableCell className="text-end tabular-nums">{formatNumber(r.lineas)}</TableCell>
                  <TableCell className="text-end tabular-nums">{formatMoney(r.bonos)}</TableCell>
                  <TableCell className="text-end tabular-nums">{formatMoney(r.reembolsos)}</TableCell>
                  <TableCell className="text-end tabular-nums">{formatMoney(r.saldo_anterior)}</TableCell>
                  <TableCell
                    className={cn('text-end tabular-nums', r.total === 0 && 'text-muted-foreground')}
                  >
                    {formatMoney(r.total)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {pageCount(preview.total, PREVIEW_PAGE_SIZE) > 1 && (
        <DataGridPagination
          label="Páginas de la vista previa"
          noun={['usuario', 'usuarios']}
          page={paging.page}
          perPage={PREVIEW_PAGE_SIZE}
          total={preview.total}
          busy={loading}
          onPage={(to) => void pageLoad.run(to)}
        />
      )}
    </div>
  );
}

/**
 * The parts of the total, as the settlement books them (decision 0460): the month's bonuses, the
 * REEMBOLSO lines of annulled purchases and the balances carried from earlier months.
 */
export function PreviewParts({
  sums,
}: {
  sums: { bonos: number; reembolsos: number; saldo_anterior: number };
}) {
  return (
    // Spans, not a list: the confirmation's description is a paragraph.
    <span className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1 text-sm">
      <span className="text-muted-foreground">Bonos del mes</span>
      <span className="text-end tabular-nums">{formatMoney(sums.bonos)}</span>
      <span className="text-muted-foreground">Reembolsos (compras anuladas)</span>
      <span className="text-end tabular-nums">{formatMoney(sums.reembolsos)}</span>
      <span className="text-muted-foreground">Saldo anterior</span>
      <span className="text-end tabular-nums">{formatMoney(sums.saldo_anterior)}</span>
    </span>
  );
}
