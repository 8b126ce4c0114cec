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
/** Refuses while the account is locked; returns the attempt row. */
export async function checkLock(ports: Ports, email: string) {
  const now = ports.clock.now();
  const attempt = await ports.db.select().from(loginAttempts).where(eq(loginAttempts.emailKey, email)).get();
  if (attempt?.lockedUntil && attempt.lockedUntil > now) throw tooMany((attempt.lockedUntil - now) / 1000, MSG.locked);
  return attempt;
}

/** Counts one failure (a password or a second-factor code); the tenth locks the account. */
export async function countFailure(ports: Ports, email: string, attempt: typeof loginAttempts.$inferSelect | undefined) {
  const now = ports.clock.now();
  const failures = (attempt && (!attempt.lockedUntil || attempt.lockedUntil <= now) ? attempt.failures : 0) + 1;
  const lockedUntil = failures >= MAX_FAILURES ? now + LOCK_MS : null;
  await ports.db
    .insert(loginAttempts)
    .values({ emailKey: email, failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now })
    .onConflictDoUpdate({ target: loginAttempts.emailKey, set: { failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now } });
}

export async function checkCredentials(ports: Ports, email: string, password: string) {
  const { db, clock, config } = ports;
  const now = clock.now();
  const attempt = await checkLock(ports, email);

  const user = await db.select().from(users).where(eq(users.email, email)).get();
  const { ok, needsRehash } = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, config.pepper, config.pbkdf2Iterations);
  if (!user || !ok || !user.activo) {
    await countFailure(ports, email, attempt);
    throw new HttpError(401, MSG.badCredentials);
  }
  if (!user.emailVerifiedAt) throw new HttpError(403, MSG.unverified, undefined, undefined, { code: 'EMAIL_NO_VERIFICADO' });
  if (needsRehash) {
    const passwordHash = await hashPassword(password, config.pepper, config.pbkdf2Iterations);
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  }
  return user;
}

/** Clears the failure count once a sign-in is complete (after the second factor, if any). */
export async function clearFailures(ports: Ports, email: string) {
  await ports.db.delete(loginAttempts).where(eq(loginAttempts.emailKey, email));
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
