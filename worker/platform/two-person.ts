// The two-person rules count people, not accounts (docs/decisions/0345): an adjustment's approval
// (decision 0221) and a settled cycle's close review (decision 0222) need someone other than the
// author — and an account the author created, or whose account he has administered (set its
// password, e-mail, roles, activation or two-factor sign-in: any audited change of his to it), is
// taken as still his.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { activity, users } from '../db/schema';
import type { Db } from './db';

/**
 * SQL true when the account `approver` is `author` or in his hands: created by him
 * (users.creado_por) or changed by him (an activity row of his on that user). Put it in the
 * deciding statement's WHERE (as `not …`) so the rule holds inside the batch.
 */
export const inHandsOf = (
  author: SQL | SQLiteColumn | number,
  approver: SQL | SQLiteColumn | number,
) => sql`(${approver} = ${author}
  or exists (select 1 from ${users} u where u.id = ${approver} and u.creado_por = ${author})
  or exists (select 1 from ${activity} a where a.entity = 'users' and a.entity_id = ${approver} and a.user_id = ${author}))`;

/** Whether `approver` is `author` or an account in his hands (inHandsOf), read now. */
export async function sameHands(db: Db, author: number, approver: number): Promise<boolean> {
  if (author === approver) return true;
  const row = await db.get<{ v: number }>(sql`select ${inHandsOf(author, approver)} as v`);
  return Boolean(row?.v);
}
