// The consent proof as a PDF (decision 0401; pdf-lib as the bonus statement, decision 0230): the
// member, the notice in force and every ledger row, newest first. Helvetica in WinAnsi: the text
// is Spanish Latin-1, anything else is replaced.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { bogotaDateTime } from '../../shared/bogota';
import { CONSENT_CHANNELS } from '../../shared/privacy';
import type { ledgerOf, Notice } from './service';

const A4: [number, number] = [595.28, 841.89];
const M = 40;
const latin1 = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff•]/g, '?');

export async function consentProofPdf(
  member: { nombre: string; user_name: string; email: string },
  notice: Notice,
  ledger: Awaited<ReturnType<typeof ledgerOf>>,
  now: number,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Prueba de autorización · ${member.user_name}`);
  doc.setLanguage('es-CO');
  doc.setCreationDate(new Date(now));
  doc.setModificationDate(new Date(now));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage(A4);
  let y = A4[1] - M;
  const line = (text: string, opts: { size?: number; bold?: boolean } = {}) => {
    const size = opts.size ?? 9;
    const font = opts.bold ? bold : regular;
    // Wrap on spaces to the page width.
    const words = latin1(text).split(' ');
    let current = '';
    const lines: string[] = [];
    for (const w of words) {
      const next = current ? `${current} ${w}` : w;
      if (font.widthOfTextAtSize(next, size) > A4[0] - 2 * M && current) {
        lines.push(current);
        current = w;
      } else current = next;
    }
    lines.push(current);
    for (const l of lines) {
      if (y < M + size) {
        page = doc.addPage(A4);
        y = A4[1] - M;
      }
      page.drawText(l, { x: M, y: y - size, size, font });
      y -= size + 4;
    }
  };
  line('Prueba de autorización para el tratamiento de datos personales', { size: 14, bold: true });
  line(`Ley 1581 de 2012, art. 8.b · generada el ${bogotaDateTime(now)}`, { size: 8 });
  y -= 6;
  line(`Titular: ${member.nombre} (${member.user_name}) · ${member.email}`, { bold: true });
  y -= 6;
  line(`Aviso de privacidad vigente: versión ${notice.version}`, { bold: true });
  line(notice.texto);
  for (const f of notice.finalidades)
    line(
      `• ${f.nombre} (${f.codigo})${f.obligatoria ? ' · obligatoria' : ''}${f.sensible ? ' · dato sensible' : ''}: ${f.texto}`,
    );
  y -= 6;
  line('Registro de autorizaciones y revocatorias (la más reciente primero)', { size: 11, bold: true });
  if (!ledger.length) line('Sin registros.');
  for (const r of ledger) {
    const nombre = notice.finalidades.find((f) => f.codigo === r.finalidad)?.nombre ?? r.finalidad;
    line(
      `${bogotaDateTime(Date.parse(r.fecha))} · ${r.otorgada ? 'Otorgada' : 'Revocada'} · ${nombre} · aviso v${r.version} · canal ${CONSENT_CHANNELS[r.canal as keyof typeof CONSENT_CHANNELS] ?? r.canal}${r.evidencia ? ` · evidencia: ${r.evidencia}` : ''} · IP ${r.ip ?? '—'} · ${r.user_agent ?? '—'}`,
    );
  }
  return doc.save();
}
