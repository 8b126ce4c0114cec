// worker/shared/number-format.ts prints numbers without Intl (decision 0307); it must print what
// Intl.NumberFormat prints for the app's formats, character for character (Node's ICU here; the
// browser's is the same CLDR data), including its rounding (half away from zero on the shortest
// decimal form) and its minus on values that round to zero.
import { describe, expect, it } from 'vitest';
import { EN_US, ES_CO, formatDecimal, formatPesos } from '../../worker/shared/number-format';

const intl = (locale: string, min: number, max: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });

/** Awkward values: ties in binary and decimal, carries, tiny and huge magnitudes, both signs. */
function samples(): number[] {
  const fixed = [
    0,
    -0,
    1,
    9.995,
    0.015,
    0.005,
    1.005,
    1.25,
    1.35,
    2.5,
    0.5,
    999.9995,
    999_999.995,
    1234.5675,
    1234.5678,
    5e-7,
    1.5e-7,
    0.0004,
    0.0005,
    123_456_789.125,
    1e15,
    1e21,
    2 ** 53,
    99.99,
    100,
    1000,
    12_345,
  ];
  let seed = 20261201;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const drawn = Array.from({ length: 3000 }, (_, i) => {
    const magnitude = 10 ** Math.floor(random() * 12 - 4);
    const v = random() * magnitude;
    // Every third value on a grid of thousandths, where ties sit.
    return i % 3 === 0 ? Math.round(v * 1000) / 1000 + 0.0005 : v;
  });
  return [...fixed, ...drawn].flatMap((v) => [v, -v]);
}

describe('formatDecimal', () => {
  const cases = [
    { style: EN_US, locale: 'en-US', min: 0, max: 3 },
    { style: EN_US, locale: 'en-US', min: 2, max: 2 },
    { style: EN_US, locale: 'en-US', min: 0, max: 0 },
    { style: ES_CO, locale: 'es-CO', min: 0, max: 1 },
    { style: ES_CO, locale: 'es-CO', min: 0, max: 0 },
    { style: ES_CO, locale: 'es-CO', min: 2, max: 2 },
  ];
  for (const { style, locale, min, max } of cases)
    it(`prints what Intl ${locale} prints with ${min}–${max} decimals`, () => {
      const reference = intl(locale, min, max);
      for (const v of samples())
        expect(formatDecimal(v, style, { min, max }), String(v)).toBe(reference.format(v));
    });

  it('groups by three from the first thousand and keeps the sign of a value that rounds to zero', () => {
    expect(formatDecimal(1234567.891, EN_US, { max: 3 })).toBe('1,234,567.891');
    expect(formatDecimal(1234, ES_CO, { max: 0 })).toBe('1.234');
    expect(formatDecimal(0.015, EN_US, { min: 2, max: 2 })).toBe('0.02');
    expect(formatDecimal(-0.0004, EN_US, { max: 3 })).toBe('-0');
  });
});

describe('formatPesos', () => {
  it("prints Intl's es-CO currency format with a plain space", () => {
    const reference = new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const v of samples())
      expect(formatPesos(v), String(v)).toBe(reference.format(v).replace(/\u00a0/g, ' '));
    expect(formatPesos(20_000)).toBe('$ 20.000,00');
    expect(formatPesos(-5000)).toBe('-$ 5.000,00');
  });
});
