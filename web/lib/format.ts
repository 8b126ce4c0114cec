// es-CO formatters (docs/product-spec.md §9). Money arrives as integer cents; dates are shown in Bogotá.
import { bogotaDateTime } from '../../worker/shared/bogota';
import { MSG } from '../../worker/shared/messages';
import { pesos } from '../../worker/shared/money-out';
import { EN_US, formatDecimal } from '../../worker/shared/number-format';
import { plural as countOf } from '../../worker/shared/plural';

const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

// Numbers and dates are written out (worker/shared/number-format.ts, worker/shared/bogota.ts), not
// built with Intl: the first Intl formatter a tab builds loads its locale's data, 30–100 ms on a
// phone inside the first render of any page with a number or a date (decision 0307).

/** '$ 1.234.567,89': the plain money column, truncated (not rounded) to two decimals (spec §9). */
export function formatMoney(cents: number | null | undefined): string {
  return isNum(cents) ? pesos(cents) : '';
}

/** '$ 1.234.567,89': pesos with two decimals, a fraction of a cent rounded (money_decimal). */
export function formatMoneyDecimal(cents: number | null | undefined): string {
  return isNum(cents) ? pesos(Math.round(cents)) : '';
}

/** '1,234,567' (en-US grouping; up to three decimals, as Intl's default). */
export function formatNumber(n: number | null | undefined): string {
  return isNum(n) ? formatDecimal(n, EN_US, { max: 3 }) : '';
}

/** percent column: two decimals. */
export const formatPercent = (n: number | null | undefined) =>
  isNum(n) ? `${formatDecimal(n, EN_US, { min: 2, max: 2 })} %` : '';
/** percentage column: no decimals. */
export const formatPercentage = (n: number | null | undefined) =>
  isNum(n) ? `${formatDecimal(n, EN_US, { max: 0 })} %` : '';

/** The instant as Bogotá's wall clock (UTC−5 all year), or null for no value or an invalid one. */
function bogotaParts(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) return null;
  const [date = '', time = ''] = bogotaDateTime(ms).split(' ');
  return { date, time };
}

/** YYYY-MM-DD. A bare date ('2024-05-01') is a calendar day and is shown as is. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return bogotaParts(value)?.date ?? '';
}

/** YYYY-MM-DD HH:mm:ss */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const p = bogotaParts(value);
  return p ? `${p.date} ${p.time}` : '';
}

/** HH:mm */
export function formatTime(value: string | number | Date | null | undefined): string {
  return bogotaParts(value)?.time.slice(0, 5) ?? '';
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

export function formatFileSize(bytes: number, decimals = 2): string {
  if (!isNum(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** i).toFixed(decimals))} ${SIZE_UNITS[i]}`;
}

/**
 * A count with its noun in Spanish: '1 usuario', '0 usuarios', '1,234 usuarios' (en-US grouping,
 * spec §9). Only exactly one takes the singular.
 */
export function plural(n: number, one: string, many: string): string {
  return countOf(n, one, many, formatNumber);
}

/**
 * How long ago, from whole hours elapsed (the server counts them): 'hace menos de una hora',
 * 'hace 5 horas', 'hace 1 día', 'hace 3 días' (rounded down; never 'hace 0 días').
 */
export function agoLabel(hours: number): string {
  if (hours < 1) return 'hace menos de una hora';
  if (hours < 24) return `hace ${plural(hours, 'hora', 'horas')}`;
  return `hace ${plural(Math.floor(hours / 24), 'día', 'días')}`;
}

/** The toast after changing `n` rows at once: the spec's sentence for one (§8), its plural for several. */
export function updatedMessage(n: number): string {
  return n === 1
    ? MSG.updated
    : `${plural(n, 'registro actualizado', 'registros actualizados')} correctamente`;
}
