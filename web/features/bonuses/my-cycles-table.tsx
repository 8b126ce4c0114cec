// The member's cycles; each row opens in place to show its statement (lines, carry-over, adjustments).
import { ChevronRightIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { ToneChip } from '@/components/status/tone-chip';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { MemberCycle } from '@/features/bonuses/bonus-api';
import { cycleLabel } from '@/features/bonuses/cycle-label';
import { StatementView } from '@/features/bonuses/statement-view';

export function MyCyclesTable({ rows }: { rows: MemberCycle[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(rows.slice(0, 1).map((r) => r.id)));
  const toggle = (id: number) =>
    setOpen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set(s).add(id)));
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <Table aria-label="Ciclos de bonificación">
        <TableHeader>
          <TableRow>
            <TableHead className="w-12">
              <span className="sr-only">Detalle</span>
            </TableHead>
            <TableHead>Ciclo</TableHead>
            {/* On a phone the key columns (Ciclo, Total, Estado) fit without scrolling (decision 0464). */}
            <TableHead className="text-end max-sm:hidden">Líneas</TableHead>
            <TableHead className="text-end">Total</TableHead>
            <TableHead>Estado</TableHead>
            <TableHead className="max-sm:hidden">Fecha de pago</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => {
            const isOpen = open.has(r.id);
            return (
              <Fragment key={r.id}>
                <TableRow data-state={isOpen ? 'selected' : undefined}>
                  <TableCell className="py-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-expanded={isOpen}
                      aria-label={`${isOpen ? 'Ocultar' : 'Ver'} líneas de ${cycleLabel(r.clave)}`}
                      onClick={() => toggle(r.id)}
                    >
                      <ChevronRightIcon
                        className={cn(
                          'transition-transform rtl:rotate-180',
                          isOpen && 'rotate-90 rtl:rotate-90',
                        )}
                      />
                    </Button>
                  </TableCell>
                  <TableCell className="max-sm:whitespace-normal">
                    <span className="font-medium">{cycleLabel(r.clave)}</span>{' '}
                    <span className="text-xs text-muted-foreground max-sm:hidden">{r.clave}</span>
                  </TableCell>
                  <TableCell className="text-end tabular-nums max-sm:hidden">
                    {formatNumber(r.lineas)}
                  </TableCell>
                  <TableCell className="text-end font-medium tabular-nums">{formatMoney(r.total)}</TableCell>
                  <TableCell>
                    <ToneChip status={r.estado} />
                  </TableCell>
                  <TableCell className="max-sm:hidden">
                    {r.pagado_at ? formatDateTime(r.pagado_at) : '—'}
                  </TableCell>
                </TableRow>
                {isOpen && (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={6} className="bg-muted/30 p-3 whitespace-normal">
                      {/* On a phone the statement scrolls inside its row, never the page (decision 0464). */}
                      <div className="max-sm:max-w-[calc(100vw-4rem)] max-sm:overflow-x-auto">
                        <StatementView id={r.id} clave={r.clave} />
                      </div>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
