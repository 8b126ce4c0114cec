// The member statement as a PDF, made in the Worker with pdf-lib (docs/decisions/0230): the
// standard Helvetica in WinAnsi (no font file to embed: ñ, á, é, í, ó, ú, ü, ¿, ¡ and the
// masked document's • are all in it). The lines arrive a page of the database at a time and are
// drawn as they come; each finished PDF page is deflated into its content stream at once, so what
// stays in memory is the document's compressed bytes, not one object per drawn cell.
import { strToU8, zlibSync } from 'fflate';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { A4, newPdf } from '../../platform/pdf';
import type { Db } from '../../platform/db';
import { bogotaDateTime } from '../../shared/bogota';
import { NOT_QUALIFIED, REFUND } from '../../shared/cycles';
import { pesos, ratePercent, STATEMENT_LABELS, withholdingLabel } from '../../shared/money-out';
import { stateLabel } from '../../shared/workflow';
import { statementLinePages, type StatementHead, type StatementLine } from './statement-data';

const MARGIN = 40;
const WIDTH = A4[0] - 2 * MARGIN;
const LINE_SIZE = 8;
const ROW = 12;
const GREY = [0.4, 0.4, 0.4] as const;
const RED = [0.7, 0.1, 0.1] as const;

/** The lines table: header, width and alignment of each column (widths add up to WIDTH). */
const COLUMNS: { title: string; width: number; right?: boolean; cell: (l: StatementLine) => string }[] = [
  { title: 'Compra', width: 78, cell: (l) => `#${l.compra_id} ${l.compra_referencia}` },
  { title: 'Nivel', width: 26, right: true, cell: (l) => String(l.nivel) },
  { title: 'Referido', width: 104, cell: (l) => l.referido },
  { title: 'Base', width: 68, right: true, cell: (l) => pesos(l.base) },
  { title: 'Porcentaje', width: 46, right: true, cell: (l) => ratePercent(l.porcentaje) },
  { title: 'Monto', width: 68, right: true, cell: (l) => pesos(l.monto) },
  { title: 'Observación', width: 125.28, cell: (l) => l.motivo ?? '' },
];

