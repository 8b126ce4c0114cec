import { EyeIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PURCHASE_COLUMNS, PURCHASE_FILTERS } from '@/features/shop/shop-columns';
import { ServerGrid } from '@/components/data-grid/server-grid';
import { listOwnPurchases, SHOP_API } from '@/features/shop/shop-api';
import { useShopEvent } from '@/features/shop/shop-events';
import { invalidate } from '@/lib/query';

const ENDPOINT = `${SHOP_API}/compras`;
type Row = Awaited<ReturnType<typeof listOwnPurchases>>['data'][number];

/** 'Mis compras': the member's own purchases; each opens its detail. */
export function PurchasesTab() {
  // A payment in the cart adds a purchase.
  useShopEvent('purchases', () => void invalidate(ENDPOINT));
  const actions = useCallback(
    (row: Row) => (
      <Button variant="ghost" size="sm" asChild>
        <Link to={`/app/miscompras/view/${row.id}`} aria-label={`Ver compra ${row.id}`}>
          <EyeIcon />
          Ver
        </Link>
      </Button>
    ),
    [],
  );
  return (
    <ServerGrid
      label="Mis compras"
      prefix="c."
      endpoint={ENDPOINT}
      list={listOwnPurchases}
      columns={PURCHASE_COLUMNS}
      filters={PURCHASE_FILTERS}
      defaultSort={{ field: 'created_at', dir: 'desc' }}
      actions={actions}
    />
  );
}
