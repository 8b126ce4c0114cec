// One audited edit of one row checked against the version its form read (decisions 0110, 0251,
// 0254): the UPDATE that moves `version` and matches only that version, its activity row, any
// linked statements, its revision. Written once here; the member's records (personal data,
// beneficiaries, payment details, profile, identity documents) all save through it.
import { and, type SQL } from 'drizzle-orm';
import type { Db } from './db';
import {
  activityInsert,
  bumpVersion,
  revisionInsert,
  versionWhere,
  type Action,
  type Actor,
  type Audited,
} from './revisions';

export type Statement = Parameters<Db['batch']>[0][number];

/**
 * The statements of a version-checked edit, for `runAudited` (alone or after other statements).
 * `version` absent: the edit is not checked (older clients); `where` narrows the UPDATE further
 * (the row's owner, a limit), and a row it excludes aborts the batch like a stale version.
 */
export function versionedEdit(
  db: Db,
  a: Audited,
  id: number,
  set: Record<string, unknown>,
  o: { version: number | undefined | null; actor: Actor; action?: Action; where?: SQL; links?: Statement[] },
): [Statement, ...Statement[]] {
  const guard = versionWhere(a, id, o.version);
  return [
    db
      .update(a.table)
      .set({ ...set, version: bumpVersion })
      .where(o.where ? and(guard, o.where) : guard),
    activityInsert(db, a, o.action ?? 'editar', id, o.actor),
    ...(o.links ?? []),
    revisionInsert(db, a),
  ];
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
