import { describe, expect, it } from 'vitest';
import { isValidNit, nitCheckDigit } from '../../worker/shared/nit';

describe('NIT check digit (spec §5)', () => {
  it.each([
    ['800197268', 4], // DIAN
    ['860034313', 7], // Bancolombia
    ['899999068', 1], // Ecopetrol
    ['830114921', 1],
  ])('%s → %i', (base, dv) => expect(nitCheckDigit(base)).toBe(dv));

  it('accepts the digit after a dash, with or without dots, and refuses a wrong one', () => {
    expect(isValidNit('800197268-4')).toBe(true);
    expect(isValidNit('800.197.268-4')).toBe(true);
    expect(isValidNit('800197268-5')).toBe(false);
    expect(isValidNit('800197268')).toBe(false);
    expect(isValidNit('abc-1')).toBe(false);
  });
});
