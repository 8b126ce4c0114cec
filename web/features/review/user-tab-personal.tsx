import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPercent } from '@/lib/format';
import { PersonalSummary } from '@/features/review/personal-summary';
import type { PersonalTab } from '@/features/review/review-api';

export function UserTabPersonal({ data }: { data: PersonalTab }) {
  const list = data.beneficiarios ?? [];
  return (
    <div className="grid gap-6">
      <PersonalSummary data={data} />
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Beneficiarios</h3>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin beneficiarios registrados.</p>
        ) : (
          <Table aria-label="Beneficiarios">
            <TableHeader>
              <TableRow>
                <TableHead>Nombre</TableHead>
                <TableHead>Identificación</TableHead>
                <TableHead>Parentesco</TableHead>
                <TableHead className="text-end">Porcentaje</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((b) => (
                <TableRow key={b.id}>
                  <TableCell>{b.nombre}</TableCell>
                  <TableCell>{b.numero_identificacion}</TableCell>
                  <TableCell>{b.parentesco ?? ''}</TableCell>
                  <TableCell className="text-end tabular-nums">{formatPercent(b.porcentaje / 100)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </div>
  );
}
