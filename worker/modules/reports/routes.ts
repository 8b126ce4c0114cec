import { Hono } from 'hono';
import { requires, signedIn } from '../../platform/auth';
import type { AppEnv } from '../../platform/ports';
import { P } from '../../shared/permissions';
import { firstRunChecklist } from './checklist';
import { adminFigures, memberFigures } from './dashboard';

/** A member gets its own figures; the platform's only with the administrators' permission. */
export const reportRoutes = new Hono<AppEnv>()
  // First-run checklist (issue 15 §3): only catalogues the caller may maintain are listed.
  .get('/checklist', signedIn(), async (c) => c.json({ data: await firstRunChecklist(c.var.db, c.var.permissions) }))
  .get('/dashboard', requires(P.dashboard), async (c) => {
  const now = c.var.clock.now();
  const [mine, platform] = await Promise.all([
    memberFigures(c.var.db, c.var.user.id, now),
    c.var.permissions.has(P.dashboardAdmin) ? adminFigures(c.var.db, now) : Promise.resolve(null),
  ]);
  return c.json({ data: { miembro: mine, plataforma: platform, generado_at: now } });
});
