// A fresh app per makeApp(): the real migrations and seed, the outbox mailer and a clock the test
// can move. No database mocks. The same tests run on both targets (tests/setup/targets.ts):
// - node: the app in this process over an in-memory libSQL;
// - workerd: the bundled Worker in workerd, over this app's own SQLite file served by a Hrana
//   server (what production's Turso speaks). The test's own `db` then uses the Worker's client,
//   @libsql/client/web, over the same Hrana server.
import type { Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { localClient as createFileClient } from '../../worker/platform/adapters/local-libsql';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../worker/app';
import { outbox, permissions, rolePermissions, roles, userRoles, users } from '../../worker/db/schema';
import { memoryBlobs } from '../../worker/platform/adapters/memory-blobs';
import { r2Blobs, type R2Like } from '../../worker/platform/adapters/r2-blobs';
import { fileKeyRing } from '../../worker/platform/file-keys';
import { sealedBlobs, type SealedBlobStore } from '../../worker/platform/sealed-blobs';
import { memoryLimiter } from '../../worker/platform/adapters/memory-limiter';
import { outboxMailer } from '../../worker/platform/adapters/outbox-mailer';
import { backgroundSettled } from '../../worker/platform/background';
import { randomCode } from '../../worker/platform/bytes';
import { createDb, type Db } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { withSortKeys } from '../../worker/platform/sort-keys';
import { metricsBuffer } from '../../worker/platform/ops/metrics';
import type { LogLine } from '../../worker/platform/ops/request-log';
import { wompiKeysFrom } from '../../worker/platform/payment-gateway';
import { hashPassword } from '../../worker/platform/password';
import { PBKDF2_ITERATIONS, SESSION_HOURS, type BlobStore, type Ports } from '../../worker/platform/ports';
import { seed } from '../../worker/platform/seed';
import { openSession } from '../../worker/modules/auth/sessions';
import { startHranaServer, type HranaServer } from '../../worker/tools/hrana-server';
import { onDispose, sharedWorker, TARGET, WORKER_BINDINGS } from './targets';

export { TARGET } from './targets';
export const ADMIN = { email: 'admin@test.local', password: 'Admin-12345' };
export const ORIGIN = 'http://localhost';
const PEPPER = WORKER_BINDINGS.PASSWORD_PEPPER;

export type Req = { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: BodyInit };
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The database of one test app, on the target's path. */
async function openDatabase(seedWith: (db: Db) => Promise<void>) {
  if (TARGET === 'node') {
    const client = createFileClient({ url: ':memory:' });
    await client.execute('PRAGMA foreign_keys = ON');
    const db = createDb(client);
    await seedWith(db);
    return {
      client,
      db,
      hrana: undefined as HranaServer | undefined,
      breakDatabase: async () => client.close(),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'api-workerd-'));
  const file = join(dir, 'app.db');
  const local = createFileClient({ url: `file:${file}` });
  await local.execute('PRAGMA journal_mode = WAL');
  await local.execute('PRAGMA foreign_keys = ON');
  await seedWith(createDb(local));
  local.close();
  const hrana = await startHranaServer(file);
  // The file's database goes with the file's Worker (the workerd project's files share a process).
  onDispose(async () => {
    await hrana.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const client = createWebClient({ url: hrana.url }) as unknown as Client;
  return { client, db: createDb(client), hrana, breakDatabase: () => hrana.close() };
}

export async function makeApp(
  opts: {
    ipLimit?: number;
    start?: number;
    gateway?: boolean;
    /** Fills the new database instead of the migrations and seed (a restore). */
    prepare?: (db: Db) => Promise<void>;
  } = {},
) {
  let now = opts.start ?? Date.UTC(2026, 10, 15, 15, 0, 0);
  const clock = { now: () => now };
  const config = {
    appOrigin: WORKER_BINDINGS.APP_ORIGIN,
    jwtSecret: new TextEncoder().encode(WORKER_BINDINGS.JWT_SECRET),
    pepper: PEPPER,
    supportEmail: WORKER_BINDINGS.SUPPORT_EMAIL,
    sessionHours: SESSION_HOURS,
    pbkdf2Iterations: PBKDF2_ITERATIONS,
    wompi: opts.gateway === false ? undefined : wompiKeysFrom(WORKER_BINDINGS),
  };
  const { client, db, hrana, breakDatabase } = await openDatabase(async (db) => {
    if (opts.prepare) return opts.prepare(db);
    await migrateDb(db);
    await seed({ db, clock, config }, ADMIN);
  });
  // Files are encrypted at rest on both targets (docs/decisions/0370): `storedBlobs` is the store
  // under the encrypting port (memory here, Miniflare's R2 for the Worker), `useFilesKeys` switches
  // the app's key ring (per request on workerd).
  const stored = memoryBlobs();
  let filesKeys = { current: WORKER_BINDINGS.FILES_KEY, previous: [] as string[] };
  /** FACTUS_* variables the bundled Worker gets per request (the fake Factus of the invoicing tests). */
  let factusEnv: Record<string, string> | undefined;
  const logLines: LogLine[] = [];
  const ports: Ports = {
    db,
    archive: stored,
    blobs: sealedBlobs(stored, fileKeyRing(filesKeys.current)),
    mailer: outboxMailer(db, clock),
    clock,
    limiter: memoryLimiter(clock, opts.ipLimit ?? 1000),
    config,
    clientIp: (c) => c.req.header('X-Test-Ip') ?? '127.0.0.1',
    log: (line) => void logLines.push(line),
    metrics: metricsBuffer(),
  };
  // On workerd the app is built here only so tests can read its route table (apiRoutes).
  const app = createApp(ports);

  const fetchOn: Fetch =
    TARGET === 'node'
      ? async (url, init) => app.request(url, init)
      : async (url, init = {}) => {
          const { mf } = await sharedWorker();
          const headers = new Headers(init.headers);
          headers.set('x-test-libsql-url', hrana!.url);
          headers.set('x-test-now', String(now));
          headers.set('x-test-ip-limit', String(opts.ipLimit ?? 1000));
          if (opts.gateway === false) headers.set('x-test-gateway', 'off');
          if (factusEnv) headers.set('x-test-factus', JSON.stringify(factusEnv));
          if (filesKeys.current !== WORKER_BINDINGS.FILES_KEY || filesKeys.previous.length) {
            headers.set('x-test-files-key', filesKeys.current);
            headers.set('x-test-files-keys-previous', filesKeys.previous.join(','));
          }
          let body = init.body ?? undefined;
          // Miniflare carries its own fetch classes: hand it bytes, not this process's FormData.
          if (body != null && typeof body !== 'string') {
            const probe = new Request('http://x', { method: 'POST', body, headers });
            if (!headers.has('content-type') && probe.headers.get('content-type'))
              headers.set('content-type', probe.headers.get('content-type')!);
            body = new Uint8Array(await probe.arrayBuffer());
          }
          const res = await mf.dispatchFetch(url, {
            method: init.method ?? 'GET',
            headers: Object.fromEntries(headers),
            body: body as never,
            redirect: 'manual',
          });
          return res as unknown as Response;
        };
  if (TARGET === 'workerd') {
    app.request = (() => {
      throw new Error('On the workerd target requests go through t.fetch / t.request, not t.app.request');
    }) as never;
  }

  async function request(method: string, path: string, r: Req = {}) {
    const headers: Record<string, string> = { ...(r.headers ?? {}) };
    if (r.cookie) headers.Cookie = r.cookie;
    // Like a browser: non-GET requests carry the page's origin.
    if (method !== 'GET' && method !== 'HEAD') headers.Origin ??= ORIGIN;
    let body: BodyInit | undefined = r.raw;
    if (r.body !== undefined) {
      body = JSON.stringify(r.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetchOn(`${ORIGIN}${path}`, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  /** Signs in through the API and returns the Cookie header to send back. */
  async function login(email: string, password: string): Promise<string> {
    const res = await fetchOn(`${ORIGIN}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return cookieHeader(res.headers);
  }

  const hashes = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password, PEPPER, config.pbkdf2Iterations));
    return hashes.get(password)!;
  };

  /** A verified user holding exactly the given permissions (through a role of its own). */
  async function makeUser(
    name: string,
    perms: string[] = [],
    password = 'Clave-12345',
    opts: { consent?: boolean } = {},
  ) {
    const t = clock.now();
    const user = await db
      .insert(users)
      .values(
        withSortKeys(users, {
          email: `${name}@test.local`,
          userName: name,
          nombres: name,
          passwordHash: await hashOnce(password),
          referralCode: randomCode(8),
          emailVerifiedAt: t,
          createdAt: t,
          updatedAt: t,
        }),
      )
      .returning()
      .get();
    const role = await db
      .insert(roles)
      .values({ nombre: `ROL_${name}`.toUpperCase(), createdAt: t, updatedAt: t })
      .returning()
      .get();
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    // Like a member who registered and ticked everything: every purpose of the notice in force
    // (docs/privacy.md «Aviso y autorizaciones»); `consent: false` for one who granted nothing.
    if (opts.consent !== false) await grantAll(db, user.id, t);
    if (perms.length) {
      const ids = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.code, perms));
      if (ids.length !== perms.length) throw new Error(`unknown permission in ${perms.join(', ')}`);
      await db.insert(rolePermissions).values(ids.map((p) => ({ roleId: role.id, permissionId: p.id })));
    }
    return {
      ...user,
      password,
      roleId: role.id,
      cookie: () => login(user.email, password),
      session: () => sessionCookie(user.id),
    };
  }

  /** A session opened directly (no password hashing), for suites that need many users. */
  async function sessionCookie(userId: number): Promise<string> {
    const { token, expiresAt } = await openSession(ports, { id: userId }, 'cookie');
    return `token=${token}; infosesion=${encodeURIComponent(JSON.stringify({ user_id: userId, expires_at: new Date(expiresAt).toISOString() }))}`;
  }

  /** Creates a registry or catalogue row through the API (POST → 201) and returns its id. */
  async function createRow(endpoint: string, body: object, cookie: string): Promise<number> {
    const res = await request('POST', `/api/v1${endpoint}`, { cookie, body });
    if (res.status !== 201) throw new Error(`${endpoint}: ${res.text}`);
    return res.json.data.id as number;
  }

  /** Mails are sent after the answer (issue 13 item 3): wait for that work before reading. */
  async function lastMail(to: string) {
    const read = () => db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).get();
    if (TARGET === 'node') {
      await backgroundSettled();
      return read();
    }
    // workerd runs it in waitUntil: read until two reads 50 ms apart agree.
    let last = await read();
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const next = await read();
      if (next?.id === last?.id && i > 0) return next;
      last = next;
    }
    return last;
  }

  async function memberRoleId() {
    return (await db
      .select()
      .from(roles)
      .where(and(eq(roles.nombre, 'USUARIO')))
      .get())!.id;
  }

  /** The store under the encrypting port, where the bytes really lie. */
  async function storedBlobs(): Promise<BlobStore> {
    if (TARGET === 'node') return stored;
    const { mf } = await sharedWorker();
    return r2Blobs((await mf.getR2Bucket('BLOBS')) as unknown as R2Like);
  }
  /** The app's files as the app sees them (decrypted), with its current key ring. */
  async function appBlobs(): Promise<SealedBlobStore> {
    return sealedBlobs(await storedBlobs(), fileKeyRing(filesKeys.current, filesKeys.previous));
  }
  /** From now on the app encrypts with `current` and still opens files of `previous`. */
  function useFilesKeys(current: string, previous: string[] = []) {
    filesKeys = { current, previous };
    ports.blobs = sealedBlobs(stored, fileKeyRing(current, previous));
  }
  /**
   * The request log lines written so far for this app: captured on Node, read from workerd's
   * console on workerd (the lines of this app's requests, found by their request ids).
   */
  async function requestLog(ids?: string[]): Promise<LogLine[]> {
    if (TARGET === 'node') return ids ? logLines.filter((l) => ids.includes(l.request_id)) : [...logLines];
    const { logs } = await sharedWorker();
    const lines = logs
      .map((l) => {
        try {
          return JSON.parse(l.message) as LogLine;
        } catch {
          return undefined;
        }
      })
      .filter((l): l is LogLine => !!l && typeof l.request_id === 'string' && 'db_round_trips' in l);
    return ids ? lines.filter((l) => ids.includes(l.request_id)) : lines;
  }

  return {
    target: TARGET,
    /** The Worker's FACTUS_* variables from now on (workerd; on node set `ports.invoicing`). */
    useFactusEnv: (env: Record<string, string>) => void (factusEnv = env),
    storedBlobs,
    appBlobs,
    useFilesKeys,
    requestLog,
    /** Every console line workerd printed (workerd target), for scans of personal data. */
    workerdLogs: async () => (TARGET === 'workerd' ? (await sharedWorker()).logs.map((l) => l.message) : []),
    /** The app's route table (apiRoutes); on workerd it serves no requests. */
    app,
    ports,
    db,
    client,
    /** The test's database server on workerd (counts the round trips the Worker makes). */
    hrana,
    /** A fetch on the target: Hono's app.request on node, the bundled Worker on workerd. */
    fetch: fetchOn,
    breakDatabase,
    clock: { now: () => now, advance: (ms: number) => (now += ms), set: (t: number) => (now = t) },
    request,
    createRow,
    login,
    makeUser,
    sessionCookie,
    lastMail,
    memberRoleId,
  };
}

export type TestApp = Awaited<ReturnType<typeof makeApp>>;

/** Grants `userId` every purpose of the notice in force, as the registration would. */
export async function grantAll(db: Db, userId: number, at: number) {
  await db.run(
    sql`insert into consent_ledger (user_id, finalidad, otorgada, version, canal, actor_id, created_at)
      select ${userId}, codigo, 1, version, 'registro', ${userId}, ${at} from privacy_purposes
      where version = (select max(version) from privacy_notices)`,
  );
}

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export const linkIn = (body: string) => /https?:\/\/\S+/.exec(body)?.[0] ?? '';
