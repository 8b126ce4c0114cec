// The proof of a member's authorisations (Ley 1581 art. 8.b, docs/privacy.md «Aviso y
// autorizaciones»): his ledger as a PDF made with pdf-lib, as the statement PDFs are (decision
// 0230): the standard Helvetica in WinAnsi, A4, one line per entry, newest first.
import type { PDFFont, PDFPage } from 'pdf-lib';
import { A4, newPdf } from '../../platform/pdf';
import { bogotaDateTime } from '../../shared/bogota';
import type { LedgerRow } from './ledger';

const MARGIN = 40;
const SIZE = 9;
const ROW = 13;

/** WinAnsi has no glyph for some characters a name may hold: they print as '?'. */
const winAnsi = (s: string) => s.replace(/[^\u0020-\u007e\u00a0-\u00ff•–—“”‘’€]/g, '?');

export async function consentProofPdf(
  member: { userName: string; nombre: string },
  rows: LedgerRow[],
  names: Map<string, string>,
  now: number,
): Promise<Uint8Array> {
  const { doc, regular, bold } = await newPdf(`Prueba de autorizaciones · ${winAnsi(member.userName)}`, now);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const line = (text: string, font: PDFFont = regular, size = SIZE, x = MARGIN) => {
    if (y < MARGIN + ROW) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
    page.drawText(winAnsi(text), { x, y, size, font });
    y -= size + 4;
  };
  line('Prueba de autorizaciones de tratamiento de datos personales', bold, 14);
  line('Ley 1581 de 2012, art. 8.b; Decreto 1377 de 2013, art. 7', regular, SIZE);
  y -= 6;
  line(`Titular: ${member.nombre} (${member.userName})`);
  line(`Generado: ${bogotaDateTime(now)} (hora de Bogotá)`);
  line(`Entradas: ${rows.length}`);
  y -= 8;
  if (!rows.length) line('El titular no ha otorgado ni revocado ninguna autorización.');
  for (const r of rows) {
    line(
      `${bogotaDateTime(r.createdAt)} · ${r.otorgada ? 'Otorgada' : 'Revocada'} · ${names.get(r.finalidad) ?? r.finalidad} (${r.finalidad})`,
      bold,
    );
    line(
      `Aviso versión ${r.version} · canal: ${r.canal}${r.ip ? ` · IP ${r.ip}` : ''}${r.userAgent ? ` · ${r.userAgent.slice(0, 70)}` : ''}`,
      regular,
      8,
      MARGIN + 10,
    );
    if (r.evidencia) line(`Evidencia: ${r.evidencia.slice(0, 120)}`, regular, 8, MARGIN + 10);
    y -= 3;
  }
  return doc.save();
}
