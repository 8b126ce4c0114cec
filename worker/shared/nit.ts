// DIAN check digit for a NIT (docs/product-spec.md §5): weights 3, 7, 13, … 71 from the rightmost digit,
// modulus 11; a remainder of 0 or 1 is itself the digit, otherwise 11 minus it.
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export function nitCheckDigit(base: string): number | null {
  if (!/^\d{1,15}$/.test(base)) return null;
  const digits = [...base].reverse();
  const sum = digits.reduce((acc, d, i) => acc + Number(d) * WEIGHTS[i]!, 0);
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

/** Accepts `800197268-4` (or with dots): the digits, a dash and the right check digit. */
export function isValidNit(value: string): boolean {
  const m = /^([\d.]{1,19})-(\d)$/.exec(value.trim());
  if (!m) return false;
  const base = m[1]!.replace(/\./g, '');
  return nitCheckDigit(base) === Number(m[2]);
}

export const NIT_MESSAGE = 'El NIT no es válido: verifique el dígito de verificación';
