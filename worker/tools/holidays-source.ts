// Colombia's national holidays as the maintained library `date-holidays` (a dev dependency only)
// computes them: fixed days, days moved to the next Monday by Ley 51 de 1983 ("Ley Emiliani") and
// the days counted from Easter. Used by `npm run data:holidays` (worker/tools/holidays.ts) and by
// the test that checks the committed worker/shared/holidays-co.ts against the library
// (docs/decisions/0375-business-day-calendar.md).
import Holidays from 'date-holidays';

/**
 * The library's Spanish name of the Monday after Ascension ("La Asunción") is the name of 15 August;
 * this one rule is named as Ley 51 de 1983 art. 1 names it.
 */
const NAMES_BY_RULE: Record<string, string> = { 'easter 43': 'Ascensión del Señor' };

/** Every public (paid rest) holiday of Colombia in [first, last]: date `YYYY-MM-DD` → Spanish name. */
export function colombianHolidays(first: number, last: number): Record<string, string> {
  const hd = new Holidays('CO', { languages: ['es'], timezone: 'America/Bogota' });
  const out: Record<string, string> = {};
  for (let year = first; year <= last; year++)
    for (const h of hd.getHolidays(year, 'es')) {
      if (h.type !== 'public') continue;
      out[h.date.slice(0, 10)] = NAMES_BY_RULE[h.rule] ?? h.name;
    }
  return out;
}
