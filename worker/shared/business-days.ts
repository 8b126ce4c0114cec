// The Colombian business-day calendar (docs/calendar.md, docs/decisions/0375): a business day is a
// Monday to Friday that is not a national holiday. Holidays come from the committed table
// generated from the library date-holidays (worker/shared/holidays-co.ts); a year outside it is an
// error, never a silent "no holidays". Dates are Bogotá calendar dates written `YYYY-MM-DD`; an
// instant (UTC milliseconds, the clock port's `now()`) becomes one through `bogotaDateOf`.
// Isomorphic.
import { BOGOTA_OFFSET_MS } from './bogota';
import { HOLIDAY_YEARS, HOLIDAYS_CO } from './holidays-co';

/** A calendar date in America/Bogota, `YYYY-MM-DD`. */
export type CalendarDate = string;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A year the holiday table does not cover: deadlines there cannot be computed. */
export class CalendarRangeError extends RangeError {
  constructor(readonly year: number) {
    super(
      `El calendario de festivos cubre ${HOLIDAY_YEARS.first}–${HOLIDAY_YEARS.last}; ${year} está fuera. ` +
        'Amplíelo con `npm run data:holidays -- AÑO_INICIAL AÑO_FINAL` (docs/calendar.md).',
    );
    this.name = 'CalendarRangeError';
  }
}

/** Days since 1970-01-01 of a valid `YYYY-MM-DD`; anything else throws. */
function dayNumber(date: CalendarDate): number {
  const m = DATE.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date)
    throw new TypeError(`Fecha inválida: ${JSON.stringify(date)} (se espera AAAA-MM-DD)`);
  return ms / DAY_MS;
}

const fromDayNumber = (n: number): CalendarDate => new Date(n * DAY_MS).toISOString().slice(0, 10);

const holidaysByYear = new Map<number, Map<string, string>>();
function holidaysOf(year: number): Map<string, string> {
  if (year < HOLIDAY_YEARS.first || year > HOLIDAY_YEARS.last) throw new CalendarRangeError(year);
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Map((HOLIDAYS_CO[year] ?? []).map(([md, name]) => [`${year}-${md}`, name]));
    holidaysByYear.set(year, days);
  }
  return days;
}

/** The Bogotá calendar date of an instant (UTC milliseconds). */
export const bogotaDateOf = (ms: number): CalendarDate =>
  new Date(ms - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Bogotá date ends (its following midnight, UTC milliseconds): a deadline's last moment. */
export const endOfBogotaDay = (date: CalendarDate): number =>
  (dayNumber(date) + 1) * DAY_MS + BOGOTA_OFFSET_MS;

/** The holiday's name on that date, or null. */
export function holidayName(date: CalendarDate): string | null {
  dayNumber(date);
  return holidaysOf(Number(date.slice(0, 4))).get(date) ?? null;
}

/** The holidays of a year, in date order. */
export function holidaysIn(year: number): { date: CalendarDate; name: string }[] {
  return [...holidaysOf(year)].map(([date, name]) => ({ date, name }));
}

/** Monday to Friday and not a national holiday. */
export function isBusinessDay(date: CalendarDate): boolean {
  const weekday = (dayNumber(date) + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday.
  return weekday !== 0 && weekday !== 6 && holidayName(date) === null;
}

/**
 * The `n`th business day after `date` (the day itself never counts, business day or not): a
 * request received on `date` and due in `n` business days is due on this day. `n = 0` is `date`.
 */
export function addBusinessDays(date: CalendarDate, n: number): CalendarDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Número de días hábiles inválido: ${n}`);
  let day = dayNumber(date);
  for (let left = n; left > 0;) {
    day += 1;
    if (isBusinessDay(fromDayNumber(day))) left -= 1;
  }
  return fromDayNumber(day);
}

/**
 * Business days after `from` up to and including `to` (negative when `to` is earlier), so that
 * `businessDaysBetween(d, addBusinessDays(d, n)) === n`.
 */
export function businessDaysBetween(from: CalendarDate, to: CalendarDate): number {
  const [a, b] = [dayNumber(from), dayNumber(to)];
  const [lo, hi, sign] = a <= b ? [a, b, 1] : [b, a, -1];
  let count = 0;
  for (let day = lo + 1; day <= hi; day++) if (isBusinessDay(fromDayNumber(day))) count += 1;
  return count === 0 ? 0 : sign * count;
}

/**
 * The Bogotá date by which something that happened at `at` (an instant) must be answered, `n`
 * business days counted from the day after: the due date of a request received at `at`.
 */
export const dueDate = (at: number, n: number): CalendarDate => addBusinessDays(bogotaDateOf(at), n);

/**
 * Whether `now` is still within `n` business days of `at` (both instants, e.g. the clock port's
 * `now()` and a purchase's payment time): true up to the end of the `n`th business day after it.
 */
export const withinBusinessDays = (at: number, n: number, now: number): boolean =>
  now < endOfBogotaDay(dueDate(at, n));
