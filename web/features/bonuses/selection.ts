import type { Row } from '@/components/data-grid/use-grid-query';

/** Rows picked for a bulk payment, kept across pages by id. */
export type Selection = ReadonlyMap<number, Row>;

/** Only rows still owed can be paid. */
export const selectable = (row: Row) => row.estado === 'NO_PAGADO';

export function toggled(sel: Selection, rows: Row[], on: boolean): Selection {
  const next = new Map(sel);
  for (const r of rows) {
    if (on && selectable(r)) next.set(r.id, r);
    else next.delete(r.id);
  }
  return next;
}

export const selectedTotal = (sel: Selection) =>
  [...sel.values()].reduce((a, r) => a + (typeof r.total === 'number' ? r.total : 0), 0);
