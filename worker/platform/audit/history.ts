import { stateHistory } from '../../db/schema';
import type { Db } from '../db';

export type HistoryEntry = {
  entity: string;
  entityId: number;
  from: string | null;
  to: string;
  comentario?: string | null;
  userId: number | null;
  at: number;
};

/** The insert of one audit row, to put in the same batch as the change (SECURITY row 15). */
export function historyInsert(db: Db, e: HistoryEntry) {
  return db.insert(stateHistory).values({
    entity: e.entity,
    entityId: e.entityId,
    fromState: e.from,
    toState: e.to,
    comentario: e.comentario ?? null,
    userId: e.userId,
    createdAt: e.at,
  });
}
