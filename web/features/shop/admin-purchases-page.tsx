// /app/administracion/compras/: every purchase filtered by state and date range,
// the 'Estados' menu (NO_PAGADO → PAGADO with comentario), 'Anular' on a paid one (decision 0240,
// its own permission and a required reason) and both Excel exports.
import { EyeIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { StatusMenu } from '@/components/status/status-menu';
import { BULK_STATES } from '@shared/schemas/bulk';
import { PAYMENT } from '@shared/workflow';
import type { GridBulk } from '@/components/data-grid/bulk-actions';
import { Button } from '@/components/ui/button';
import { AnnulPurchaseButton } from '@/features/shop/annul-purchase';
import { ADMIN_PURCHASE_COLUMNS, ADMIN_PURCHASE_FILTERS } from '@/features/shop/shop-columns';
import { type GridColumn, type GridContext, ServerGrid } from '@/components/data-grid/server-grid';
import { listPurchases, type PurchaseRow, SHOP_API, setPurchaseState } from '@/features/shop/shop-api';

const BASE = `${SHOP_API}/admin/compras`;
/**
 * Payments are confirmed in bulk; a reversal, and a purchase whose receipt was rejected, go one
 * purchase at a time (the server skips those, and the result says so).
 */
const BULK: GridBulk = {
  actions: [
    {
      accion: 'estado',
      label: 'Confirmar pago',
      allowed: true,
      states: BULK_STATES.compras,
      done: ['pago confirmado', 'pagos confirmados'],
      skipped: 'ya estaban pagadas o su comprobante fue rechazado: esas se confirman una por una',
      warning:
        'Se omiten las compras ya pagadas y las de comprobante rechazado. Confirmar un pago no se deshace en lote.',
    },
  ],
};
/** The payment reference under the purchase number: what the member typed in his bank app. */
const COLUMNS: GridColumn<PurchaseRow>[] = ADMIN_PURCHASE_COLUMNS.map((c) =>
  c.field === 'id'
    ? {
        ...c,
        render: (r: PurchaseRow) => (
          <>
            <span className="block">{r.id}</span>
            <span className="block text-xs whitespace-nowrap text-muted-foreground">Ref. {r.referencia}</span>
          </>
        ),
      }
    : c,
);
const EXPORTS = [
  { label: 'Exportar compras', path: `${BASE}/excel`, fileName: 'compras.xlsx' },
  {
    label: 'Exportar productos comprados',
    path: `${BASE}/productos/excel`,
    fileName: 'productos-comprados.xlsx',
  },
];

export default function AdminPurchasesPage() {
  const actions = useCallback(
    (row: PurchaseRow, { reload }: GridContext) => (
      <>
        <Button variant="ghost" size="icon" asChild>
          <Link
            to={`/app/administracion/compras/view/${row.id}`}
            aria-label={`Ver compra ${row.id}`}
            title="Ver"
          >
            <EyeIcon />
          </Link>
        </Button>
        <StatusMenu
          size="sm"
          current={row.estado}
          send={(body) => setPurchaseState(row.id, body)}
          table={PAYMENT}
          onDone={reload}
        />
        <AnnulPurchaseButton size="sm" compra={row} onDone={reload} />
      </>
    ),
    [],
  );
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Administración de compras"
        description="Confirma los pagos por transferencia revisando los comprobantes adjuntos."
      />
      <ServerGrid
        label="Compras"
        endpoint={BASE}
        list={listPurchases}
        columns={COLUMNS}
        filters={ADMIN_PURCHASE_FILTERS}
        defaultSort={{ field: 'created_at', dir: 'desc' }}
        actions={actions}
        bulk={BULK}
        exports={EXPORTS}
      />
    </section>
  );
}
