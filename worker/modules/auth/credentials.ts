import { and, eq, isNull, sql } from 'drizzle-orm';
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
 * Takes one attempt for this e-mail before its password or code is checked (SECURITY row 9), in
 * one atomic statement: parallel requests each take their own, so a burst cannot all read the
 * same count and test more than MAX_FAILURES guesses. The attempt after the tenth in a row locks
 * the account for LOCK_MS; a locked account refuses without checking anything, the right password
 * too. An expired lock starts the count again. Known and unknown e-mails are counted alike
 * (row 10); a complete sign-in clears the count (`clearFailures`).
 */
export async function takeAttempt(ports: Ports, email: string): Promise<void> {
  const now = ports.clock.now();
  const { failures, lockedUntil } = loginAttempts;
  const locked = sql`(${lockedUntil} is not null and ${lockedUntil} > ${now})`;
  const expired = sql`(${lockedUntil} is not null and ${lockedUntil} <= ${now})`;
  // In an upsert's SET every expression reads the row as it was: one decision per attempt.
  const row = await ports.db
    .insert(loginAttempts)
    .values({ emailKey: email, failures: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.emailKey,
      set: {
        failures: sql`case when ${locked} then ${failures} when ${expired} then 1 else ${failures} + 1 end`,
        lockedUntil: sql`case when ${locked} then ${lockedUntil} when ${expired} then null when ${failures} + 1 > ${MAX_FAILURES} then ${now + LOCK_MS} else null end`,
        updatedAt: now,
      },
    })
    .returning({ lockedUntil: loginAttempts.lockedUntil })
    .get();
  if (row?.lockedUntil && row.lockedUntil > now) throw tooMany((row.lockedUntil - now) / 1000, MSG.locked);
}

/** Gives back the attempt a right password took, while the sign-in still waits for its second step. */
async function refundAttempt(ports: Ports, email: string) {
  await ports.db
    .update(loginAttempts)
    .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
    .where(and(eq(loginAttempts.emailKey, email), isNull(loginAttempts.lockedUntil)));
}

/** Checks an e-mail and password; the attempt is taken first (see `takeAttempt`). */
export async function checkCredentials(ports: Ports, email: string, password: string) {
  const { db, clock, config } = ports;
  const now = clock.now();
  await takeAttempt(ports, email);

  const user = await db.select().from(users).where(eq(users.email, email)).get();
  const { ok, needsRehash } = await verifyPassword(
    password,
    user?.passwordHash ?? DUMMY_HASH,
    config.pepper,
    config.pbkdf2Iterations,
  );
  if (!user || !ok || !user.activo) throw new HttpError(401, MSG.badCredentials);
  await refundAttempt(ports, email);
  if (!user.emailVerifiedAt)
    throw new HttpError(403, MSG.unverified, undefined, undefined, { code: 'EMAIL_NO_VERIFICADO' });
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
