// The Colombian business-day calendar (worker/shared/business-days.ts, docs/calendar.md): the
// committed holiday table is what the library date-holidays computes; known years match the
// published lists; deadlines count business days after the day of receipt, in Bogotá.
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  bogotaDateOf,
  businessDaysBetween,
  CalendarRangeError,
  dueDate,
  endOfBogotaDay,
  holidayName,
  holidaysIn,
  isBusinessDay,
  withinBusinessDays,
} from '../../worker/shared/business-days';
import { HOLIDAY_YEARS, HOLIDAYS_CO } from '../../worker/shared/holidays-co';
import { colombianHolidays } from '../../worker/tools/holidays-source';

/** A Bogotá wall-clock time as an instant (UTC−5 all year). */
const bogota = (date: string, time = '12:00') => Date.parse(`${date}T${time}:00-05:00`);

// The national holidays on weekdays and Saturdays, as published. 2026: the 18 days of the official
// calendar (Blu Radio, El Espectador, Noticias Caracol, December 2025 – January 2026) plus Monday
// 13 July, the holiday of Nuestra Señora del Rosario de Chiquinquirá created by Ley 2578 of
// 1 June 2026 (9 July moved to the next Monday by Ley 51 de 1983). 2027: Ley 51 de 1983 art. 1 on
// Easter 28 March 2027, as the 2027 calendar of elrinconcolombiano.com lists it, plus Ley 2578.
// prettier-ignore
const PUBLISHED: Record<number, string[]> = {
  2026: [
    '01-01', '01-12', '03-23', '04-02', '04-03', '05-01', '05-18', '06-08', '06-15', '06-29',
    '07-13', '07-20', '08-07', '08-17', '10-12', '11-02', '11-16', '12-08', '12-25',
  ],
  2027: [
    '01-01', '01-11', '03-22', '03-25', '03-26', '05-01', '05-10', '05-31', '06-07', '07-05',
    '07-12', '07-20', '08-07', '08-16', '10-18', '11-01', '11-15', '12-08', '12-25',
  ],
};

describe('the holiday table', () => {
  it('is what date-holidays computes for every year it covers (npm run data:holidays)', () => {
    const fromLibrary = colombianHolidays(HOLIDAY_YEARS.first, HOLIDAY_YEARS.last);
    const committed: Record<string, string> = {};
    for (const [year, days] of Object.entries(HOLIDAYS_CO))
      for (const [md, name] of days) committed[`${year}-${md}`] = name;
    expect(committed).toEqual(fromLibrary);
    expect(Object.keys(HOLIDAYS_CO).map(Number)).toEqual(
      Array.from({ length: HOLIDAY_YEARS.last - HOLIDAY_YEARS.first + 1 }, (_, i) => HOLIDAY_YEARS.first + i),
    );
  });

  it.each([2026, 2027])('has the published holidays of %i (Easter Sunday aside, a Sunday anyway)', (year) => {
    const days = holidaysIn(year).filter((h) => h.name !== 'Pascua');
    expect(days.map((h) => h.date.slice(5))).toEqual(PUBLISHED[year]);
    expect(new Date(holidaysIn(year).find((h) => h.name === 'Pascua')!.date).getUTCDay()).toBe(0);
  });

  it('moves holidays to Monday (Ley Emiliani) and counts Holy Week and Corpus Christi from Easter', () => {
    expect(holidayName('2026-01-12')).toBe('Día de los Reyes Magos'); // 6 January was a Tuesday
    expect(holidayName('2026-01-06')).toBeNull();
    expect(holidayName('2026-07-13')).toBe('La virgen de Chiquinquirá'); // 9 July, a Thursday
    expect(holidayName('2025-07-14')).toBeNull(); // before Ley 2578 de 2026
    expect(holidayName('2026-05-18')).toBe('Ascensión del Señor');
    expect(holidayName('2027-03-25')).toBe('Jueves Santo');
    expect(holidayName('2027-05-31')).toBe('Corpus Christi');
    expect(holidayName('2026-07-20')).toBe('Día de la Independencia'); // fixed days stay
  });
});

