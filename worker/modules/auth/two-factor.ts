// Two-factor sign-in (decision 0034): a TOTP authenticator per user, ten single-use recovery
// codes stored as SHA-256, a role flag that requires it, and the login's second step.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { loginChallenges, recoveryCodes, roles, userRoles, userTotp } from '../../db/schema';
import { randomCode, randomToken, sha256Hex } from '../../platform/bytes';
import type { Db } from '../../platform/db';
import { runAudited, userWrite, type Actor } from '../../platform/audit';
import { HttpError, invalid } from '../../platform/errors';
import { MSG } from '../../shared/messages';
import { base32Encode, matchTotp, otpauthUri } from '../../shared/totp';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const RECOVERY_CODES = 10;
export const TOTP_ISSUER = '360 web';

/** Upper-case, no dashes or spaces: how recovery codes are hashed and compared. */
const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export async function totpOf(db: Db, userId: number) {
  return db.select().from(userTotp).where(eq(userTotp.userId, userId)).get();
}

export async function isTotpOn(db: Db, userId: number) {
  return !!(await totpOf(db, userId))?.enabledAt;
}

/** True when an active role of the user requires the second factor. */
export async function roleRequiresTotp(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.requireTotp, true), eq(roles.activo, true)))
    .get();
  return !!row;
}

/** Starts (or restarts) an enrolment: a new 160-bit secret, kept pending until a code confirms it. */
export async function startEnrolment(db: Db, user: { id: number; email: string }, now: number) {
  if (await isTotpOn(db, user.id)) throw new HttpError(409, MSG.totpAlreadyOn);
  const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
  await db
    .insert(userTotp)
    .values({ userId: user.id, pendingSecret: secret, updatedAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret: secret, updatedAt: now } });
  const uri = otpauthUri(TOTP_ISSUER, user.email, secret);
  return { secret, otpauth_uri: uri, qr_svg: renderSVG(uri, { border: 2 }) };
}

/** Confirms the pending secret with a code; returns the ten recovery codes, shown only now. */
export async function confirmEnrolment(db: Db, userId: number, code: string, now: number, actor?: Actor) {
  const row = await totpOf(db, userId);
  if (row?.enabledAt) throw new HttpError(409, MSG.totpAlreadyOn);
  if (!row?.pendingSecret) throw new HttpError(409, MSG.totpNoSetup);
  const step = await matchTotp(row.pendingSecret, code, now);
  if (step === null) throw invalid({ code: [MSG.totpInvalid] });
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const c = randomCode(10);
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normaliseRecovery(c))));
  const change = [
    db
      .update(userTotp)
      .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: now, lastStep: step, updatedAt: now })
      .where(eq(userTotp.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now }))),
  ] as const;
  // Audited as an edit of the user (the snapshot says whether two-factor is on; no secret).
  if (actor) await runAudited(db, { ...userWrite(db, userId, actor, [...change]), baseline: false });
  else await db.batch(change);
  return codes;
}

export async function disableTotp(db: Db, userId: number, actor?: Actor) {
  const change = [
    db.delete(userTotp).where(eq(userTotp.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ] as const;
  if (actor) await runAudited(db, userWrite(db, userId, actor, [...change]));
  else await db.batch(change);
}

export async function remainingRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

/** The first step of a sign-in succeeded: a short-lived challenge for the second, no session. */
export async function issueChallenge(db: Db, userId: number, now: number): Promise<string> {
  const token = randomToken(32);
  await db
    .insert(loginChallenges)
    .values({ tokenHash: await sha256Hex(token), userId, expiresAt: now + CHALLENGE_TTL_MS, createdAt: now });
  return token;
}

/** The user behind a live, unspent challenge, or null. */
export async function challengeUser(db: Db, token: string, now: number): Promise<number | null> {
  const row = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, await sha256Hex(token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .get();
  return row?.userId ?? null;
}

/** Spends the challenge with one atomic UPDATE; false when a parallel request spent it first. */
export async function spendChallenge(db: Db, token: string, now: number): Promise<boolean> {
  const row = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginChallenges.tokenHash, await sha256Hex(token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: loginChallenges.userId })
    .get();
  return !!row;
}

/**
 * Checks a second factor: a TOTP code newer than the last one used (no replay), or an unused
 * recovery code, which is spent.
 */
export async function checkSecondFactor(
  db: Db,
  userId: number,
  input: { code: string | null; recovery_code: string | null },
  now: number,
): Promise<boolean> {
  const row = await totpOf(db, userId);
  if (!row?.secret || !row.enabledAt) return false;
  if (input.code) {
    const step = await matchTotp(row.secret, input.code, now);
    if (step === null || (row.lastStep !== null && step <= row.lastStep)) return false;
    const moved = await db
      .update(userTotp)
      .set({ lastStep: step, updatedAt: now })
      .where(and(eq(userTotp.userId, userId), sql`coalesce(${userTotp.lastStep}, -1) < ${step}`))
      .returning({ userId: userTotp.userId })
      .get();
    return !!moved;
  }
  if (input.recovery_code) {
    const hash = await sha256Hex(normaliseRecovery(input.recovery_code));
    const spent = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)),
      )
      .returning({ id: recoveryCodes.id })
      .get();
    return !!spent;
  }
  return false;
}
