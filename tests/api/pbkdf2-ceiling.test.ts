// SECURITY row 1: passwords are hashed with PBKDF2 at the count the production config uses, and
// that count must fit Cloudflare's ceiling of 100,000 iterations. Local workerd does not enforce
// the ceiling, so the workerd test entry does (tests/setup/worker-test-entry.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readEdgeConfig } from '../../worker/edge/config';
import { users } from '../../worker/db/schema';
import { hashPassword } from '../../worker/platform/password';
import { makeApp, TARGET } from '../setup/app';
import { WORKER_BINDINGS } from '../setup/targets';

const CEILING = 100_000;
// The count the Worker's own configuration produces, read from the code (never a literal here).
const configured = (
  readEdgeConfig({ ...WORKER_BINDINGS, LIBSQL_URL: 'libsql://db.example' }) as {
    config: { pbkdf2Iterations: number };
  }
).config.pbkdf2Iterations;

describe('PBKDF2 iteration count', () => {
  it('is the production configuration’s count, within the ceiling', () => {
    expect(configured).toBeGreaterThanOrEqual(100_000 / 2);
    expect(configured).toBeLessThanOrEqual(CEILING);
  });

  it('signs a member in and re-hashes an old hash at the configured count', async () => {
    const t = await makeApp();
    const u = await t.makeUser('hash');
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword(u.password, WORKER_BINDINGS.PASSWORD_PEPPER, 1_000) })
      .where(eq(users.id, u.id));
    await t.login(u.email, u.password);
    const stored = (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, u.id)).get())!
      .h;
    expect(stored.split('$')[1]).toBe(String(configured));
  });

  // Only workerd can show the ceiling biting: Node has none to emulate.
  it.skipIf(TARGET !== 'workerd')(
    'fails in workerd, as in production, for a count above 100,000',
    async () => {
      const t = await makeApp();
      const u = await t.makeUser('techo');
      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword(u.password, WORKER_BINDINGS.PASSWORD_PEPPER, CEILING + 1) })
        .where(eq(users.id, u.id));
      const res = await t.request('POST', '/api/v1/auth/login', {
        body: { email: u.email, password: u.password },
      });
      expect(res.status).toBe(500);
    },
  );
});
