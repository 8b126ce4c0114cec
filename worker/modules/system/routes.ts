// Administración → Estado del sistema (docs/decisions/0350): `GET /sistema/estado` and the retry
// of one failed item of a queue (a mail resent), both behind their own permission.
import { Hono } from 'hono';
import * as v from 'valibot';
import { requires } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { params } from '../../platform/validate';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { OPS_MSG } from '../../shared/ops';
import { STATUS_QUEUES } from './queues';
import { systemStatus } from './status';

export const systemRoutes = new Hono<AppEnv>()
  .get('/estado', requires(P.estadoSistema), async (c) => {
    // This process's or isolate's counts first, so the last minutes include them (decision 0352).
    await c.var.metrics?.flush(c.var.db).catch(() => undefined);
    return c.json({ data: await systemStatus(c.var.db, c.var.clock.now()) });
  })
  .post(
    '/colas/:cola/:id/reintentar',
    requires(P.estadoSistema),
    params(v.object({ cola: v.pipe(v.string(), v.maxLength(40)), id: id() })),
    async (c) => {
      const { cola, id: itemId } = c.req.valid('param');
      const queue = STATUS_QUEUES.find((q) => q.clave === cola && q.retry);
      if (!queue?.retry) throw notFound();
      const result = await queue.retry(c.var, itemId);
      if (result === 'missing') throw notFound();
      if (result === 'unavailable') throw conflict(OPS_MSG.retryUnavailable);
      return c.json({ data: { id: itemId, reintentado: result }, message: result ? OPS_MSG.retried : OPS_MSG.retryFailed });
    },
  );