export const statementFileName = (head: Pick<StatementHead, 'clave' | 'miembro'>) =>
  `extracto-bonos-${head.clave}-${head.miembro.user_name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

/** Builds the whole PDF; `pageSize` lines are read from the database at a time. */
export async function statementPdf(
  db: Db,
  head: StatementHead,
  opts: { now: number; pageSize?: number },
): Promise<Uint8Array> {
  const { doc, regular, bold } = await newPdf(
    `Extracto de bonos ${head.clave} · ${head.miembro.user_name}`,
    opts.now,
  );
  const w = new Writer(doc, regular, bold);

  // ── head ──
  w.text('Extracto de bonos', { font: bold, size: 16 });
  w.text(`Ciclo ${head.clave}`, { font: bold, size: 12 });
  w.gap(4);
  const doc_ = head.miembro.documento
    ? `${head.miembro.tipo_documento ? `${head.miembro.tipo_documento} ` : ''}${head.miembro.documento}`
    : 'Sin documento registrado';
  w.pair('Miembro', `${head.miembro.nombre} (${head.miembro.user_name})`);
  w.pair('Documento', doc_);
  // The label users read on the screen (NO_PAGADO prints «NO PAGADO»), from the table (decision 0315).
  w.pair('Estado', stateLabel(head.estado));
  if (head.arrastrado_a)
    w.pair('Saldo trasladado', `al ciclo ${head.arrastrado_a.clave ?? `#${head.arrastrado_a.id}`}`);
  w.pair('Fecha de pago', head.pagado_at ? bogotaDateTime(head.pagado_at) : '—');
  w.pair('Referencia de pago', head.referencia_pago ?? '—');
  w.gap(8);

  // ── sums ──
  w.text('Resumen', { font: bold, size: 11 });
  w.amount(`Bonos del ciclo (${head.lineas} ${head.lineas === 1 ? 'línea' : 'líneas'})`, head.suma_lineas);
  w.amount(STATEMENT_LABELS.saldoAnterior, head.saldo_anterior);
  w.amount('Ajustes aprobados', head.ajustes);
  w.amount(STATEMENT_LABELS.total, head.total, bold);
  w.amount(withholdingLabel(head.retencion_tasa), -head.retencion);
  w.amount(STATEMENT_LABELS.neto, head.neto, bold);
  w.gap(8);

  // ── saldo anterior ──
  w.text(STATEMENT_LABELS.saldoAnterior, { font: bold, size: 11 });
  if (!head.saldo_anterior_origen.length) w.text('Sin saldo de ciclos anteriores.', { color: GREY });
  for (const s of head.saldo_anterior_origen) w.amount(`Ciclo ${s.clave}`, s.total);
  w.gap(8);

  // ── adjustments ──
  w.text('Ajustes manuales aprobados', { font: bold, size: 11 });
  if (!head.ajustes_detalle.length) w.text('Sin ajustes.', { color: GREY });
  for (const a of head.ajustes_detalle) {
    w.amount(`${STATEMENT_LABELS.ajuste}: ${a.motivo}`, a.monto);
    w.text(
      `Registró ${a.autor} · aprobó ${a.aprobador ?? '—'}${a.aprobado_at ? ` el ${bogotaDateTime(a.aprobado_at)}` : ''}`,
      { size: LINE_SIZE, color: GREY },
    );
  }
  w.gap(8);

  // ── lines ──
  w.text('Líneas del ciclo', { font: bold, size: 11 });
  if (!head.lineas) w.text('Sin líneas en este ciclo.', { color: GREY });
  else {
    w.tableHead();
    let sum = 0;
    for await (const page of statementLinePages(db, head, opts.pageSize ?? 500))
      for (const l of page) {
        sum += l.monto;
        w.tableRow(l);
      }
    w.gap(4);
    w.amount('Suma de las líneas', sum, bold);
  }
  w.finish(`Extracto ${head.clave} · ${head.miembro.user_name} · generado ${bogotaDateTime(opts.now)}`);
  return doc.save({ useObjectStreams: false });
}

type Colour = readonly [number, number, number];
const BLACK: Colour = [0, 0, 0];

/**
 * Draws top to bottom, opening a page when the current one is full. Each page's content stream
 * is composed here as PDF operators (BT … Tj ET) and, once the page is full, deflated into one
 * stream object: pdf-lib's drawText validates its options and keeps an object per operator on
 * every call (and, given a font, adds a new font resource to the page each time), which took
 * 10 s and tens of MB for 5,000 lines. pdf-lib still embeds the fonts, encodes the text
 * (WinAnsi) and writes the file.
 */
class Writer {
  private ops: string[] = [];
  private y = 0;
  private readonly pages: { page: PDFPage; keys: Map<PDFFont, string> }[] = [];
  private readonly encodable: Set<number>;
  private inTable = false;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.encodable = new Set(font.getCharacterSet());
    this.newPage();
  }

  /** A character Helvetica/WinAnsi cannot print becomes '?', never an exception. */
  private safe(s: string) {
    let out = '';
    for (const ch of s.replace(/[\t\r\n]+/g, ' ')) out += this.encodable.has(ch.codePointAt(0)!) ? ch : '?';
    return out;
  }

  private fit(s: string, width: number, font: PDFFont, size: number) {
    let t = this.safe(s);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, size) > width) t = t.slice(0, -1);
    return `${t}…`;
  }

  private get current() {
    return this.pages[this.pages.length - 1]!;
  }

  /** The page's resource name of a font (one per font and page). */
  private keyOf(at: { page: PDFPage; keys: Map<PDFFont, string> }, font: PDFFont) {
    let key = at.keys.get(font);
    if (!key) {
      key = at.page.node.newFontDictionary(font.name, font.ref).toString();
      at.keys.set(font, key);
    }
    return key;
  }

  /** One string at (x, y): text already made printable (safe/fit). */
  private textOp(
    at: { page: PDFPage; keys: Map<PDFFont, string> },
    text: string,
    o: { x: number; y: number; size: number; font: PDFFont; color?: Colour },
  ) {
    const [r, g, b] = o.color ?? BLACK;
    return `BT ${this.keyOf(at, o.font)} ${o.size} Tf ${r} ${g} ${b} rg 1 0 0 1 ${o.x.toFixed(2)} ${o.y.toFixed(2)} Tm ${o.font.encodeText(text).toString()} Tj ET`;
  }

  private draw(text: string, o: { x: number; y: number; size: number; font: PDFFont; color?: Colour }) {
    this.ops.push(this.textOp(this.current, text, o));
  }

  /** Deflates the operators into one content stream of the page. */
  private flush(at: { page: PDFPage }, ops: string[]) {
    if (!ops.length) return;
    const ctx = this.doc.context;
    const bytes = zlibSync(strToU8(ops.join('\n'), true));
    at.page.node.addContentStream(ctx.register(ctx.stream(bytes, { Filter: 'FlateDecode' })));
  }

  private newPage() {
    if (this.pages.length) this.flush(this.current, this.ops);
    this.ops = [];
    this.pages.push({ page: this.doc.addPage(A4), keys: new Map() });
    this.y = A4[1] - MARGIN;
    if (this.inTable) this.drawTableHead();
  }

  private room(h: number) {
    if (this.y - h < MARGIN + 16) this.newPage();
  }

  gap(h: number) {
    this.y -= h;
  }

  text(s: string, o: { font?: PDFFont; size?: number; color?: Colour } = {}) {
    const size = o.size ?? 10;
    const font = o.font ?? this.font;
    this.room(size + 4);
    this.y -= size + 4;
    this.draw(this.fit(s, WIDTH, font, size), { x: MARGIN, y: this.y, size, font, color: o.color });
  }

  pair(label: string, value: string) {
    this.room(14);
    this.y -= 14;
    this.draw(this.safe(`${label}:`), { x: MARGIN, y: this.y, size: 10, font: this.bold });
    this.draw(this.fit(value, WIDTH - 120, this.font, 10), {
      x: MARGIN + 120,
      y: this.y,
      size: 10,
      font: this.font,
    });
  }

  amount(label: string, cents: number, font: PDFFont = this.font) {
    this.room(14);
    this.y -= 14;
    const money = pesos(cents);
    this.draw(this.fit(label, WIDTH - 130, font, 10), { x: MARGIN, y: this.y, size: 10, font });
    this.draw(money, {
      x: MARGIN + WIDTH - font.widthOfTextAtSize(money, 10),
      y: this.y,
      size: 10,
      font,
      color: cents < 0 ? RED : BLACK,
    });
  }

  private drawTableHead() {
    this.y -= ROW;
    let x = MARGIN;
    for (const c of COLUMNS) {
      const t = c.title;
      const tx = c.right ? x + c.width - 3 - this.bold.widthOfTextAtSize(t, LINE_SIZE) : x;
      this.draw(t, { x: tx, y: this.y, size: LINE_SIZE, font: this.bold });
      x += c.width;
    }
    const ly = (this.y - 3).toFixed(2);
    this.ops.push(`q ${GREY.join(' ')} RG 0.5 w ${MARGIN} ${ly} m ${MARGIN + WIDTH} ${ly} l S Q`);
  }

  tableHead() {
    this.room(2 * ROW);
    this.inTable = true;
    this.drawTableHead();
  }

  tableRow(l: StatementLine) {
    this.room(ROW);
    this.y -= ROW;
    let x = MARGIN;
    const colour = l.monto < 0 || l.motivo === REFUND ? RED : l.motivo === NOT_QUALIFIED ? GREY : BLACK;
    for (const c of COLUMNS) {
      const t = this.fit(c.cell(l), c.width - 4, this.font, LINE_SIZE);
      const tx = c.right ? x + c.width - 3 - this.font.widthOfTextAtSize(t, LINE_SIZE) : x;
      this.draw(t, { x: tx, y: this.y, size: LINE_SIZE, font: this.font, color: colour });
      x += c.width;
    }
  }

  /** Writes the last page, then numbers every page ('Página i de N') once the count is known. */
  finish(footer: string) {
    this.inTable = false;
    this.flush(this.current, this.ops);
    this.ops = [];
    const n = this.pages.length;
    this.pages.forEach((at, i) => {
      const t = this.fit(`${footer} · Página ${i + 1} de ${n}`, WIDTH, this.font, 7);
      this.flush(at, [
        this.textOp(at, t, { x: MARGIN, y: MARGIN - 14, size: 7, font: this.font, color: GREY }),
      ]);
    });
  }
}
