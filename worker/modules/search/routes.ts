import { Hono } from 'hono';
import * as v from 'valibot';
import { readBatch, signedInOnRead } from '../../platform/auth';
import { readerFor } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { query } from '../../platform/validate';
import { searchPlan, searchResult } from './service';

const MAX = 100;
const searchQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(MAX, `La búsqueda admite hasta ${MAX} caracteres`)), ''),
});

/**
 * `GET /api/v1/buscar?q=`: members, purchases and products grouped, only what the caller may see
 * (decision 0151). The screens of the menu are matched in the browser from SCREENS.
 */
export const searchRoutes = new Hono<AppEnv>().get('/', signedInOnRead(), query(searchQuery), async (c) => {
  const text = c.req.valid('query').q.trim();
  // The user the token names; readBatch answers only if that session is live.
  const me = c.var.pendingSession?.values.sub ?? c.var.user.id;
  const plan = searchPlan(text, me);
  const results = await readBatch(c, plan.statements);
  return c.json({ data: searchResult(plan, results, readerFor(c, me, c.var.permissions)) });
});
