// The dry run of a month: what each beneficiary would receive (first 500 rows), with totals.
import { EmptyState } from '@/components/feedback/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber } from '@/lib/format';
import type { Preview } from '@/features/bonuses/bonus-types';
import { cycleLabel } from '@/features/bonuses/cycle-label';

export function PreviewTable({ clave, preview }: { clave: string; preview: Preview }) {
  return (
    <div className="grid gap-3" aria-live="polite">
      <p className="text-sm">
        Vista previa de <span className="font-medium">{cycleLabel(clave)}</span>: {formatNumber(preview.usuarios)} usuarios, {formatNumber(preview.lineas)} líneas, total{' '}
        <span className="font-semibold tabular-nums">{formatMoney(preview.total)}</span>
      </p>
      {preview.data.length === 0 ? (
        <EmptyState text="No hay compras pagadas de referidos en este mes." />
      ) : (
        <div className="max-h-96 overflow-auto rounded-lg border">
          <Table aria-label={`Vista previa de ${cycleLabel(clave)}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Usuario</TableHead>
                <TableHead className="text-end">Líneas</TableHead>
                <TableHead className="text-end">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.data.map((r) => (
                <TableRow key={r.user_id}>
                  <TableCell className="font-medium">{r.user_name}</TableCell>
                  <TableCell className="text-end tabular-nums">{formatNumber(r.lineas)}</TableCell>
                  <TableCell className={cn('text-end tabular-nums', r.total === 0 && 'text-muted-foreground')}>{formatMoney(r.total)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {preview.usuarios > preview.data.length && (
        <p className="text-xs text-muted-foreground">
          Se muestran los primeros {formatNumber(preview.data.length)} de {formatNumber(preview.usuarios)} usuarios.
        </p>
      )}
    </div>
  );
}
