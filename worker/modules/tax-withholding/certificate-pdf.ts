// The certificate as a PDF made in the Worker with pdf-lib and the standard Helvetica (WinAnsi),
// as the bonus statement is (decision 0230): one A4 page, twelve months at most.
import type { PDFFont, PDFPage } from 'pdf-lib';
import { A4, newPdf } from '../../platform/pdf';
import { bogotaDateTime } from '../../shared/bogota';
import { pesos } from '../../shared/money-out';
import { certificateTitle, PERSON_TYPES } from '../../shared/withholding';
import type { Certificate } from './certificate-data';

const M = 50;

export const certificateFileName = (c: Pick<Certificate, 'anio' | 'miembro'>) =>
  `certificado-retenciones-${c.anio}-${c.miembro.user_name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function certificatePdf(c: Certificate, now: number): Promise<Uint8Array> {
  const title = certificateTitle(c.anio);
  const { doc, regular: font, bold } = await newPdf(`${title} · ${c.miembro.user_name}`, now);
  const page = doc.addPage(A4);
  let y = A4[1] - M;
  const safe = (s: string) =>
    [...s].map((ch) => (font.getCharacterSet().includes(ch.codePointAt(0)!) ? ch : '?')).join('');
  const line = (s: string, o: { f?: PDFFont; size?: number; x?: number } = {}) => {
    const size = o.size ?? 10;
    y -= size + 5;
    draw(page, safe(s), o.x ?? M, y, o.f ?? font, size);
  };
  const right = (s: string, x: number, f: PDFFont = font) =>
    draw(page, s, x - f.widthOfTextAtSize(s, 10), y, f, 10);

  line(title, { f: bold, size: 15 });
  line('Art. 381 del Estatuto Tributario · retención en la fuente sobre comisiones (bonos de referidos)', {
    size: 8,
  });
  y -= 8;
  line('Agente retenedor', { f: bold, size: 11 });
  line(`Razón social: ${c.agente.razon_social ?? 'Sin configurar'}`);
  line(`NIT: ${c.agente.nit ?? 'Sin configurar'}`);
  if (c.agente.direccion || c.agente.ciudad)
    line(`Dirección: ${[c.agente.direccion, c.agente.ciudad].filter(Boolean).join(', ')}`);
  y -= 8;
  line('Beneficiario', { f: bold, size: 11 });
  line(`Nombre: ${c.miembro.nombre} (${c.miembro.user_name})`);
  line(`Documento: ${c.miembro.documento ?? 'Sin documento registrado'}`);
  line(
    `Tipo de persona: ${PERSON_TYPES.find((t) => t.codigo === c.miembro.tipo_persona)?.nombre ?? c.miembro.tipo_persona}`,
  );
  y -= 10;
  line('Mes', { f: bold });
  right('Pagado o abonado', 400, bold);
  right('Retenido', A4[0] - M, bold);
  for (const m of c.meses) {
    line(capital(m.mes));
    right(pesos(m.ingreso), 400);
    right(pesos(m.retencion), A4[0] - M);
  }
  y -= 4;
  page.drawLine({ start: { x: M, y: y - 2 }, end: { x: A4[0] - M, y: y - 2 } });
  line('Total del año', { f: bold });
  right(pesos(c.totales.ingreso), 400, bold);
  right(pesos(c.totales.retencion), A4[0] - M, bold);
  y -= 16;
  line(`Expedido el ${bogotaDateTime(now)} (hora de Bogotá).`, { size: 8 });
  line(
    'Los valores pagados incluyen los ajustes aprobados y descuentan las reversiones de compras anuladas.',
    { size: 8 },
  );
  return doc.save();
}

function draw(page: PDFPage, s: string, x: number, y: number, f: PDFFont, size: number) {
  page.drawText(s, { x, y, size, font: f });
}
