// SECURITY row 1: passwords are hashed with PBKDF2 at the count the production config uses, and
// that count must fit Cloudflare's ceiling of 100,000 iterations. Local workerd and Node do not
// enforce the ceiling, so the tests do, with production's behaviour (tests/setup/pbkdf2-ceiling.ts):
// in the bundled Worker on workerd (tests/setup/worker-test-entry.ts), and in this process for the
// node target, where the app runs in-process. Every route that derives a hash then runs under it:
// a count above 100,000 anywhere on those paths answers 500 here, as it would in production.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEdgeConfig } from '../../worker/edge/config';
import { users } from '../../worker/db/schema';
import { hashPassword } from '../../worker/platform/password';
import { ADMIN, makeApp, TARGET, type TestApp } from '../setup/app';
import { enforcePbkdf2Ceiling, PRODUCTION_PBKDF2_CEILING as CEILING } from '../setup/pbkdf2-ceiling';
import { WORKER_BINDINGS } from '../setup/targets';

const PEPPER = WORKER_BINDINGS.PASSWORD_PEPPER;
// The count the Worker's own configuration produces, read from the code (never a literal here).
const configured = (
  readEdgeConfig({ ...WORKER_BINDINGS, LIBSQL_URL: 'libsql://db.example' }) as {
    config: { pbkdf2Iterations: number };
  }
).config.pbkdf2Iterations;

let t: TestApp;
let admin: string;
// Node: installed once the app is seeded; from then on every request runs under it on both targets.
let ceiling: ReturnType<typeof enforcePbkdf2Ceiling> | undefined;
beforeAll(async () => {
  t = await makeApp();
  if (TARGET === 'node') ceiling = enforcePbkdf2Ceiling();
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ceiling?.restore());

const storedCount = async (id: number) =>
  Number(
    (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)).get())!.h.split('$')[1],
  );

describe('PBKDF2 under production’s ceiling', () => {
  it('is in force: a stored hash above 100,000 iterations cannot be checked (500, as in production)', async () => {
    const u = await t.makeUser('techo');
    // Hashed here, outside the ceiling (on node it is lifted for this one call).
    ceiling?.restore();
    const over = await hashPassword(u.password, PEPPER, CEILING + 1);
    if (TARGET === 'node') ceiling = enforcePbkdf2Ceiling();
    await t.db.update(users).set({ passwordHash: over }).where(eq(users.id, u.id));
    const res = await t.request('POST', '/api/v1/auth/login', {
      body: { email: u.email, password: u.password },
    });
    expect(res.status).toBe(500);
  });

  it('the configured count is the production configuration’s, within the ceiling', () => {
    expect(configured).toBeGreaterThanOrEqual(CEILING / 2);
    expect(configured).toBeLessThanOrEqual(CEILING);
  });

  it('signs in, changes a password, sets one as administrator and re-hashes an old hash, all within it', async () => {
    const asked = ceiling?.asked.length ?? 0;
    const u = await t.makeUser('hash');
    // An old hash: the login re-hashes it at the configured count.
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword(u.password, PEPPER, 1_000) })
      .where(eq(users.id, u.id));
    const cookie = await t.login(u.email, u.password);
    expect(await storedCount(u.id)).toBe(configured);
    await t.login(u.email, u.password); // the re-hashed one is checked at the configured count

    const changed = await t.request('PUT', '/api/v1/auth/password', {
      cookie,
      body: { actual: u.password, password: 'Otra-Clave-678', confirmar_password: 'Otra-Clave-678' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await storedCount(u.id)).toBe(configured);
    await t.login(u.email, 'Otra-Clave-678');

    const set = await t.request('PUT', `/api/v1/seguridad/users/${u.id}/password`, {
      cookie: admin,
      body: { password: 'Puesta-Por-Admin-9', confirmar_password: 'Puesta-Por-Admin-9' },
    });
    expect(set.status, set.text).toBe(200);
    expect(await storedCount(u.id)).toBe(configured);
    await t.login(u.email, 'Puesta-Por-Admin-9');

    // On node the derivations are seen here: the API asked for the configured count, never more.
    if (ceiling) {
      const seen = ceiling.asked.slice(asked);
      expect(seen.length).toBeGreaterThanOrEqual(6);
      expect(Math.max(...seen)).toBe(configured);
    }
  });
});
