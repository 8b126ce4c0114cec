// Labels the charts need beyond web/lib/format: short Spanish months and compact COP axes.
import { ES_CO, formatDecimal } from '@shared/number-format';

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

/** '2026-11' → 'nov 2026'. */
export function monthLabel(key: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  return m ? `${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}` : key;
}

/** '2026-11' → 'nov' (axis ticks; the tooltip carries the year). */
export const monthTick = (key: string) => monthLabel(key).split(' ')[0] ?? key;

const oneDecimal = (n: number) => formatDecimal(n, ES_CO, { max: 1 });

/**
 * Cents → '$ 45 mil', '$ 4,5 M', '$ 1,2 mil M' for axis ticks. Intl's compact notation varies
 * between engines for es-CO ('K' vs 'mil'), so the Colombian words are written out.
 */
export function compactMoney(cents: number): string {
  const pesos = cents / 100;
  const abs = Math.abs(pesos);
  if (abs >= 1e9) return `$ ${oneDecimal(pesos / 1e9)} mil M`;
  if (abs >= 1e6) return `$ ${oneDecimal(pesos / 1e6)} M`;
  if (abs >= 1e3) return `$ ${oneDecimal(pesos / 1e3)} mil`;
  return `$ ${oneDecimal(pesos)}`;
}

/** 'N día(s)'. */
export const daysLabel = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;

/** Five evenly spaced axis ticks from 0 whose step reads well (a quarter of 1, 2, 4, 6, 8 or 10 × 10^k). */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0];
  const p = 10 ** Math.floor(Math.log10(max));
  const top = ([1, 2, 4, 6, 8, 10].find((m) => m * p >= max) ?? 10) * p;
  return [0, 1, 2, 3, 4].map((i) => (top * i) / 4);
}
