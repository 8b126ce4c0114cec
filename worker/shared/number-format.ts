// Numbers as the screens, the exports and the statements print them (docs/product-spec.md §9), without
// Intl: '1,234,567.5' (en-US) for counts, amounts of things and percents, '1.234.567,5' (es-CO)
// for money. Isomorphic.
//
// Written out rather than built with Intl.NumberFormat because the first formatter a browser tab
// builds loads the locale data: 30–100 ms on this machine's Chromium, spent inside the first
// render of any page that shows a number (decision 0307). The output is Intl's, character for
// character (tests/unit/number-format.test.ts compares them): digits grouped by three from the
// first thousand, a minus for any negative number (also one that rounds to zero, and −0), and
// rounding half away from zero on the number's shortest decimal form, as ICU rounds (0.015 to two
// decimals is 0.02; toFixed says 0.01).

export type NumberStyle = { group: string; decimal: string };
export const EN_US: NumberStyle = { group: ',', decimal: '.' };
export const ES_CO: NumberStyle = { group: '.', decimal: ',' };

/** '1' + '999' → '2000': a string of digits plus one. */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** The integer and fraction digits of `abs` (finite, ≥ 0) rounded to at most `max` decimals. */
function decimalDigits(abs: number, max: number): { int: string; frac: string } {
  // The shortest decimal that reads back as this number ('0.015', '1e+21', '5e-7'), made plain.
  const [mantissa = '0', exponent = '0'] = String(abs).split('e');
  const point = mantissa.indexOf('.');
  const all = mantissa.replace('.', '');
  const at = (point < 0 ? mantissa.length : point) + Number(exponent);
  let int = at <= 0 ? '0' : all.slice(0, at).padEnd(at, '0');
  let frac = at < 0 ? '0'.repeat(-at) + all : all.slice(Math.max(at, 0));
  if (frac.length > max) {
    const up = frac.charCodeAt(max) >= 53; // '5'..'9'
    frac = frac.slice(0, max);
    if (up) {
      const bumped = increment(int + frac);
      int = bumped.slice(0, bumped.length - max);
      frac = bumped.slice(bumped.length - max);
    }
  }
  return { int: int.replace(/^0+(?=\d)/, ''), frac };
}

/**
 * `n` with `style`'s separators, at least `min` and at most `max` decimals (trailing zeros beyond
 * `min` dropped): formatDecimal(1234.5, EN_US, { max: 3 }) is '1,234.5'. `n` must be finite.
 */
export function formatDecimal(
  n: number,
  style: NumberStyle,
  { min = 0, max }: { min?: number; max: number },
) {
  const negative = n < 0 || Object.is(n, -0);
  const { int, frac } = decimalDigits(Math.abs(n), max);
  let decimals = frac.padEnd(min, '0');
  while (decimals.length > min && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  return `${negative ? '-' : ''}${grouped}${decimals ? style.decimal + decimals : ''}`;
}

/**
 * Pesos with two decimals, es-CO, the sign before the symbol: '$ 1.234.567,89', '-$ 5.000,00'
 * (Intl's es-CO currency format, with a plain space). `pesos` may have more decimals; they round.
 */
export function formatPesos(pesos: number): string {
  const text = formatDecimal(pesos, ES_CO, { min: 2, max: 2 });
  return text.startsWith('-') ? `-$ ${text.slice(1)}` : `$ ${text}`;
}
