import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';
import { payoutRoutes } from './payout-routes';
import { reviewRoutes } from './review-routes';
import { bonusRoutes } from './routes';

/**
 * Everything the bonuses module serves under /bonos, mounted once there by worker/app.ts
 * (decision 0322): cycles, settlement and rates; the adjustments review; the payout batches.
 */
export const bonosRoutes = new Hono<AppEnv>()
  .route('/', bonusRoutes)
  .route('/', reviewRoutes)
  .route('/', payoutRoutes);
