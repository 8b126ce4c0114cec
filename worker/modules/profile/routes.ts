import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';

/** Member profile (issue 4). */
export const profileRoutes = new Hono<AppEnv>();
