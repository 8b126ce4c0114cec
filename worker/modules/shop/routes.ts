import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';

/** Shop module (issue 5): catalogue for members, cart, purchases, attachments, subscriptions. */
export const shopRoutes = new Hono<AppEnv>();
