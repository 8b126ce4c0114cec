// Cycle keys (YYYY-MM, Bogotá months) as people read them: 'Noviembre 2026'.
import { cycleKeyAt, cycleWindow, MONTH_NAMES, previousCycleKey } from '@shared/cycles';

const MONTHS = MONTH_NAMES.map((m) => m[0]!.toUpperCase() + m.slice(1));

export function cycleLabel(key: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return key;
  return `${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** The closed months a settlement may run on, newest first (the current Bogotá month is open). */
export function closedMonths(count = 24, now = Date.now()): string[] {
  const out = [previousCycleKey(now)];
  while (out.length < count) out.push(cycleKeyAt(cycleWindow(out[out.length - 1]!).start - 1));
  return out;
}
