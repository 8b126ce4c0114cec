// Cloudflare Workers entry: the same app with Turso over HTTP, R2, the rate-limit binding and
// Cron Triggers (ARCHITECTURE.md §1).
import type { ExecutionContext, R2Bucket, ScheduledController } from '@cloudflare/workers-types';
import { createClient } from '@libsql/client/web';
import { createApp } from './app';
import { workflowRunner, type SettlementEnv } from './modules/bonuses/settlement-workflow';
import { runScheduled } from './modules/jobs/scheduled';
import { httpMailer } from './platform/adapters/http-mailer';
import { memoryLimiter } from './platform/adapters/memory-limiter';
import { outboxMailer } from './platform/adapters/outbox-mailer';
import { r2Blobs } from './platform/adapters/r2-blobs';
import { createDb } from './platform/db';
import type { Limiter, Ports } from './platform/ports';

export { SettlementWorkflow } from './modules/bonuses/settlement-workflow';

export interface Env extends SettlementEnv {
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  JWT_SECRET: string;
  PASSWORD_PEPPER: string;
  APP_ORIGIN: string;
  SUPPORT_EMAIL: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  BLOBS: R2Bucket;
  IP_LIMITER?: { limit(o: { key: string }): Promise<{ success: boolean }> };
}

const clock = { now: () => Date.now() };
let cached: { env: Env; ports: Ports; app: ReturnType<typeof createApp> } | undefined;

function portsFor(env: Env): Ports {
  const secret = new TextEncoder().encode(env.JWT_SECRET ?? '');
  if (secret.length < 32) throw new Error('JWT_SECRET must hold at least 32 bytes');
  const db = createDb(createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }));
  const limiter: Limiter = env.IP_LIMITER
    ? { limit: async (key) => ({ success: (await env.IP_LIMITER!.limit({ key })).success, retryAfter: 60 }) }
    : memoryLimiter(clock, 60);
  return {
    db,
    blobs: r2Blobs(env.BLOBS),
    mailer: env.MAIL_API_URL && env.MAIL_API_KEY ? httpMailer(env.MAIL_API_URL, env.MAIL_API_KEY, env.MAIL_FROM ?? env.SUPPORT_EMAIL) : outboxMailer(db, clock),
    clock,
    limiter,
    config: {
      appOrigin: env.APP_ORIGIN,
      jwtSecret: secret,
      pepper: env.PASSWORD_PEPPER ?? '',
      supportEmail: env.SUPPORT_EMAIL,
      sessionHours: 8,
      pbkdf2Iterations: 100_000,
    },
    clientIp: (c) => c.req.header('CF-Connecting-IP') ?? 'desconocido',
    settlement: workflowRunner(env),
  };
}

function appFor(env: Env) {
  if (cached?.env !== env) {
    const ports = portsFor(env);
    cached = { env, ports, app: createApp(ports) };
  }
  return cached;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    try {
      return await appFor(env).app.fetch(request, env, ctx);
    } catch (err) {
      console.error('Worker misconfigured', err);
      return Response.json({ message: 'Servicio no disponible' }, { status: 503 });
    }
  },
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const { ports } = appFor(env);
    ctx.waitUntil(
      runScheduled(ports, controller.cron, controller.scheduledTime).then(
        (r) => console.log('scheduled', JSON.stringify(r)),
        (err) => {
          console.error('scheduled failed', controller.cron, err);
          throw err;
        },
      ),
    );
  },
};
