// A fresh app per test file: in-memory libSQL with the real migrations and seed, memory blobs,
// the outbox mailer and a clock the test can move. No database mocks.
import { createClient } from '@libsql/client';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { createApp } from '../../worker/app';
import { handOffsSettled } from '../../worker/platform/hand-off';
import { outbox, permissions, rolePermissions, roles, userRoles, users } from '../../worker/db/schema';
import { memoryBlobs } from '../../worker/platform/adapters/memory-blobs';
import { memoryLimiter } from '../../worker/platform/adapters/memory-limiter';
import { outboxMailer } from '../../worker/platform/adapters/outbox-mailer';
import { randomCode } from '../../worker/platform/bytes';
import { createDb } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { hashPassword, PBKDF2_ITERATIONS } from '../../worker/platform/password';
import type { Ports } from '../../worker/platform/ports';
import { seed } from '../../worker/platform/seed';
import { openSession } from '../../worker/modules/auth/sessions';

export const ADMIN = { email: 'admin@test.local', password: 'Admin-12345' };
export const ORIGIN = 'http://localhost';
const PEPPER = 'test-pepper';

export type Req = { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: BodyInit };

export async function makeApp(opts: { ipLimit?: number; start?: number } = {}) {
  const client = createClient({ url: ':memory:' });
  await client.execute('PRAGMA foreign_keys = ON');
  const db = createDb(client);
  let now = opts.start ?? Date.UTC(2026, 10, 15, 15, 0, 0);
  const clock = { now: () => now };
  const config = {
    appOrigin: 'https://app.example.co',
    jwtSecret: new TextEncoder().encode('a-test-secret-that-is-at-least-32-bytes-long'),
    pepper: PEPPER,
    supportEmail: 'soporte@example.co',
    sessionHours: 8,
    pbkdf2Iterations: PBKDF2_ITERATIONS,
  };
  await migrateDb(db);
  await seed({ db, clock, config }, ADMIN);
  const ports: Ports = {
    db,
    blobs: memoryBlobs(),
    mailer: outboxMailer(db, clock),
    clock,
    limiter: memoryLimiter(clock, opts.ipLimit ?? 1000),
    config,
    clientIp: (c) => c.req.header('X-Test-Ip') ?? '127.0.0.1',
  };
  const app = createApp(ports);

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
    const res = await app.request(`${ORIGIN}${path}`, { method, headers, body });
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
    const res = await app.request(`${ORIGIN}/api/v1/auth/login`, {
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
  async function makeUser(name: string, perms: string[] = [], password = 'Clave-12345') {
    const t = clock.now();
    const user = await db
      .insert(users)
      .values({
        email: `${name}@test.local`,
        userName: name,
        nombres: name,
        passwordHash: await hashOnce(password),
        referralCode: randomCode(8),
        emailVerifiedAt: t,
        createdAt: t,
        updatedAt: t,
      })
      .returning()
      .get();
    const role = await db.insert(roles).values({ nombre: `ROL_${name}`.toUpperCase(), createdAt: t, updatedAt: t }).returning().get();
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    if (perms.length) {
      const ids = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.code, perms));
      if (ids.length !== perms.length) throw new Error(`unknown permission in ${perms.join(', ')}`);
      await db.insert(rolePermissions).values(ids.map((p) => ({ roleId: role.id, permissionId: p.id })));
    }
    return { ...user, password, roleId: role.id, cookie: () => login(user.email, password), session: () => sessionCookie(user.id) };
  }

  /** A session opened directly (no password hashing), for suites that need many users. */
  async function sessionCookie(userId: number): Promise<string> {
    const { token, expiresAt } = await openSession(ports, { id: userId }, 'cookie');
    return `token=${token}; infosesion=${encodeURIComponent(JSON.stringify({ user_id: userId, expires_at: new Date(expiresAt).toISOString() }))}`;
  }

  async function lastMail(to: string) {
    await handOffsSettled();
    return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).get();
  }

  async function memberRoleId() {
    return (await db.select().from(roles).where(and(eq(roles.nombre, 'USUARIO'))).get())!.id;
  }

  return {
    app,
    ports,
    db,
    client,
    clock: { now: () => now, advance: (ms: number) => (now += ms), set: (t: number) => (now = t) },
    request,
    login,
    makeUser,
    sessionCookie,
    lastMail,
    memberRoleId,
  };
}

export type TestApp = Awaited<ReturnType<typeof makeApp>>;

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export const linkIn = (body: string) => /https?:\/\/\S+/.exec(body)?.[0] ?? '';
