import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { SPONSOR_LOOP } from '../../shared/schemas/bonus';
import { bumpVersion, runAudited, USER_AUDITED, type Actor } from '../../platform/audit';

/** An administrator moves a member under another sponsor, with a history row (BONUS-RULES.md). */
export async function changeSponsor(
  db: Db,
  userId: number,
  referralCode: string,
  comentario: string | null,
  actor: Actor,
) {
  const { at } = actor;
  const actorId = actor.userId;
  const user = await db
    .select({ id: users.id, sponsorId: users.sponsorId })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) throw notFound();
  const sponsor = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(eq(users.referralCode, referralCode.toUpperCase()))
    .get();
  if (!sponsor) throw invalid({ referral_code: ['El código de referido no es válido'] });
  // Refuse the member itself or anyone below it: the tree must stay a tree.
  const below = await db.all<{ id: number }>(sql`
    with recursive abajo(id) as (select ${userId} union select u.id from ${users} u join abajo a on u.sponsor_id = a.id)
    select id from abajo where id = ${sponsor.id}`);
  if (below.length) throw invalid({ referral_code: [SPONSOR_LOOP] });
  const before = user.sponsorId
    ? await db.select({ userName: users.userName }).from(users).where(eq(users.id, user.sponsorId)).get()
    : undefined;
  // Audited as an edit of the member (decision 0250): the sponsor before and after.
  await runAudited(db, {
    audited: USER_AUDITED,
    id: userId,
    action: 'editar',
    actor,
    write: db
      .update(users)
      .set({ sponsorId: sponsor.id, updatedAt: at, version: bumpVersion })
      .where(eq(users.id, userId)),
    history: {
      entity: 'patrocinador',
      from: before?.userName ?? null,
      to: sponsor.userName,
      comentario,
      userId: actorId,
      at,
    },
  });
  return { sponsor_id: sponsor.id, sponsor: sponsor.userName };
}
