// /app/administracion/detallebonos: the bonus rate of each level (1 to 3), editable.
import { MSG } from '@shared/messages';
import { P } from '@shared/permissions';
import { EmptyState } from '@/components/feedback/empty-state';
import { ReadView } from '@/components/feedback/read-view';
import { PageHeader } from '@/components/feedback/page-header';
import { RowLink } from '@/components/data-grid/row-link';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatPercent } from '@/lib/format';
import { useSession } from '@/lib/session';
import { getRates } from '@/features/bonuses/bonus-api';
import { keyOf, useRead } from '@/lib/query';

const BASE = '/app/administracion/detallebonos';

export default function RatesPage() {
  const res = useRead(keyOf('/bonos/detallebonos'), getRates);
  const canEdit = useSession().can(P.detalleBonos);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Detalle de bonos"
        description="Porcentaje que recibe un miembro sobre las compras pagadas de sus referidos, por nivel. Cada línea de bono guarda el porcentaje usado."
      />
      <ReadView
        read={res}
        errorMessage={MSG.tableError}
        loading={<Skeleton className="h-40 w-full" aria-label="Cargando niveles" />}
      >
        {({ data: rows }) =>
          rows.length === 0 ? (
            <EmptyState />
          ) : (
            <div className="overflow-hidden rounded-lg border bg-card">
              <Table aria-label="Detalle de bonos">
                <TableHeader>
                  <TableRow>
                    <TableHead>Nivel</TableHead>
                    <TableHead className="text-end">Porcentaje</TableHead>
                    <TableHead>Descripción</TableHead>
                    {/* At phone width the date gives way, so the edit action stays in view (390 px). */}
                    <TableHead className="hidden sm:table-cell">Última actualización</TableHead>
                    <TableHead className="text-end">Acciones</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell className="font-medium">Nivel {r.nivel}</TableCell>
                      <TableCell className="text-end font-medium tabular-nums">
                        {formatPercent(r.porcentaje / 100)}
                      </TableCell>
                      <TableCell className="max-w-md truncate whitespace-normal">
                        {r.descripcion || <span className="text-muted-foreground">—</span>}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">{formatDateTime(r.updated_at)}</TableCell>
                      <TableCell className="py-1 text-end">
                        <RowLink
                          kind="edit"
                          to={`${BASE}/edit/${r.id}`}
                          label={`Editar nivel ${r.nivel}`}
                          enabled={canEdit}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )
        }
      </ReadView>
    </section>
  );
}