describe('business days', () => {
  it('are Monday to Friday except national holidays', () => {
    expect(isBusinessDay('2026-07-10')).toBe(true); // Friday
    expect(isBusinessDay('2026-07-11')).toBe(false); // Saturday
    expect(isBusinessDay('2026-07-12')).toBe(false); // Sunday
    expect(isBusinessDay('2026-07-13')).toBe(false); // Monday, holiday
    expect(isBusinessDay('2026-07-14')).toBe(true);
    expect(isBusinessDay('2026-12-08')).toBe(false); // Tuesday, holiday
  });

  it('put a consulta (10) and a reclamo (15) due across weekends and holidays, extensions after', () => {
    // Received Wednesday 8 July 2026: Friday 10, weekend, holiday 13, weekend, holiday 20 in between.
    const received = '2026-07-08';
    expect(addBusinessDays(received, 10)).toBe('2026-07-24');
    expect(addBusinessDays(received, 15)).toBe('2026-07-31');
    // A consulta's extension: 5 more business days after the first term; a reclamo's: 8 more,
    // across Friday 7 August (Batalla de Boyacá).
    expect(addBusinessDays('2026-07-24', 5)).toBe('2026-07-31');
    expect(addBusinessDays('2026-07-31', 8)).toBe('2026-08-13');
    expect(addBusinessDays(received, 23)).toBe('2026-08-13');
  });

  it('give the 5th and 6th business day across a holiday (a withdrawal window)', () => {
    // Paid Thursday 19 March 2026: Friday 20, weekend, Monday 23 (San José) off.
    expect(addBusinessDays('2026-03-19', 5)).toBe('2026-03-27');
    expect(addBusinessDays('2026-03-19', 6)).toBe('2026-03-30');
    // Paid Monday 30 March 2026: Holy Thursday and Good Friday off.
    expect(addBusinessDays('2026-03-30', 5)).toBe('2026-04-08');
    expect(addBusinessDays('2026-03-30', 6)).toBe('2026-04-09');
  });

  it('never count the day of receipt, even when it is not a business day', () => {
    expect(addBusinessDays('2026-07-11', 1)).toBe('2026-07-14'); // Saturday → Tuesday (Monday off)
    expect(addBusinessDays('2026-07-10', 1)).toBe('2026-07-14');
    expect(addBusinessDays('2026-07-10', 0)).toBe('2026-07-10');
  });

  it('count between two dates as addBusinessDays adds', () => {
    for (const from of ['2026-03-19', '2026-07-08', '2026-12-24', '2027-03-24'])
      for (const n of [0, 1, 4, 5, 6, 10, 15, 23, 60]) {
        const to = addBusinessDays(from, n);
        expect(businessDaysBetween(from, to)).toBe(n);
        expect(businessDaysBetween(to, from)).toBe(n === 0 ? 0 : -n);
      }
    expect(businessDaysBetween('2026-07-11', '2026-07-13')).toBe(0);
  });

  it('use the Bogotá date of an instant: 23:30 in Bogotá is still that day', () => {
    const lateThursday = bogota('2026-03-19', '23:30'); // 04:30 UTC on Friday the 20th
    expect(new Date(lateThursday).toISOString().slice(0, 10)).toBe('2026-03-20');
    expect(bogotaDateOf(lateThursday)).toBe('2026-03-19');
    expect(dueDate(lateThursday, 5)).toBe('2026-03-27');
    expect(endOfBogotaDay('2026-03-27')).toBe(bogota('2026-03-28', '00:00'));
  });

  it('keep a withdrawal open to the end of the 5th business day, and closed after', () => {
    const paid = bogota('2026-03-19', '10:00');
    expect(withinBusinessDays(paid, 5, bogota('2026-03-27', '23:59'))).toBe(true);
    expect(withinBusinessDays(paid, 5, bogota('2026-03-28', '00:00'))).toBe(false);
    expect(withinBusinessDays(paid, 5, bogota('2026-03-30', '09:00'))).toBe(false);
  });

  it('fail clearly for a year the table does not cover, and for a malformed date', () => {
    const past = `${HOLIDAY_YEARS.last + 1}-01-05`;
    expect(() => isBusinessDay(past)).toThrow(CalendarRangeError);
    expect(() => isBusinessDay(past)).toThrow(/npm run data:holidays/);
    expect(() => addBusinessDays(`${HOLIDAY_YEARS.last}-12-28`, 10)).toThrow(CalendarRangeError);
    expect(() => holidaysIn(HOLIDAY_YEARS.first - 1)).toThrow(CalendarRangeError);
    expect(() => isBusinessDay('2026-02-30')).toThrow(TypeError);
    expect(() => isBusinessDay('2026-7-1')).toThrow(/AAAA-MM-DD/);
    expect(() => addBusinessDays('2026-07-01', -1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-07-01', 1.5)).toThrow(RangeError);
  });
});
