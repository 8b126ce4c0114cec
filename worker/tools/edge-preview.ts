// The production shape on this machine, as a function: the SPA (web/dist) and the Worker bundle in
// workerd through `wrangler dev`, on one origin — `/api/*` to the Worker, every other path to the
// static assets with their `_headers` and the single-page fallback, R2 simulated locally — and a
// libSQL file migrated and seeded with the project's code, served over Hrana (the protocol Turso
// speaks). `npm run preview:edge` and the browser test on the Worker (tests/e2e/worker-browser)
// both start it.
import { createClient } from '@libsql/client';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { startHranaServer } from './hrana-server';
import { createDb } from '../platform/db';
import { migrateDb } from '../platform/migrate';
import { PBKDF2_ITERATIONS, SESSION_HOURS } from '../platform/ports';
import { seedReferenceData } from '../modules/resources';
import { seed } from '../platform/seed';

export type EdgePreviewOptions = {
  /** Folder for the database, the generated wrangler config and wrangler's local state. */
  dir: string;
  port: number;
  admin: { email: string; password: string };
  secrets: { jwtSecret: string; pepper: string; filesKey: string; filesKeysPrevious?: string[] };
  /** Where wrangler's output goes (the CLI shows it; a test keeps it for a failure message). */
  output?: 'inherit' | 'collect';
};

export type EdgePreview = { origin: string; dbFile: string; log: () => string; close(): Promise<void> };

const SPOOFABLE = ['cf-connecting-ip', 'x-forwarded-for', 'x-real-ip', 'true-client-ip'];
/** Hop-by-hop headers belong to one connection; each side of the proxy has its own. */
const HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];
const without = <T extends Record<string, unknown>>(headers: T, names: string[]) => {
  const out = { ...headers };
  for (const name of names) delete out[name];
  return out;
};

/**
 * What production's edge does before the Worker sees a request (decision 0097): the caller's
 * address goes in CF-Connecting-IP, whatever the caller sent there. Local `wrangler dev` keeps a
 * client's own CF-Connecting-IP, so on the preview anyone could choose the address the login
 * limiter counts; this proxy in front of it overwrites the header with the socket's address.
 */
export async function clientAddressProxy(port: number, target: number) {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const headers = without(req.headers, [...SPOOFABLE, ...HOP]);
    headers['cf-connecting-ip'] = (req.socket.remoteAddress ?? 'desconocido').replace(/^::ffff:/, '');
    const upstream = forward(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, without(answer.headers, HOP));
        answer.pipe(res);
      },
    );
    upstream.on('socket', (socket) => socket.setNoDelay(true));
    // A caller that goes away (a page left mid-request) takes its upstream request with it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => ok());
      }),
  };
}

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => ok(port));
    });
  });

export async function startEdgePreview(opts: EdgePreviewOptions): Promise<EdgePreview> {
  const origin = `http://localhost:${opts.port}`;
  mkdirSync(opts.dir, { recursive: true });
  const dbFile = resolve(opts.dir, 'edge.db');
  const client = createClient({ url: `file:${dbFile}` });
  await client.execute('PRAGMA journal_mode = WAL');
  const db = createDb(client);
  await migrateDb(db);
  const config = {
    appOrigin: origin,
    jwtSecret: new TextEncoder().encode(opts.secrets.jwtSecret),
    pepper: opts.secrets.pepper,
    supportEmail: 'soporte@360web.local',
    sessionHours: SESSION_HOURS,
    pbkdf2Iterations: PBKDF2_ITERATIONS,
  };
  await seed({ db, clock: { now: () => Date.now() }, config }, opts.admin);
  await seedReferenceData(db, Date.now());
  client.close();
  const hrana = await startHranaServer(dbFile);

  // A wrangler configuration for this preview only: the real entry, plus the SPA as assets.
  const root = resolve('.');
  const configFile = join(opts.dir, 'wrangler.preview.json');
  const rel = (p: string) => relative(resolve(opts.dir), resolve(root, p));
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        name: 'members-backoffice-preview',
        main: rel('worker/index.ts'),
        compatibility_date: '2026-04-01',
        assets: {
          directory: rel('web/dist'),
          not_found_handling: 'single-page-application',
          run_worker_first: ['/api/*'],
        },
        vars: { APP_ORIGIN: origin, SUPPORT_EMAIL: 'soporte@360web.local' },
        r2_buckets: [{ binding: 'BLOBS', bucket_name: 'members-backoffice-blobs' }],
        ratelimits: [{ name: 'IP_LIMITER', namespace_id: '1001', simple: { limit: 600, period: 60 } }],
      },
      null,
      2,
    ),
  );
  // Secrets go in .dev.vars beside the configuration, as `wrangler dev` expects them: it prints the
  // values of plain vars, but not of these.
  const devVar = (name: string, value: string) => `${name}=${JSON.stringify(value)}`;
  writeFileSync(
    join(opts.dir, '.dev.vars'),
    [
      devVar('LIBSQL_URL', hrana.url),
      devVar('JWT_SECRET', opts.secrets.jwtSecret),
      devVar('PASSWORD_PEPPER', opts.secrets.pepper),
      devVar('FILES_KEY', opts.secrets.filesKey),
      ...(opts.secrets.filesKeysPrevious?.length
        ? [devVar('FILES_KEYS_PREVIOUS', opts.secrets.filesKeysPrevious.join(','))]
        : []),
    ].join('\n') + '\n',
    { mode: 0o600 },
  );
  // wrangler listens on an inner port; callers reach it through the address-setting proxy.
  const innerPort = await freePort();
  const proxy = await clientAddressProxy(opts.port, innerPort);
  let output = '';
  const wrangler = spawn(
    process.execPath,
    [
      join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--config',
      configFile,
      '--port',
      String(innerPort),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      join(opts.dir, 'wrangler-state'),
      '--show-interactive-dev-session=false',
    ],
    {
      stdio: [
        'ignore',
        opts.output === 'collect' ? 'pipe' : 'inherit',
        opts.output === 'collect' ? 'pipe' : 'inherit',
      ],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
    },
  );
  wrangler.stdout?.on('data', (d) => (output += d));
  wrangler.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((done) => wrangler.on('exit', () => done()));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    wrangler.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (wrangler.exitCode === null) wrangler.kill('SIGKILL');
    await proxy.close();
    await hrana.close();
  };
  // Ready when the Worker answers its health check through wrangler's server.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (wrangler.exitCode !== null) {
      await proxy.close();
      await hrana.close();
      throw new Error(`wrangler dev exited (${wrangler.exitCode}):\n${output}`);
    }
    const ok = await fetch(`${origin}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`wrangler dev did not answer in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { origin, dbFile, log: () => output, close };
}
