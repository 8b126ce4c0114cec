import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_FILTERS } from '@/features/shop/shop-columns';
import { ServerGrid } from '@/components/data-grid/server-grid';
import { listOwnSubscriptions, SHOP_API } from '@/features/shop/shop-api';
import { useShopEvent } from '@/features/shop/shop-events';
import { invalidate } from '@/lib/query';

const ENDPOINT = `${SHOP_API}/suscripciones`;

/** 'Mis suscripciones': the member's subscriptions with their dates and state chips. */
export function SubscriptionsTab() {
  // A payment in the cart may add subscriptions.
  useShopEvent('purchases', () => void invalidate(ENDPOINT));
  return (
    <ServerGrid
      label="Mis suscripciones"
      prefix="s."
      endpoint={ENDPOINT}
      list={listOwnSubscriptions}
      columns={SUBSCRIPTION_COLUMNS}
      filters={SUBSCRIPTION_FILTERS}
      defaultSort={{ field: 'created_at', dir: 'desc' }}
    />
  );
}
