// Issue 23 §2: the payment reference of a purchase — short, typable, case-insensitive, with a
// check character that catches a typo.
import { describe, expect, it } from 'vitest';
import { parseReference, REFERENCE_ALPHABET, referenceFor } from '../../worker/shared/payment-reference';

describe('payment reference', () => {
  it('is short, upper case, without ambiguous characters, and reads back to its purchase', () => {
    expect(referenceFor(1)).toBe('P22236');
    expect(referenceFor(123456789)).toBe('P6BQ524J');
    for (const id of [1, 2, 30, 31, 960, 961, 923_520, 923_521, 10_000_000, Number.MAX_SAFE_INTEGER]) {
      const ref = referenceFor(id);
      expect(ref).toMatch(/^P[2-9A-HJKMNP-Z]{5,}$/);
      expect(ref).not.toMatch(/[01ILO]/);
      expect(parseReference(ref)).toBe(id);
      expect(parseReference(ref.toLowerCase())).toBe(id);
    }
    expect(referenceFor(923_520)).toHaveLength(6);
    expect(() => referenceFor(0)).toThrow();
  });

  it('finds the reference inside a statement description', () => {
    const ref = referenceFor(4321);
    expect(parseReference(`TRANSF ${ref.toLowerCase()} JUAN PEREZ 150.000`)).toBe(4321);
    expect(parseReference(`pago-${ref}.`)).toBe(4321);
    expect(parseReference('PAGO MEMBRESIA 150000')).toBeNull();
    expect(parseReference('')).toBeNull();
    // Two different valid references: ambiguous, none.
    expect(parseReference(`${referenceFor(7)} ${referenceFor(8)}`)).toBeNull();
    expect(parseReference(`${referenceFor(7)} ${referenceFor(7)}`)).toBe(7);
  });

  it('catches every single wrong character and every swap of neighbours', () => {
    for (const id of [1, 77, 4321, 923_521, 55_555_555]) {
      const ref = referenceFor(id);
      for (let i = 1; i < ref.length; i++) {
        for (const ch of REFERENCE_ALPHABET) {
          if (ch === ref[i]) continue;
          const typo = ref.slice(0, i) + ch + ref.slice(i + 1);
          expect(parseReference(typo), typo).not.toBe(id);
        }
        if (i + 1 < ref.length && ref[i] !== ref[i + 1]) {
          const swapped = ref.slice(0, i) + ref[i + 1] + ref[i] + ref.slice(i + 2);
          expect(parseReference(swapped), swapped).not.toBe(id);
        }
      }
      // Ambiguous characters never parse.
      expect(parseReference(ref.replace(/2/g, 'O'))).toBe(ref.includes('2') ? null : id);
    }
  });
});
