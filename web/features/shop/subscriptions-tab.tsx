import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_FILTERS } from '@/features/shop/shop-columns';
import { ShopGrid } from '@/features/shop/shop-grid';
import { SHOP_API } from '@/features/shop/shop-api';

/** 'Mis suscripciones': the member's subscriptions with their dates and state chips. */
export function SubscriptionsTab() {
  return (
    <ShopGrid
      label="Mis suscripciones"
      prefix="s."
      endpoint={`${SHOP_API}/suscripciones`}
      columns={SUBSCRIPTION_COLUMNS}
      filters={SUBSCRIPTION_FILTERS}
      defaultSort={{ field: 'created_at', dir: 'desc' }}
      reloadOnPurchase
    />
  );
}
