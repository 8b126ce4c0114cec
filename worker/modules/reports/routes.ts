import { Hono } from 'hono';
import { requires, signedIn } from '../../platform/auth';
import type { AppEnv } from '../../platform/ports';
import { P } from '../../shared/permissions';
import { batchNamed } from '../../platform/batch';
import { firstRunChecklist } from './checklist';
import { adminFigures, adminQueries, memberFigures, memberQueries } from './dashboard';

/** A member gets its own figures; the platform's only with the administrators' permission. */
export const reportRoutes = new Hono<AppEnv>()
  // First-run checklist: only catalogues the caller may maintain are listed.
  .get('/checklist', signedIn(), async (c) =>
    c.json({ data: await firstRunChecklist(c.var.db, c.var.permissions) }),
  )
  .get('/dashboard', requires(P.dashboard), async (c) => {
    const { db, user, permissions, clock } = c.var;
    const now = clock.now();
    const admin = permissions.has(P.dashboardAdmin);
    // Every figure in one batch: one database round trip.
    const mine = memberQueries(db, user.id, now);
    if (!admin)
      return c.json({
        data: { miembro: memberFigures(await batchNamed(db, mine), now), plataforma: null, generado_at: now },
      });
    const r = await batchNamed(db, { ...mine, ...adminQueries(db, now) });
    return c.json({
      data: { miembro: memberFigures(r, now), plataforma: adminFigures(r, now), generado_at: now },
    });
  });
