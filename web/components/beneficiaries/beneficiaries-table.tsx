// A member's beneficiaries as one table, wherever they are read: his own tab (with its actions and
// the total of the shares) and the registered user's personal tab. The share is in basis points.
import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatPercent } from '@/lib/format';

export type BeneficiaryRow = {
  id: number;
  nombre: string;
  numero_identificacion: string | null;
  parentesco?: string | null;
  porcentaje: number;
};

export const sharePercent = (bp: number) => formatPercent(bp / 100);

export function BeneficiariesTable<T extends BeneficiaryRow>({
  rows,
  actions,
  total = false,
}: {
  rows: T[];
  /** The row's actions (the member's own tab): a last column «Acciones». */
  actions?: (row: T) => ReactNode;
  /** A footer with the sum of the shares. */
  total?: boolean;
}) {
  return (
    <Table aria-label="Beneficiarios">
      <TableHeader>
        <TableRow>
          <TableHead>Nombre</TableHead>
          <TableHead>Identificación</TableHead>
          <TableHead>Parentesco</TableHead>
          <TableHead className="text-end">Porcentaje</TableHead>
          {actions && <TableHead className="text-end">Acciones</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((b) => (
          <TableRow key={b.id}>
            <TableCell className="font-medium">{b.nombre}</TableCell>
            <TableCell>{b.numero_identificacion}</TableCell>
            <TableCell>{b.parentesco ?? ''}</TableCell>
            <TableCell className="text-end tabular-nums">{sharePercent(b.porcentaje)}</TableCell>
            {actions && <TableCell className="text-end">{actions(b)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
      {total && (
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} className="font-medium">
              Total
            </TableCell>
            <TableCell className="text-end font-semibold tabular-nums" aria-label="Total de porcentajes">
              {sharePercent(rows.reduce((s, b) => s + b.porcentaje, 0))}
            </TableCell>
            {actions && <TableCell />}
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}
