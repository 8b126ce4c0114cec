import type { CycleUserRow } from '@/features/bonuses/bonus-api';
import { STATE } from '@shared/workflow';

/** Rows picked for a bulk payment, kept across pages by id. */
export type Selection = ReadonlyMap<number, CycleUserRow>;

/** Only rows still owed that the payout rules do not hold back can be paid. */
export const selectable = (row: CycleUserRow) => row.estado === STATE.NO_PAGADO && row.bloqueo == null;

export function toggled(sel: Selection, rows: CycleUserRow[], on: boolean): Selection {
  const next = new Map(sel);
  for (const r of rows) {
    if (on && selectable(r)) next.set(r.id, r);
    else next.delete(r.id);
  }
  return next;
}

export const selectedTotal = (sel: Selection) => [...sel.values()].reduce((a, r) => a + r.total, 0);
