// The lines of one cycle: which referral, level, rate used, basis and amount, and why an amount
// is zero ('SIN SUSCRIPCION ACTIVA') or negative ('REEMBOLSO').
import { NOT_QUALIFIED, REFUND } from '@shared/cycles';
import { EmptyState } from '@/components/feedback/empty-state';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatMoney, formatPercent } from '@/lib/format';
import type { BonusLine } from '@/features/bonuses/bonus-api';

function Reason({ motivo }: { motivo: string | null }) {
  if (!motivo) return <span className="text-muted-foreground">—</span>;
  return (
    <Badge variant={motivo === REFUND ? 'destructive' : motivo === NOT_QUALIFIED ? 'warning' : 'secondary'}>
      {motivo}
    </Badge>
  );
}

export function BonusLinesTable({ lines, label }: { lines: BonusLine[]; label: string }) {
  if (!lines.length) return <EmptyState />;
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead>Referido</TableHead>
            <TableHead className="text-end">Nivel</TableHead>
            <TableHead className="text-end">Compra</TableHead>
            <TableHead className="text-end">Porcentaje</TableHead>
            <TableHead className="text-end">Base</TableHead>
            <TableHead className="text-end">Monto</TableHead>
            <TableHead>Observación</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell className="font-medium">{l.referido}</TableCell>
              <TableCell className="text-end tabular-nums">{l.nivel}</TableCell>
              <TableCell className="text-end tabular-nums">#{l.compra_id}</TableCell>
              <TableCell className="text-end tabular-nums">{formatPercent(l.porcentaje / 100)}</TableCell>
              <TableCell className="text-end tabular-nums">{formatMoney(l.base)}</TableCell>
              <TableCell
                className={cn(
                  'text-end font-medium tabular-nums',
                  l.monto < 0 && 'text-destructive',
                  l.monto === 0 && 'text-muted-foreground',
                )}
              >
                {formatMoney(l.monto)}
              </TableCell>
              <TableCell>
                <Reason motivo={l.motivo} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
