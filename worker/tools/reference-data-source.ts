// Reads the reference packages (dev dependencies only). Used by the generator and by the test
// that checks the committed worker/platform/reference-data/iso.ts against them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function isoReferenceData() {
  const countries = require('i18n-iso-countries') as {
    registerLocale(l: unknown): void;
    getNames(lang: string, o: { select: string }): Record<string, string>;
  };
  countries.registerLocale(require('i18n-iso-countries/langs/es.json'));
  const currencyCodes = require('currency-codes') as { data: { code: string; currency: string }[] };
  const iso6391 = require('iso-639-1') as { getAllCodes(): string[]; getName(code: string): string };
  const langNames = new Intl.DisplayNames(['es'], { type: 'language', fallback: 'none' });
  const curNames = new Intl.DisplayNames(['es'], { type: 'currency', fallback: 'none' });
  const symbol = (code: string) => {
    try {
      const s =
        new Intl.NumberFormat('es-CO', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
          .formatToParts(1)
          .find((p) => p.type === 'currency')?.value ?? code;
      return s.length <= 5 ? s : code.slice(0, 5);
    } catch {
      return code;
    }
  };
  const byName = (a: readonly string[], b: readonly string[]) => a[1]!.localeCompare(b[1]!, 'es');
  /** Names are unique per table: a repeated name gets its code in brackets. */
  const unique = <T extends readonly string[]>(rows: T[]): T[] => {
    const seen = new Map<string, number>();
    for (const r of rows) seen.set(r[1]!.toLowerCase(), (seen.get(r[1]!.toLowerCase()) ?? 0) + 1);
    return rows
      .map((r) =>
        seen.get(r[1]!.toLowerCase())! > 1 ? ([r[0], `${r[1]} (${r[0]})`, ...r.slice(2)] as unknown as T) : r,
      )
      .sort(byName);
  };
  const names = countries.getNames('es', { select: 'official' });
  return {
    countries: unique(Object.entries(names).map(([code, name]) => [code, name] as const)),
    currencies: unique(
      currencyCodes.data.map(
        (c) => [c.code, cap(curNames.of(c.code) ?? c.currency), symbol(c.code)] as const,
      ),
    ),
    languages: unique(
      iso6391.getAllCodes().map((code) => [code, cap(langNames.of(code) ?? iso6391.getName(code))] as const),
    ),
  };
}
