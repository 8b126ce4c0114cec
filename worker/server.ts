// Starts the one app on Node: embedded libSQL file, blobs in a folder, outbox mailer, the SPA
// from web/dist, and the in-process scheduler. Used by `npm start` (node.ts) and the e2e tests.
import { PBKDF2_ITERATIONS } from './platform/ports';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { localRunner } from './modules/bonuses';
import { startScheduler } from './modules/jobs';
import { seedReferenceData } from './modules/resources';
import { compressStatic } from './platform/adapters/compress-static';
import { forwardedApi, servedDocuments } from './platform/served-documents';
import { fsBlobs } from './platform/adapters/fs-blobs';
import { localClient } from './platform/adapters/local-libsql';
import { memoryLimiter } from './platform/adapters/memory-limiter';
import { consoleTransport, outboxMailer } from './platform/adapters/outbox-mailer';
import { httpMailer } from './platform/adapters/http-mailer';
import { metricsBuffer } from './platform/ops/metrics';
import { noReporter, parseDsn, sentryReporter } from './platform/ops/error-report';
import type { EInvoicing } from './platform/e-invoicing';
import type { LogSink } from './platform/ops/request-log';
import { secretBytes } from './platform/config-node';
import { randomToken } from './platform/bytes';
import { fileKeyRing } from './platform/file-keys';
import { sealedBlobs } from './platform/sealed-blobs';
import { createDb } from './platform/db';
import { migrateDb } from './platform/migrate';
import type { Clock, Config, Ports } from './platform/ports';
import { seed } from './platform/seed';
import { LOCAL_PRAGMAS } from './platform/pragmas';

export type ServerOptions = {
  port: number;
  databaseUrl: string;
  blobDir: string;
  appOrigin?: string;
  jwtSecret: string;
  pepper: string;
  /**
   * The key ring of the stored files (FILES_KEY, FILES_KEYS_PREVIOUS; docs/decisions/0371). `npm
   * start` always passes it (data/secrets.json); without it (tests, benches) a key of this process
   * only is used, so files written under it do not outlive the process.
   */
  filesKey?: string;
  filesKeysPrevious?: string[];
  admin: { email: string; password: string };
  supportEmail: string;
  /** Days before an unpaid purchase's owner is reminded (decision 0130). */
  paymentReminderDays?: number;
  ipLimitPerMinute?: number;
  logMail?: boolean;
  scheduler?: boolean;
  clock?: Clock;
  /** Loads the reference catalogues on first start (countries, banks, …); default true. */
  referenceData?: boolean;
  /** The payment gateway's keys (WOMPI_* in the environment); none: manual transfer only. */
  wompi?: Config['wompi'];
  /** The electronic-invoicing provider (FACTUS_* in the environment); none: invoices wait PENDIENTE. */
  invoicing?: EInvoicing;
  /** The HTTP e-mail API (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM); without it mail goes to the console when logMail. */
  mailApi?: { url: string; key: string; from?: string };
  /** Operations alerts' address (OPS_EMAIL). */
  opsEmail?: string;
  /** Error reports (SENTRY_DSN), the release they name (RELEASE) and the environment. */
  sentryDsn?: string;
  release?: string;
  sentryEnvironment?: string;
  /** Where request log lines go (default: the console). */
  log?: LogSink;
  /** The built SPA to serve (default web/dist; tests/e2e/hydration.test.ts serves a profiling build). */
  spaDir?: string;
};

/**
 * A 413 answers before the body is read, and the adapter then drops the connection with the rest
 * of the body: the answer says `Connection: close` so a keep-alive client does not send its next
 * request into that socket (an attacker's run found it on Node; the Worker runtime handles it).
 */
