import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';
import { adminPurchaseRoutes } from './admin-purchases';
import { cartRoutes } from './cart';
import { catalogRoutes } from './catalog';
import { purchaseRoutes } from './purchases';
import { reconciliationRoutes } from './reconciliation';
import { subscriptionRoutes } from './subscriptions';

/** Shop module (issue 5), at /api/v1/miscompras: catalogue, cart, purchases, attachments, subscriptions. */
export const shopRoutes = new Hono<AppEnv>()
  .route('/', catalogRoutes)
  .route('/', cartRoutes)
  .route('/', purchaseRoutes)
  .route('/admin/compras', adminPurchaseRoutes)
  .route('/admin/conciliacion', reconciliationRoutes)
  .route('/', subscriptionRoutes);
