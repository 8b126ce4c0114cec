import { EyeIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Row } from '@/components/data-grid/use-grid-query';
import { PURCHASE_COLUMNS, PURCHASE_FILTERS } from '@/features/shop/shop-columns';
import { ShopGrid } from '@/features/shop/shop-grid';
import { SHOP_API } from '@/features/shop/shop-api';

/** 'Mis compras': the member's own purchases; each opens its detail. */
export function PurchasesTab() {
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
    <ShopGrid
      label="Mis compras"
      prefix="c."
      endpoint={`${SHOP_API}/compras`}
      columns={PURCHASE_COLUMNS}
      filters={PURCHASE_FILTERS}
      defaultSort={{ field: 'created_at', dir: 'desc' }}
      actions={actions}
      reloadOnPurchase
    />
  );
}
