// Review-queue leases (docs/decisions/0121-review-queue-leases.md): the item a
// reviewer opens is held for them for a few minutes, so two reviewers are never handed the same
// item. Every take is one conditional statement (SQLite runs it under its write lock), so two
// concurrent takes of one item cannot both win.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { reviewLeases, users } from '../../db/schema';
import type { Db } from '../../platform/db';

/** How long an opened item stays held for its reviewer (renewed each time they open it). */
export const REVIEW_LEASE_MS = 5 * 60 * 1000;

export type Lease = {
  /** When the hold ends (epoch ms). */
  expires_at: number;
  /** Whether the caller holds it; if not, `reviewer` names who does. */
  mine: boolean;
  reviewer: string | null;
};

const upsert = sql`on conflict (entity, entity_id) do update
  set user_id = excluded.user_id, expires_at = excluded.expires_at
  where review_leases.user_id = excluded.user_id or review_leases.expires_at <= excluded.expires_at - ${REVIEW_LEASE_MS}`;

/** Nobody else holds this row now: a condition for the queue's reads (next / previous, "siguiente"). */
export const notHeldByOthers = (entity: string, idColumn: SQLiteColumn, me: number, now: number): SQL =>
  sql`not exists (select 1 from ${reviewLeases} where ${reviewLeases.entity} = ${entity}
    and ${reviewLeases.entityId} = ${idColumn} and ${reviewLeases.expiresAt} > ${now} and ${reviewLeases.userId} <> ${me})`;

/**
 * Opens `rowId` for `me`: takes (or renews) its lease unless another reviewer holds it, and gives
 * up the other items `me` held in this queue. Returns the lease as it stands after.
 */
export async function openLease(
  db: Db,
  entity: string,
  rowId: number,
  me: number,
  now: number,
): Promise<Lease> {
  const until = now + REVIEW_LEASE_MS;
  const [, , rows] = await db.batch([
    db
      .delete(reviewLeases)
      .where(
        and(eq(reviewLeases.entity, entity), eq(reviewLeases.userId, me), ne(reviewLeases.entityId, rowId)),
      ),
    db.run(sql`insert into ${reviewLeases} (entity, entity_id, user_id, expires_at)
      values (${entity}, ${rowId}, ${me}, ${until}) ${upsert}`),
    db
      .select({ userId: reviewLeases.userId, expiresAt: reviewLeases.expiresAt, reviewer: users.userName })
      .from(reviewLeases)
      .innerJoin(users, eq(users.id, reviewLeases.userId))
      .where(and(eq(reviewLeases.entity, entity), eq(reviewLeases.entityId, rowId))),
  ]);
  const held = rows[0]!;
  const mine = held.userId === me;
  return { expires_at: held.expiresAt, mine, reviewer: mine ? null : held.reviewer };
}

/**
 * Takes the first item of `candidates` (a one-column select of ids, the queue's order and filters,
 * `notHeldByOthers` among its conditions, LIMIT 1) for `me`, in one statement; gives up the
 * other items `me` held in this queue. Null when none is free.
 */
export async function takeNext(
  db: Db,
  entity: string,
  candidates: SQL,
  me: number,
  now: number,
): Promise<{ id: number; expires_at: number } | null> {
  const until = now + REVIEW_LEASE_MS;
  const rows = await db.all<{
    id: number;
    expires_at: number;
  }>(sql`insert into ${reviewLeases} (entity, entity_id, user_id, expires_at)
    select ${entity}, s.lease_id, ${me}, ${until} from (${candidates}) as s where true ${upsert}
    returning entity_id as id, expires_at`);
  const taken = rows[0];
  if (!taken) return null;
  await db
    .delete(reviewLeases)
    .where(
      and(eq(reviewLeases.entity, entity), eq(reviewLeases.userId, me), ne(reviewLeases.entityId, taken.id)),
    );
  return taken;
}

/** The reviewer acted on the item: its lease ends. */
export const endLease = (db: Db, entity: string, rowId: number) =>
  db.delete(reviewLeases).where(and(eq(reviewLeases.entity, entity), eq(reviewLeases.entityId, rowId)));
