// The committed reference data (worker/platform/reference-data/iso.ts) matches the npm packages it
// was generated from; the curated lists are well-formed.
import { describe, expect, it } from 'vitest';
import {
  BANKS,
  CRYPTOCURRENCIES,
  KINSHIP,
  PAYMENT_METHODS,
} from '../../worker/platform/reference-data/curated';
import { COUNTRIES, CURRENCIES, LANGUAGES } from '../../worker/platform/reference-data/iso';
import { isoReferenceData } from '../../worker/tools/reference-data-source';
import { METODO_PAGO_TIPOS } from '../../worker/shared/resources';

const source = isoReferenceData();
const codes = (rows: readonly (readonly string[])[]) => rows.map((r) => r[0]).sort();

describe('reference data', () => {
  it('has every ISO 3166 country with its Spanish name from i18n-iso-countries', () => {
    expect(COUNTRIES).toEqual(source.countries);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(COUNTRIES).toContainEqual(['CO', 'Colombia']);
    expect(COUNTRIES).toContainEqual(['DE', 'Alemania']);
  });

  it('has every ISO 4217 currency of currency-codes and every ISO 639-1 language of iso-639-1', () => {
    expect(codes(CURRENCIES)).toEqual(codes(source.currencies));
    expect(codes(LANGUAGES)).toEqual(codes(source.languages));
    expect(CURRENCIES.find((c) => c[0] === 'COP')).toEqual(['COP', 'Peso colombiano', '$']);
    expect(LANGUAGES.find((l) => l[0] === 'es')?.[1]).toBe('Español');
  });

  it('keeps names unique per table and codes within the column limits', () => {
    for (const rows of [COUNTRIES, CURRENCIES, LANGUAGES, BANKS, CRYPTOCURRENCIES]) {
      expect(new Set(rows.map((r) => r[1].toLowerCase())).size).toBe(rows.length);
      expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    }
    expect(CURRENCIES.every((c) => c[2].length <= 5)).toBe(true);
    expect(BANKS.every(([code]) => /^\d{3}$/.test(code))).toBe(true);
    expect(new Set(KINSHIP).size).toBe(KINSHIP.length);
    expect(PAYMENT_METHODS.every((m) => METODO_PAGO_TIPOS.some((t) => t.value === m.tipo))).toBe(true);
  });
});
