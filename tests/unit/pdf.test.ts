// The one way the app opens a PDF (worker/platform/pdf.ts, docs/decisions/0230): A4, the title and
// dates given, Spanish, the standard Helvetica and its bold ready to draw with.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { A4, newPdf } from '../../worker/platform/pdf';

describe('newPdf', () => {
  it('titles and dates the document and embeds Helvetica and its bold', async () => {
    const now = Date.UTC(2026, 10, 15, 15, 0, 0);
    const { doc, regular, bold } = await newPdf('Extracto de bonos 2026-10 · ana', now);
    expect(regular.name).toBe('Helvetica');
    expect(bold.name).toBe('Helvetica-Bold');
    doc.addPage(A4).drawText('Señor Núñez', { x: 40, y: 800, size: 10, font: regular });
    const read = await PDFDocument.load(await doc.save(), { updateMetadata: false });
    expect(read.getTitle()).toBe('Extracto de bonos 2026-10 · ana');
    expect(read.getProducer()).toBe('pdf-lib');
    expect(read.getCreationDate()?.getTime()).toBe(now);
    expect(read.getModificationDate()?.getTime()).toBe(now);
    expect(read.getPage(0).getSize()).toEqual({ width: A4[0], height: A4[1] });
  });
});
