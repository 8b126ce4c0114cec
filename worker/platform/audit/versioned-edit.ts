// One audited edit of one row checked against the version its form read (decisions 0110, 0251,
// 0254): the UPDATE that moves `version` and matches only that version, its activity row, any
// linked statements, its revision (decision 0310). Written once here; the member's records (personal data,
// beneficiaries, payment details, profile, identity documents), the users screen's form, a bonus
// rate and the bonus and withholding settings (and their UVT) all save through it.
import { and, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { bumpVersion, versionWhere, type Action, type Actor, type Audited } from './revisions';
import type { RecordWrite, Statement } from './write';

/**
 * A version-checked edit, for `runAudited` (alone or with other writes; `before`: statements ahead
 * of it in its batch).
 * `version` absent: the edit is not checked (older clients); `where` narrows the UPDATE further
 * (the row's owner, a limit), and a row it excludes aborts the batch like a stale version.
 */
export function versionedEdit(
  db: Db,
  a: Audited,
  id: number,
  set: Record<string, unknown>,
  o: {
    version: number | undefined | null;
    actor: Actor;
    action?: Action;
    where?: SQL;
    links?: Statement[];
    before?: Statement[];
  },
): RecordWrite {
  const guard = versionWhere(a, id, o.version);
  return {
    audited: a,
    id,
    action: o.action ?? 'editar',
    actor: o.actor,
    before: o.before,
    write: db
      .update(a.table)
      .set({ ...set, version: bumpVersion })
      .where(o.where ? and(guard, o.where) : guard),
    linked: o.links,
  };
}

/**
 * The body a restore writes: the record as it is now, the restored fields over it, and the version
 * the history panel read (or, without one, the version read now, so a write landing in between is
 * still a 409).
 */
export function restoredBody(
  current: Record<string, unknown> & { version: number },
  restored: Record<string, unknown>,
  version: number | undefined,
): Record<string, unknown> {
  const { version: now, ...fields } = current;
  return { ...fields, ...restored, version: version ?? now };
}
