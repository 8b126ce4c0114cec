// The Worker: the one app (worker/app.ts) with Turso over HTTP, R2, the rate-limit binding and
// the cron triggers. The router is built once per isolate; every I/O object (the database client
// above all) is built per request or per cron event, since workerd refuses to let one request's
// I/O be awaited from another (docs/decisions/0013-request-scoped-io-on-workers.md).
import { createClient } from '@libsql/client/web';
import type { Context } from 'hono';
import { createApp } from '../app';
import { workflowRunner } from '../modules/bonuses/workers';
import { runScheduled } from '../modules/jobs';
import { factusFromEnv } from '../platform/adapters/factus';
import type { EInvoicing } from '../platform/e-invoicing';
import { httpMailer } from '../platform/adapters/http-mailer';
import { memoryLimiter, type LimiterWindows } from '../platform/adapters/memory-limiter';
import { outboxMailer } from '../platform/adapters/outbox-mailer';
import { r2Blobs } from '../platform/adapters/r2-blobs';
import { createDb } from '../platform/db';
import { fileKeyRing } from '../platform/file-keys';
import { sealedBlobs } from '../platform/sealed-blobs';
import type { Clock, Limiter, Ports } from '../platform/ports';
import { metricsBuffer, type MetricsBuffer } from '../platform/ops/metrics';
import { newRequestId, REQUEST_ID_HEADER } from '../platform/ops/request-log';
import { noReporter, parseDsn, sentryReporter, type ErrorReporter } from '../platform/ops/error-report';
import { backupRunner } from '../modules/jobs/workers';
import { isProblem, readEdgeConfig, type EdgeConfig, type ConfigProblem } from './config';

/**
 * What a test entry may change per request (tests/setup/worker-test-entry.ts). The production
 * entry (worker/index.ts) passes none, so nothing here is reachable from outside.
 */
export type EdgeSeams = {
  adjust?(request: Request): {
    libsqlUrl?: string;
    clock?: Clock;
    clientIp?: string;
    limiter?: Limiter;
    /** The payment gateway's keys withheld (the "not configured" tests). */
    withoutGateway?: boolean;
    /** Another key ring for the files (the rotation tests). */
    filesKeys?: { current: string; previous: string[] };
    /** The e-invoicing provider's variables (the tests' fake Factus). */
    invoicingEnv?: Record<string, string>;
  };
};

const systemClock: Clock = { now: () => Date.now() };

export function createWorker(seams: EdgeSeams = {}) {
  // Plain data only: parsed configuration and rate-limit counters (no I/O objects).
  const configs = new WeakMap<object, EdgeConfig | ConfigProblem>();
  const windows: LimiterWindows = new Map();
  // Request counts per database, flushed after answering (docs/decisions/0352).
  const metrics = new Map<string, MetricsBuffer>();
  const reporters = new WeakMap<object, ErrorReporter>();
  const reporterOf = (env: WorkerEnv) => {
    let r = reporters.get(env);
    if (!r) {
      const dsn = parseDsn(env.SENTRY_DSN);
      r = dsn
        ? sentryReporter(dsn, { release: env.RELEASE, environment: env.SENTRY_ENVIRONMENT })
        : noReporter;
      reporters.set(env, r);
    }
    return r;
  };

  function configOf(env: WorkerEnv) {
    let cfg = configs.get(env);
    if (!cfg) {
      cfg = readEdgeConfig(env);
      configs.set(env, cfg);
    }
    return cfg;
  }

  // One Factus adapter per isolate, so its OAuth token (an hour) serves many requests.
  let factus: { key: string; adapter: EInvoicing | undefined } | undefined;
  function invoicingOf(env: WorkerEnv): { invoicing?: EInvoicing } {
    const vars = env as unknown as Record<string, unknown>;
    const key = ['FACTUS_URL', 'FACTUS_CLIENT_ID', 'FACTUS_USERNAME']
      .map((k) => String(vars[k] ?? ''))
      .join('|');
    if (factus?.key !== key) factus = { key, adapter: factusFromEnv(vars) };
    return factus.adapter ? { invoicing: factus.adapter } : {};
  }

  /** A fresh set of ports: a new database client, the bindings of this invocation. */
  function portsFor(env: WorkerEnv, cfg: EdgeConfig, request?: Request): Ports {
    const seam = request && seams.adjust ? seams.adjust(request) : {};
    const clock = seam.clock ?? systemClock;
    const db = createDb(
      createClient({ url: seam.libsqlUrl ?? cfg.libsqlUrl, authToken: cfg.libsqlAuthToken }),
    );
    const binding = env.IP_LIMITER;
    const limiter: Limiter =
      seam.limiter ??
      (binding
        ? { limit: async (key) => ({ success: (await binding.limit({ key })).success, retryAfter: 60 }) }
        : memoryLimiter(clock, cfg.ipLimitPerMinute, windows));
    const url = seam.libsqlUrl ?? cfg.libsqlUrl;
    let buffer = metrics.get(url);
    if (!buffer) metrics.set(url, (buffer = metricsBuffer()));
    return {
      db,
      archive: r2Blobs(env.BLOBS),
      blobs: sealedBlobs(
        r2Blobs(env.BLOBS),
        fileKeyRing((seam.filesKeys ?? cfg.filesKeys).current, (seam.filesKeys ?? cfg.filesKeys).previous),
      ),
      mailer: outboxMailer(db, clock, {
        transport:
          env.MAIL_API_URL && env.MAIL_API_KEY
            ? httpMailer(env.MAIL_API_URL, env.MAIL_API_KEY, env.MAIL_FROM ?? cfg.config.supportEmail)
            : undefined,
        config: cfg.config,
      }),
      clock,
      limiter,
      config: seam.withoutGateway ? { ...cfg.config, wompi: undefined } : cfg.config,
      clientIp: (c: Context) => seam.clientIp ?? c.req.header('CF-Connecting-IP') ?? 'desconocido',
      settlement: workflowRunner({ ...env, LIBSQL_URL: seam.libsqlUrl ?? cfg.libsqlUrl }),
      backup: backupRunner({ ...env, LIBSQL_URL: url }),
      requestId: (c: Context) => c.req.header('cf-ray') || undefined,
      reporter: reporterOf(env),
      metrics: buffer,
      ...invoicingOf(seam.invoicingEnv ? ({ ...env, ...seam.invoicingEnv } as WorkerEnv) : env),
    };
  }

  const app = createApp((c) => {
    const env = c.env as WorkerEnv;
    return portsFor(env, configOf(env) as EdgeConfig, c.req.raw);
  });

  function unavailable(problem: ConfigProblem, request?: Request): Response {
    console.error(`Configuración incompleta del Worker: ${problem.variable} ${problem.problem}`);
    const id = request?.headers.get('cf-ray') || newRequestId();
    return Response.json(
      { message: 'Servicio no disponible' },
      { status: 503, headers: { 'Cache-Control': 'no-store', [REQUEST_ID_HEADER]: id } },
    );
  }

  return {
    async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
      const cfg = configOf(env);
      if (isProblem(cfg)) return unavailable(cfg, request);
      return app.fetch(request, env, ctx);
    },
    async scheduled(controller: ScheduledController, env: WorkerEnv, ctx: ExecutionContext): Promise<void> {
      const cfg = configOf(env);
      if (isProblem(cfg)) {
        unavailable(cfg);
        throw new Error(`Configuración incompleta: ${cfg.variable}`);
      }
      const ports = portsFor(env, cfg);
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
}