function closingOnRefusedBody<A extends unknown[]>(
  fetch: (req: Request, ...rest: A) => Response | Promise<Response>,
) {
  // The adapter's bindings (the socket, for the client's address) pass through untouched.
  return async (req: Request, ...rest: A) => {
    const res = await fetch(req, ...rest);
    if (res.status !== 413) return res;
    const headers = new Headers(res.headers);
    headers.set('Connection', 'close');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}

const BUILT_SPA = fileURLToPath(new URL('../web/dist', import.meta.url));
const RENDERER = new URL('../web/dist-server/server-render.js', import.meta.url);

export async function startServer(
  opts: ServerOptions,
): Promise<{ server: ServerType; port: number; ports: Ports; close(): Promise<void> }> {
  if (opts.databaseUrl.startsWith('file:')) {
    const path = opts.databaseUrl.slice(5);
    if (path.includes('/')) mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
  }
  // One connection, so the per-connection PRAGMAs below hold for every statement.
  const client = localClient({ url: opts.databaseUrl, concurrency: 1 });
  await client.execute('PRAGMA foreign_keys = ON');
  if (opts.databaseUrl.startsWith('file:')) for (const pragma of LOCAL_PRAGMAS) await client.execute(pragma);
  const db = createDb(client);
  const clock = opts.clock ?? { now: () => Date.now() };
  const config = {
    appOrigin: opts.appOrigin ?? `http://localhost:${opts.port}`,
    jwtSecret: secretBytes(opts.jwtSecret),
    pepper: opts.pepper,
    supportEmail: opts.supportEmail,
    sessionHours: 8,
    pbkdf2Iterations: PBKDF2_ITERATIONS,
    wompi: opts.wompi,
    ...(opts.paymentReminderDays ? { paymentReminderDays: opts.paymentReminderDays } : {}),
    ...(opts.opsEmail ? { opsEmail: opts.opsEmail } : {}),
    ...(opts.release ? { release: opts.release } : {}),
  };
  await migrateDb(db);
  await seed({ db, clock, config }, opts.admin);
  if (opts.referenceData !== false) {
    const loaded = await seedReferenceData(db, clock.now());
    if (loaded.length && opts.logMail) console.log(`Datos de referencia cargados: ${loaded.join(', ')}`);
  }
  const ports: Ports = {
    db,
    archive: fsBlobs(opts.blobDir),
    ...(opts.invoicing ? { invoicing: opts.invoicing } : {}),
    blobs: sealedBlobs(
      fsBlobs(opts.blobDir),
      fileKeyRing(opts.filesKey ?? randomToken(48), opts.filesKeysPrevious ?? []),
    ),
    mailer: outboxMailer(db, clock, {
      transport: opts.mailApi
        ? httpMailer(opts.mailApi.url, opts.mailApi.key, opts.mailApi.from ?? opts.supportEmail)
        : opts.logMail
          ? consoleTransport
          : undefined,
      config,
    }),
    clock,
    limiter: memoryLimiter(clock, opts.ipLimitPerMinute ?? 60),
    config,
    clientIp: (c) => getConnInfo(c).remote.address ?? 'desconocido',
    settlement: localRunner(db, clock),
    metrics: metricsBuffer(),
    reporter: (() => {
      const dsn = parseDsn(opts.sentryDsn);
      return dsn
        ? sentryReporter(dsn, { release: opts.release, environment: opts.sentryEnvironment })
        : noReporter;
    })(),
    ...(opts.log ? { log: opts.log } : {}),
  };
  const spaDir = opts.spaDir ?? BUILT_SPA;
  const app = createApp(ports, (root) => {
    root.use('*', compressStatic());
    root.use(
      '/assets/*',
      serveStatic({
        root: spaDir,
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    root.use('*', serveStatic({ root: spaDir }));
    // Like Pages: a page prerendered at build time (/login → login.html, vite.config.ts) is served
    // for its path; every other path gets the SPA's index.html.
    // Only pages found are kept (at most the .html files of web/dist); an unknown name costs a
    // stat, so made-up paths grow nothing, and a build made after the start is still seen.
    const pages = new Map<string, string>();
    const page = (name: string) => {
      const file = `${spaDir}/${name}.html`;
      if (!pages.has(name) && existsSync(file)) pages.set(name, readFileSync(file, 'utf8'));
      return pages.get(name) ?? null;
    };
    // A signed-in /app document is drawn on the server (web/server-render.tsx, decision 0306),
    // its API calls answered by this same app in process with the request's cookie.
    const renderer = servedDocuments(RENDERER, () => page('index'));
    // Loaded with the server, not by the first signed-in visitor (when the SPA is built).
    if (page('index')) renderer.warm();
    root.get('/app/*', async (c, next) => {
      const html = await renderer(
        c.req.raw,
        forwardedApi(c.req.raw, (req) => app.fetch(req, c.env)),
      );
      if (!html) return next();
      c.header('Cache-Control', 'no-store');
      return c.html(html);
    });
    root.get('*', (c) => {
      if (c.req.path.startsWith('/api/')) return c.notFound();
      const name = /^\/([a-z][a-z0-9-]*)$/i.exec(c.req.path)?.[1];
      const html = (name && page(name)) || page('index');
      if (!html) return c.notFound();
      c.header('Cache-Control', 'no-cache');
      return c.html(html);
    });
  });
  const stopScheduler = opts.scheduler === false ? () => {} : startScheduler(ports);
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve(
      { fetch: closingOnRefusedBody(app.fetch), port: opts.port, hostname: '127.0.0.1' },
      (info) => resolve({ server: s, port: info.port }),
    );
  });
  // With PORT=0 the bound port is known only now; e-mailed links must come back to it.
  if (!opts.appOrigin) config.appOrigin = `http://localhost:${port}`;
  return {
    server,
    port,
    ports,
    close: () =>
      new Promise<void>((resolve) => {
        stopScheduler();
        server.close(() => {
          client.close();
          resolve();
        });
      }),
  };
}
