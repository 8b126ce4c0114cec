// /app/administracion/conciliacion (issue 23 §4): unpaid purchases, oldest first, filtered by
// receipt, age and buyer; 'Ver' opens one with the list's query so 'Anterior' / 'Siguiente' walk
// the same queue.
import type { FilterDef } from '@shared/resource-types';
import { EyeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { type GridColumn, ServerGrid } from '@/components/data-grid/server-grid';
import { Button } from '@/components/ui/button';
import { listReconciliation, RECONCILIATION_API, type ReconciliationRow } from '@/features/shop/shop-api';

export const RECONCILIATION_ROUTE = '/app/administracion/conciliacion';

const FILTERS: FilterDef[] = [
  {
    field: 'con_comprobante',
    label: 'Comprobante',
    kind: 'eq',
    options: [
      { value: 'true', label: 'Con comprobante' },
      { value: 'false', label: 'Sin comprobante' },
    ],
  },
  {
    field: 'antiguedad',
    label: 'Antigüedad',
    kind: 'eq',
    options: [1, 3, 7, 15, 30].map((d) => ({
      value: String(d),
      label: `${d} ${d === 1 ? 'día' : 'días'} o más`,
    })),
  },
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  { field: 'email', label: 'Correo', kind: 'text' },
  { field: 'created_at', label: 'Fecha de la compra', kind: 'daterange' },
];
const SORT = { field: 'created_at', dir: 'asc' } as const;

const COLUMNS: GridColumn<ReconciliationRow>[] = [
  { field: 'id', header: 'N.º compra', type: 'number', sortable: true },
  {
    field: 'referencia',
    header: 'Referencia',
    render: (r) => <span className="font-mono">{r.referencia}</span>,
  },
  { field: 'created_at', header: 'Fecha', type: 'datetime', sortable: true },
  { field: 'dias', header: 'Días', type: 'number' },
  { field: 'user_name', header: 'Usuario', sortable: true },
  { field: 'total', header: 'Total', type: 'money', sortable: true },
  { field: 'comprobantes', header: 'Comprobantes', type: 'number', sortable: true },
  {
    field: 'rechazo_motivo',
    header: 'Último rechazo',
    render: (r) =>
      r.rechazo_motivo ? <span className="text-warning-foreground">{r.rechazo_motivo}</span> : '—',
  },
];

export default function ReconciliationQueuePage() {
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Conciliación de pagos"
        description="Compras sin pagar, las más antiguas primero. Abre una para ver el comprobante y confirmar o rechazar el pago."
      />
      <ServerGrid
        endpoint={RECONCILIATION_API}
        list={listReconciliation}
        label="Conciliación de pagos"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT}
        actions={(row, { search }) => (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Ver compra ${row.id}`}
              asChild
            >
              <Link to={`${RECONCILIATION_ROUTE}/view/${row.id}${search}`}>
                <EyeIcon />
              </Link>
            </Button>
          </div>
        )}
      />
    </section>
  );
}
