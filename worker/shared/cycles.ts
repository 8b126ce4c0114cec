// Bonus cycles are calendar months in America/Bogota (UTC−5, no daylight saving), keyed YYYY-MM.
// Isomorphic.
import { BOGOTA_OFFSET_MS } from './bogota';

export const cycleKeyAt = (ms: number) => new Date(ms - BOGOTA_OFFSET_MS).toISOString().slice(0, 7);

/** [start, end) of a cycle in UTC milliseconds. */
export function cycleWindow(key: string): { start: number; end: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) throw new Error(`bad cycle key ${key}`);
  const y = Number(m[1]);
  const month = Number(m[2]) - 1;
  return {
    start: Date.UTC(y, month, 1) + BOGOTA_OFFSET_MS,
    end: Date.UTC(y, month + 1, 1) + BOGOTA_OFFSET_MS,
  };
}

/** The month that closed most recently before `ms` (what the cron of the 1st settles). */
export const previousCycleKey = (ms: number) => cycleKeyAt(cycleWindow(cycleKeyAt(ms)).start - 1);

/** The months as a sentence names them (lower case, as Spanish writes them). */
export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** A cycle inside a sentence: '2026-10' → 'octubre de 2026'. */
export function cycleMonthName(key: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  const name = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} de ${m[1]}` : key;
}

export const isCycleKey = (key: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(key);

export const NOT_QUALIFIED = 'SIN SUSCRIPCION ACTIVA';
export const REFUND = 'REEMBOLSO';
