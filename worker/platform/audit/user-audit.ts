// A user's writes are audited as one entity ('users', decision 0110), whichever module makes them:
// the users screen, the member's own personal data and photo, two-factor sign-in on or off
// (decision 0250). Declared here, in the platform, so the auth and profile modules need not
// import the security module.
import { eq, sql } from 'drizzle-orm';
import { users, userRoles, userTotp } from '../../db/schema';
import type { Db } from '../db';
import { binFiles, unbinFiles } from '../deleted-files';
import { bumpVersion, type Action, type Actor, type Audited } from './revisions';
import { versionedEdit } from './versioned-edit';
import { runAudited, type RecordWrite, type Statement } from './write';

/** The role ids and whether two-factor sign-in is on travel in the snapshot; no secret ever does. */
export const USER_AUDITED: Audited = {
  entity: 'users',
  table: users,
  links: {
    roles: sql`(select json_group_array(r) from (select role_id as r from ${userRoles} where user_id = t.id order by role_id))`,
    dos_pasos: sql`(select count(*) from ${userTotp} where user_id = t.id and secret is not null)`,
  },
};

/** An edit of the user's own row (his form, the users screen, his photo), checked against `o.version`. */
export function userEdit(
  db: Db,
  userId: number,
  set: Record<string, unknown>,
  o: Parameters<typeof versionedEdit>[4],
) {
  return versionedEdit(db, USER_AUDITED, userId, set, o);
}

/**
 * A write of a user's linked rows (two-factor; `change`, in the batch first) audited as an edit of
 * the user: the user's row moves its version, then the activity row and the revision follow; a user
 * who is gone aborts the batch (runAudited: 404).
 */
export function userWrite(
  db: Db,
  userId: number,
  actor: Actor,
  change: Statement[],
  action: Action = 'editar',
): RecordWrite {
  return {
    audited: USER_AUDITED,
    id: userId,
    action,
    actor,
    before: change,
    write: db.update(users).set({ updatedAt: actor.at, version: bumpVersion }).where(eq(users.id, userId)),
  };
}

/**
 * Sets a user's photo (his own screen, the users screen, or a restore from the history), audited
 * as an edit of the user. The photo it replaces goes to the bin, where a restore can find it for
 * the grace period (decision 0298); the one it sets leaves the bin. `version` (a restore's) is
 * checked like any form's.
 */
export async function savePhoto(
  db: Db,
  userId: number,
  key: string | null,
  actor: Actor,
  o: { previous: string | null; action?: Action; version?: number } = { previous: null },
): Promise<void> {
  await runAudited(
    db,
    userEdit(
      db,
      userId,
      { photoKey: key, updatedAt: actor.at },
      {
        version: o.version,
        actor,
        action: o.action ?? 'editar',
        links: [
          ...(o.previous && o.previous !== key ? [binFiles(db, [o.previous], actor.at)] : []),
          ...(key ? [unbinFiles(db, [key])] : []),
        ],
      },
    ),
  );
}
