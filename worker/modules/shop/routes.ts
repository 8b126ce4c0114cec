import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';
import { bulkRoutes } from '../../platform/bulk';
import { adminPurchaseRoutes } from './admin-purchases';
import { bulkPayment, bulkSubscriptionState, ROW_BY_ROW_BUDGET } from './bulk-state';
import { cartRoutes } from './cart';
import { catalogRoutes } from './catalog';
import { purchaseRoutes } from './purchases';
import { reconciliationRoutes } from './reconciliation';
import { subscriptionRoutes } from './subscriptions';

/** The shop at /api/v1/miscompras (decision 0010): catalogue, cart, purchases, attachments, subscriptions. */
export const shopRoutes = new Hono<AppEnv>()
  .route('/', catalogRoutes)
  .route('/', cartRoutes)
  .route('/', purchaseRoutes)
  .route('/admin/compras/lote/estado', bulkRoutes(bulkPayment, ROW_BY_ROW_BUDGET))
  .route('/admin/compras', adminPurchaseRoutes)
  .route('/admin/conciliacion', reconciliationRoutes)
  .route('/', subscriptionRoutes)
  .route('/admin/suscripciones/lote/estado', bulkRoutes(bulkSubscriptionState, ROW_BY_ROW_BUDGET));
