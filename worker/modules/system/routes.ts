// Administración → Estado del sistema (docs/decisions/0350): `GET /sistema/estado` and the retry
// of one failed item of a queue (a mail resent), both behind their own permission.
import { Hono } from 'hono';
import * as v from 'valibot';
import { requires } from '../../platform/auth';
import { conflict, notFound, tooMany } from '../../platform/errors';
import { afterResponse } from '../../platform/background';
import { scrubText } from '../../platform/ops/scrub';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { clientErrorSchema } from '../../shared/schemas/client-error';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { OPS_MSG } from '../../shared/ops';
import { STATUS_QUEUES } from './queues';
import { systemStatus } from './status';

/** An error the SPA sent, as an Error whose stack is the browser's (Sentry parses both). */
class ClientError extends Error {
  constructor(message: string, stack: string | undefined) {
    super(message);
    this.name = 'ClientError';
    this.stack = stack
      ? `ClientError: ${message}\n${stack
          .split('\n')
          .filter((l) => /^\s*at /.test(l))
          .join('\n')}`
      : undefined;
  }
}

export const systemRoutes = new Hono<AppEnv>()
  // Public (the SPA fails before sign-in too): the SPA's own errors, scrubbed and passed to the
  // error reporter, so the browser needs no DSN and no extra origin in its CSP (decision 0354).
  .post('/errores', json(clientErrorSchema), async (c) => {
    const r = await c.var.limiter.limit(`client-error:${c.var.clientIp(c)}`);
    if (!r.success) throw tooMany(r.retryAfter);
    const body = c.req.valid('json');
    const message = scrubText(body.mensaje);
    const route = scrubText(body.ruta.split('?')[0]!);
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'error del navegador',
        origen: body.origen,
        ruta: route,
        error: message,
      }),
    );
    const reporter = c.var.reporter;
    if (reporter)
      afterResponse(c, () =>
        reporter.capture(new ClientError(message, body.pila), {
          requestId: c.var.currentRequestId,
          route: `${body.origen} ${route}`,
          method: 'SPA',
          userId: c.var.user?.id ?? null,
          release: body.version || c.var.config.release,
        }),
      );
    return c.body(null, 204);
  })
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
      return c.json({
        data: { id: itemId, reintentado: result },
        message: result ? OPS_MSG.retried : OPS_MSG.retryFailed,
      });
    },
  );
