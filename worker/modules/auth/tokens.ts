import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { users, userTokens } from '../../db/schema';
import { randomToken, sha256Hex } from '../../platform/bytes';
import type { Db } from '../../platform/db';

type Kind = 'reset' | 'verify';
export const TOKEN_TTL_MS: Record<Kind, number> = { reset: 60 * 60_000, verify: 24 * 3_600_000 };

/**
 * Issues a single-use token (32 random bytes; only its SHA-256 is stored), voiding older ones.
 * The same statements run whether or not the user exists (`userId` 0 matches nobody and inserts
 * nothing), so an unknown e-mail costs what a known one does (decision 0030).
 */
export async function issueToken(db: Db, kind: Kind, userId: number, now: number): Promise<string> {
  const token = randomToken(32);
  const hash = await sha256Hex(token);
  await db.batch([
    db
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt))),
    db.run(
      sql`insert into ${userTokens} (kind, user_id, token_hash, expires_at, created_at) select ${kind}, ${users.id}, ${hash}, ${now + TOKEN_TTL_MS[kind]}, ${now} from ${users} where ${users.id} = ${userId}`,
    ),
  ]);
  return token;
}

/** Spends a token with one atomic UPDATE; returns its user or null when unknown, used or expired. */
export async function consumeToken(db: Db, kind: Kind, token: string, now: number): Promise<number | null> {
  const row = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, await sha256Hex(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId })
    .get();
  return row?.userId ?? null;
}
