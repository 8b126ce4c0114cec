// /app/administracion/conciliacion (decision 0130): unpaid purchases, oldest first, filtered by
// receipt, age, payment method (decision 0245) and buyer; 'Ver' opens one with the list's query so 'Anterior' / 'Siguiente' walk
// the same queue.
import type { FilterDef } from '@shared/resource-types';
import { EyeIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { type GridColumn, ServerGrid } from '@/components/data-grid/server-grid';
import { Button } from '@/components/ui/button';
import { declaredAccountLabel } from '@/features/shop/payment-method';
import { REFERENCE_FILTER } from '@/features/shop/shop-columns';
import {
  getReconciliationMethods,
  listReconciliation,
  RECONCILIATION_API,
  type ReconciliationRow,
} from '@/features/shop/shop-api';
import { keyOf, STALE, useRead } from '@/lib/query';

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
  REFERENCE_FILTER,
  { field: 'user_name', label: 'Usuario', kind: 'text' },
  { field: 'email', label: 'Correo', kind: 'text' },
  { field: 'created_at', label: 'Fecha de la compra', kind: 'daterange' },
];
/** Where the `metodo` filter goes: after age, before the buyer. */
const METHOD_AT = 2;
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
    field: 'metodo_pago',
    header: 'Método',
    render: (r) =>
      r.metodo_pago && r.cuenta_recaudo ? (
        <span title="Declarada por el miembro">
          {declaredAccountLabel({ cuenta: r.cuenta_recaudo, metodo: r.metodo_pago })}
        </span>
      ) : r.pasarela_metodo ? (
        `Pasarela (${r.pasarela_metodo})`
      ) : (
        <span className="text-muted-foreground">Sin indicar</span>
      ),
  },
  {
    field: 'rechazo_motivo',
    header: 'Último rechazo',
    render: (r) =>
      r.rechazo_motivo ? <span className="text-warning-foreground">{r.rechazo_motivo}</span> : '—',
  },
];

export default function ReconciliationQueuePage() {
  const methods = useRead(
    keyOf(`${RECONCILIATION_API}/metodos`),
    async (signal) => (await getReconciliationMethods(signal)).data,
    { staleTime: STALE.lookups },
  );
  const filters = useMemo<FilterDef[]>(
    () => [
      ...FILTERS.slice(0, METHOD_AT),
      { field: 'metodo', label: 'Método', kind: 'eq', options: methods.data ?? [] },
      ...FILTERS.slice(METHOD_AT),
    ],
    [methods.data],
  );
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
        filters={filters}
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
