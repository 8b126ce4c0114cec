// The app's PDFs (the bonus statement, the withholding certificate, the consent proof) are made in
// the Worker with pdf-lib and the standard Helvetica in WinAnsi, no font file embedded
// (docs/decisions/0230): one way to open such a document.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const A4: [number, number] = [595.28, 841.89];

/** A new A4-sized document in Spanish, titled and dated `now`, with Helvetica and its bold. */
export async function newPdf(title: string, now: number) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('es-CO');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date(now));
  doc.setModificationDate(new Date(now));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, regular, bold };
}
