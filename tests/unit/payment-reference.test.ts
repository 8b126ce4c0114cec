// The purchase payment reference (issue 23 item 2): short, typable, with a check character.
import { describe, expect, it } from 'vitest';
import { parseReference, REFERENCE_ALPHABET, referenceFor } from '../../worker/shared/payment-reference';

describe('payment reference', () => {
  it('is six upper-case characters for ids up to millions, without 0, O, 1, I or L', () => {
    for (const id of [1, 2, 7, 8, 9, 31, 248, 1000, 123_456, 7_388_167]) {
      const ref = referenceFor(id);
      expect(ref).toMatch(/^[2-9][2-9A-HJKMNP-Z]{5}$/);
      expect(ref).not.toMatch(/[01OIL]/);
    }
    expect(referenceFor(7_388_168)).toHaveLength(7); // 8 · 31⁴: one more body character
    expect(REFERENCE_ALPHABET).toHaveLength(31);
  });

  it('is unique per purchase and reads back to its id', () => {
    const seen = new Set<string>();
    for (let id = 1; id <= 20_000; id++) {
      const ref = referenceFor(id);
      expect(seen.has(ref)).toBe(false);
      seen.add(ref);
      expect(parseReference(ref)).toBe(id);
    }
    for (const id of [99_999_999, 2 ** 31]) expect(parseReference(referenceFor(id))).toBe(id);
  });

  it('catches every single mistyped character and every swap of two neighbours', () => {
    for (const id of [1, 58, 4_711, 250_000, 3_999_999]) {
      const ref = referenceFor(id);
      for (let i = 0; i < ref.length; i++) {
        for (const ch of REFERENCE_ALPHABET) {
          if (ch === ref[i]) continue;
          const typo = ref.slice(0, i) + ch + ref.slice(i + 1);
          expect(parseReference(typo), `${ref} → ${typo}`).toBeNull();
        }
        if (i + 1 < ref.length && ref[i] !== ref[i + 1]) {
          const swapped = ref.slice(0, i) + ref[i + 1] + ref[i] + ref.slice(i + 2);
          expect(parseReference(swapped), `${ref} → ${swapped}`).toBeNull();
        }
      }
    }
  });

  it('is read case-insensitively from inside a bank description', () => {
    const ref = referenceFor(4_711);
    expect(parseReference(`TRANSF DE JUAN PEREZ REF ${ref} BANCOLOMBIA`)).toBe(4_711);
    expect(parseReference(`pago ${ref.toLowerCase()}`)).toBe(4_711);
    expect(parseReference(`Ref:${ref}.`)).toBe(4_711);
    expect(parseReference(`REF${ref}`)).toBe(4_711);
    expect(parseReference(`ABONO 250000 ${ref}`)).toBe(4_711);
  });

  it('finds nothing in ordinary descriptions, amounts, dates or ambiguous characters', () => {
    for (const text of [
      '',
      'PAGO CUENTA AHORROS',
      'TRANSFERENCIA NEQUI 3001234567',
      '2026-11-25 $ 1.234.567,00',
      'ABONO SUCURSAL VIRTUAL',
    ])
      expect(parseReference(text), text).toBeNull();
    const ref = referenceFor(12_345);
    // An O typed for a zero-less alphabet is a typo, not a match.
    expect(parseReference(ref.slice(0, 3) + 'O' + ref.slice(4))).toBeNull();
    // Padded with an extra zero: not this id's spelling.
    expect(parseReference(ref[0] + '2' + ref.slice(1))).toBeNull();
  });

  it('refuses ids that are not positive integers', () => {
    expect(() => referenceFor(0)).toThrow(RangeError);
    expect(() => referenceFor(1.5)).toThrow(RangeError);
  });
});
