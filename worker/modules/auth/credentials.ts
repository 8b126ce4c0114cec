import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
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
 * Across every address, the failures after which an account refuses the addresses that already
 * failed on it (decision 0095). An address with no failure on the account is never refused by
 * it, so nobody locks a known administrator out from elsewhere, and a caller spreading guesses
 * over many addresses gets one guess per new address once the account is past this count.
 */
export const ACCOUNT_MAX_FAILURES = 50;

/**
 * The counters live in login_attempts, keyed by text: the e-mail alone for the account, and
 * "e-mail address" for one caller address on that account (an e-mail holds no space).
 */
const pairKey = (email: string, ip: string) => `${email} ${ip}`;

/**
 * One attempt on one counter, in one atomic upsert: the attempt after the `max`-th in a row locks
 * that counter for LOCK_MS; while locked it stays as it is; an expired lock starts it again. In an
 * upsert's SET every expression reads the row as it was: one decision per attempt.
 */
function countAttempt(db: Ports['db'], key: string, max: number, now: number) {
  const { failures, lockedUntil } = loginAttempts;
  const locked = sql`(${lockedUntil} is not null and ${lockedUntil} > ${now})`;
  const expired = sql`(${lockedUntil} is not null and ${lockedUntil} <= ${now})`;
  return db
    .insert(loginAttempts)
    .values({ emailKey: key, failures: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.emailKey,
      set: {
        failures: sql`case when ${locked} then ${failures} when ${expired} then 1 else ${failures} + 1 end`,
        lockedUntil: sql`case when ${locked} then ${lockedUntil} when ${expired} then null when ${failures} + 1 > ${max} then ${now + LOCK_MS} else null end`,
        updatedAt: now,
      },
    })
    .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
}

/**
 * Takes one attempt for this e-mail from this address before its password or code is checked
 * (SECURITY row 9), in one batch: parallel requests each take their own, so a burst cannot all
 * read the same count and test more than MAX_FAILURES guesses. The hard lock counts per account
 * and address (decision 0095, OWASP Authentication cheat sheet): the attempt after the tenth in
 * a row from one address locks that address out of that account for LOCK_MS, the right password
 * too. The account's own count (every address) only refuses addresses that already failed on it.
 * Known and unknown e-mails are counted alike (row 10); a complete sign-in clears the address's
 * count (`clearFailures`).
 */
export async function takeAttempt(ports: Ports, email: string, ip: string): Promise<void> {
  const now = ports.clock.now();
  const [[pair], [account]] = await ports.db.batch([
    countAttempt(ports.db, pairKey(email, ip), MAX_FAILURES, now),
    countAttempt(ports.db, email, ACCOUNT_MAX_FAILURES, now),
  ]);
  // The message says how long the wait is (decision 0461), as Retry-After does.
  const refuse = (until: number) => tooMany((until - now) / 1000, MSG.lockedFor((until - now) / 1000));
  if (pair?.lockedUntil && pair.lockedUntil > now) throw refuse(pair.lockedUntil);
  if (account?.lockedUntil && account.lockedUntil > now && (pair?.failures ?? 0) > 1)
    throw refuse(account.lockedUntil);
}

/** Gives back the attempt a right password took, while the sign-in still waits for its second step. */
async function refundAttempt(ports: Ports, email: string, ip: string) {
  const giveBack = (key: string) =>
    ports.db
      .update(loginAttempts)
      .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
      .where(and(eq(loginAttempts.emailKey, key), isNull(loginAttempts.lockedUntil)));
  await ports.db.batch([giveBack(pairKey(email, ip)), giveBack(email)]);
}

/** Checks an e-mail and password; the attempt is taken first (see `takeAttempt`). */
export async function checkCredentials(ports: Ports, email: string, password: string, ip: string) {
  const { db, clock, config } = ports;
  const now = clock.now();
  await takeAttempt(ports, email, ip);

  const user = await db.select().from(users).where(eq(users.email, email)).get();
  const { ok, needsRehash } = await verifyPassword(
    password,
    user?.passwordHash ?? DUMMY_HASH,
    config.pepper,
    config.pbkdf2Iterations,
  );
  if (!user || !ok || !user.activo) throw new HttpError(401, MSG.badCredentials);
  await refundAttempt(ports, email, ip);
  if (!user.emailVerifiedAt)
    throw new HttpError(403, MSG.unverified, undefined, undefined, { code: 'EMAIL_NO_VERIFICADO' });
  if (needsRehash) {
    const passwordHash = await hashPassword(password, config.pepper, config.pbkdf2Iterations);
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  }
  return user;
}

/**
 * Clears this address's failure count once a sign-in is complete (after the second factor, if
 * any). The account's count is left to its lock: a sign-in must not hand a guesser a new budget.
 */
export async function clearFailures(ports: Ports, email: string, ip: string) {
  await ports.db.delete(loginAttempts).where(eq(loginAttempts.emailKey, pairKey(email, ip)));
}

/** The login_attempts keys of one account: its own count and one per caller address. */
const accountKeys = (email: string) =>
  or(
    eq(loginAttempts.emailKey, email),
    eq(sql`substr(${loginAttempts.emailKey}, 1, ${email.length + 1})`, `${email} `),
  );

/**
 * Lifts an account's lockout (decision 0461): every count on it, its own and each address's. A
 * password reset does it (the link proved control of the mailbox), and an administrator's
 * «Desbloquear». Returned as a statement, for the caller's batch.
 */
export const clearLockout = (db: Ports['db'], email: string) =>
  db.delete(loginAttempts).where(accountKeys(email));

/** The e-mails whose sign-in is locked now (by address or as an account), with the latest lock's end. */
export async function lockedAccounts(db: Ports['db'], now: number) {
  const key = loginAttempts.emailKey;
  const email = sql<string>`case when instr(${key}, ' ') > 0 then substr(${key}, 1, instr(${key}, ' ') - 1) else ${key} end`;
  return db
    .select({ email, hasta: sql<number>`max(${loginAttempts.lockedUntil})` })
    .from(loginAttempts)
    .where(gt(loginAttempts.lockedUntil, now))
    .groupBy(email)
    .all();
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
