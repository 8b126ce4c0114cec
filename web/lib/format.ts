// es-CO formatters (product-spec §9). Money arrives as integer cents; dates are shown in Bogotá.
import { MSG } from '../../worker/shared/messages';
import { plural as countOf } from '../../worker/shared/plural';

const TIME_ZONE = 'America/Bogota';

/**
 * Each formatter is built on its first use, not when the module loads: building one loads its
 * locale's (and the time zone's) data, which cost a phone tens of milliseconds of the first
 * screen whether or not it showed money or dates.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const moneyDecimalFmt = once(
  () =>
    new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const numberFmt = once(() => new Intl.NumberFormat('en-US'));
const twoDecimals = once(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const noDecimals = once(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** '$ 1.234.567,89': the plain money column, truncated (not rounded) to two decimals (spec §9). */
export function formatMoney(cents: number | null | undefined): string {
  if (!isNum(cents)) return '';
  return moneyDecimalFmt()
    .format(Math.trunc(cents) / 100)
    .replace(/\u00a0/g, ' ');
}

/** '$ 1.234.567,89': pesos with two decimals, rounded (money_decimal). */
export function formatMoneyDecimal(cents: number | null | undefined): string {
  if (!isNum(cents)) return '';
  return moneyDecimalFmt()
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
}

/** '1,234,567' (en-US grouping). */
export function formatNumber(n: number | null | undefined): string {
  return isNum(n) ? numberFmt().format(n) : '';
}

/** percent column: two decimals. */
export const formatPercent = (n: number | null | undefined) =>
  isNum(n) ? `${twoDecimals().format(n)} %` : '';
/** percentage column: no decimals. */
export const formatPercentage = (n: number | null | undefined) =>
  isNum(n) ? `${noDecimals().format(n)} %` : '';

const partsFmt = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

function bogotaParts(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const p = Object.fromEntries(
    partsFmt()
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return p as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** YYYY-MM-DD. A bare date ('2024-05-01') is a calendar day and is shown as is. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const p = bogotaParts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** YYYY-MM-DD HH:mm:ss */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const p = bogotaParts(value);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** HH:mm */
export function formatTime(value: string | number | Date | null | undefined): string {
  const p = bogotaParts(value);
  return p ? `${p.hour}:${p.minute}` : '';
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
