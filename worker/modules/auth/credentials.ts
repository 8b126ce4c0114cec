import { eq } from 'drizzle-orm';
import { loginAttempts, users } from '../../db/schema';
import { HttpError, tooMany } from '../../platform/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/password';
import type { Ports } from '../../platform/ports';
import { MSG } from '../../shared/messages';

export const MAX_FAILURES = 10;
export const LOCK_MS = 15 * 60_000;

/** Per-IP limiter for the anonymous endpoints (SECURITY row 9). */
export async function limitIp(ports: Ports, ip: string, action: string) {
  const r = await ports.limiter.limit(`${action}:${ip}`);
  if (!r.success) throw tooMany(r.retryAfter);
}

/**
 * Checks an e-mail and password. Failures are counted per e-mail in the database, known or
 * not, so the answer and the lockout are the same for both (SECURITY rows 9 and 10).
 */
export async function checkCredentials(ports: Ports, email: string, password: string) {
  const { db, clock, config } = ports;
  const now = clock.now();
  const attempt = await db.select().from(loginAttempts).where(eq(loginAttempts.emailKey, email)).get();
  if (attempt?.lockedUntil && attempt.lockedUntil > now) throw tooMany((attempt.lockedUntil - now) / 1000, MSG.locked);

  const user = await db.select().from(users).where(eq(users.email, email)).get();
  const { ok, needsRehash } = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, config.pepper, config.pbkdf2Iterations);
  if (!user || !ok || !user.activo) {
    const failures = (attempt && (!attempt.lockedUntil || attempt.lockedUntil <= now) ? attempt.failures : 0) + 1;
    const lockedUntil = failures >= MAX_FAILURES ? now + LOCK_MS : null;
    await db
      .insert(loginAttempts)
      .values({ emailKey: email, failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now })
      .onConflictDoUpdate({ target: loginAttempts.emailKey, set: { failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now } });
    throw new HttpError(401, MSG.badCredentials);
  }
  if (!user.emailVerifiedAt) throw new HttpError(403, MSG.unverified, undefined, undefined, { code: 'EMAIL_NO_VERIFICADO' });
  if (attempt) await db.delete(loginAttempts).where(eq(loginAttempts.emailKey, email));
  if (needsRehash) {
    const passwordHash = await hashPassword(password, config.pepper, config.pbkdf2Iterations);
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  }
  return user;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
