// Issue 24 item 5: the statement prints money with `pesos` (worker/shared/money-out.ts) in the
// Worker's PDF, the Excel's text cells and on screen; the screens' money column (formatMoney) is
// the same function, and number-format.test.ts holds both to Intl's es-CO currency format. Every
// character must exist in the PDF's Helvetica (WinAnsi).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pesos, ratePercent } from '../../worker/shared/money-out';
import { formatPercent } from '../../web/lib/format';

const samples = [
  0, 1, 5, 99, 100, 101, 2_000_000, 3_567_283, 123_456_789, 100_000_000_000, -1, -50, -500_000, -123_456_789,
];

describe('pesos', () => {
  it('prints $ 20.000,00 for the default minimum and -$ 5.000,00 for a refund', () => {
    expect(pesos(2_000_000)).toBe('$ 20.000,00');
    expect(pesos(-500_000)).toBe('-$ 5.000,00');
    expect(pesos(0)).toBe('$ 0,00');
  });

  it('prints rates as the grids’ percent column', () => {
    for (const bp of [1_000, 500, 200, 1, 1_234, 10_000])
      expect(ratePercent(bp)).toBe(formatPercent(bp / 100));
  });

  it('uses only characters the PDF’s Helvetica (WinAnsi) can draw, Spanish letters included', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const can = new Set(font.getCharacterSet());
    const text = `${samples.map(pesos).join(' ')} ñÑáéíóúÁÉÍÓÚüÜ¿¡ · • …`;
    expect([...text].filter((ch) => !can.has(ch.codePointAt(0)!))).toEqual([]);
    expect(() => font.encodeText(text)).not.toThrow();
  });
});
