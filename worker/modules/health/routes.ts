import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.db.run(sql`select 1`);
    return c.json({ status: 'ok', database: 'ok', time: new Date(c.var.clock.now()).toISOString() });
  } catch {
    return c.json({ status: 'error', database: 'unreachable' }, 503);
  }
});
