// A small .xlsx reader on fflate (no DOM, no Node APIs): runs on Workers and Node. Reads the first
// worksheet as rows of strings and numbers: shared strings, inline strings, formula results
// (t="str"), booleans and numbers. Styles, dates-as-formats and merged cells are not interpreted.
//
// Hostile workbooks (docs/decisions/0090): the zip's parts are inflated as a stream
// with a running byte count that stops past XLSX_MAX_INFLATED, the XML is scanned linearly (indexOf
// with a resumable position, no regular expression over unbounded input), only the rows are kept,
// and the reader yields to the event loop every slice of work so other requests keep being served.
import { Inflate, strFromU8 } from 'fflate';
import { yieldToLoop } from './yield';

export type ReadCell = string | number | boolean | null;

export class XlsxError extends Error {}

/** Uncompressed bytes read from one workbook, all parts together: far above a 50,000-row export. */
export const XLSX_MAX_INFLATED = 128 * 1024 * 1024;
/** Characters of one row or one shared string: a hostile unclosed element stops here. */
const MAX_ELEMENT_CHARS = 4 * 1024 * 1024;
/** Cells held, empty ones padded in included: bounds memory whatever the references say. */
export const XLSX_MAX_CELLS = 4_000_000;
/** Columns of a sheet (Excel's own maximum, XFD). */
const MAX_COLUMNS = 16_384;
/** Compressed bytes given to the inflater at once: at most ~1,032× that comes out per step. */
const INFLATE_STEP = 512;
/** Inflated characters scanned between two yields to the event loop. */
const YIELD_EVERY = 32 * 1024;

const DAMAGED = 'El archivo .xlsx está dañado o no es un libro de Excel';
const damaged = () => new XlsxError(DAMAGED);
const nf = new Intl.NumberFormat('en-US');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const fromCode = (n: number) => (n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\uFFFD');
export const unescapeXml = (s: string) =>
  s.indexOf('&') < 0
    ? s
    : s.replace(/&(#x[0-9a-fA-F]{1,8}|#\d{1,10}|amp|lt|gt|quot|apos);/g, (_, e: string) =>
        e[0] === '#'
          ? fromCode(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
          : ENTITIES[e]!,
      );

const isBoundary = (ch: string | undefined) =>
  ch === '>' || ch === '/' || ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

/** The text of every <t> inside a fragment (rich text runs joined, phonetic runs skipped); linear. */
export function textOf(xml: string): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const i = xml.indexOf('<', pos);
    if (i < 0) break;
    if (xml.startsWith('<rPh', i) && isBoundary(xml[i + 4])) {
      const end = xml.indexOf('</rPh>', i);
      if (end < 0) break;
      pos = end + 6;
    } else if (xml.startsWith('<t', i) && isBoundary(xml[i + 2])) {
      const gt = xml.indexOf('>', i);
      if (gt < 0) break;
      if (xml[gt - 1] === '/') {
        pos = gt + 1;
        continue;
      }
      const end = xml.indexOf('</t>', gt);
      if (end < 0) break;
      out += xml.slice(gt + 1, end);
      pos = end + 4;
    } else pos = i + 1;
  }
  return unescapeXml(out);
}

/** Column letters of a reference like "AB12" → zero-based index (-1 without letters). */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
    if (n > MAX_COLUMNS) return MAX_COLUMNS;
  }
  return n - 1;
}

/** The inner text of the first <name>…</name> of a fragment, or undefined; linear. */
function childText(xml: string, name: string): string | undefined {
  const open = `<${name}`;
  let pos = 0;
  for (;;) {
    const i = xml.indexOf(open, pos);
    if (i < 0) return undefined;
    if (!isBoundary(xml[i + open.length])) {
      pos = i + open.length;
      continue;
    }
    const gt = xml.indexOf('>', i);
    if (gt < 0) return undefined;
    if (xml[gt - 1] === '/') return '';
    const end = xml.indexOf(`</${name}>`, gt);
    return end < 0 ? undefined : xml.slice(gt + 1, end);
  }
}

/** One attribute's value in a start tag's attribute text (bounded by the tag). */
const ATTRS = new Map<string, RegExp>();
function attr(attrs: string, name: string): string | undefined {
  let re = ATTRS.get(name);
  if (!re) ATTRS.set(name, (re = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  return re.exec(attrs)?.[1];
}

/**
 * Finds the complete <tag …>…</tag> (or <tag …/>) elements of XML arriving in pieces, with every
 * character looked at a bounded number of times: the search resumes where it stopped, and an
 * element not closed within MAX_ELEMENT_CHARS is an error rather than a longer wait.
 */
class ElementScanner {
  private buf = '';
  private from = 0;
  private inside = false;
  private gt = -1;
  private readonly open: string;
  private readonly close: string;
  constructor(
    tag: string,
    /** Receives the start tag's attributes and the inner XML; false stops the scan. */
    private readonly emit: (attrs: string, inner: string) => boolean,
  ) {
    this.open = `<${tag}`;
    this.close = `</${tag}>`;
  }
  stopped = false;

  push(text: string) {
    if (this.stopped) return;
    this.buf += text;
    const { open, close } = this;
    for (;;) {
      if (!this.inside) {
        const i = this.buf.indexOf(open, this.from);
        if (i < 0) {
          // Keep what could be the start of an opening tag cut by the chunk boundary.
          this.buf = this.buf.slice(Math.max(0, this.buf.length - open.length));
          this.from = 0;
          return;
        }
        const next = this.buf[i + open.length];
        if (next === undefined) {
          this.buf = this.buf.slice(i);
          this.from = 0;
          return;
        }
        if (!isBoundary(next)) {
          this.from = i + open.length;
          continue;
        }
        this.buf = this.buf.slice(i);
        this.from = open.length;
        this.inside = true;
        this.gt = -1;
      }
      if (this.gt < 0) {
        const gt = this.buf.indexOf('>', this.from);
        if (gt < 0) {
          this.from = this.buf.length;
          this.checkSize();
          return;
        }
        if (this.buf[gt - 1] === '/') {
          this.inside = false;
          const ok = this.emit(this.buf.slice(open.length, gt - 1), '');
          this.buf = this.buf.slice(gt + 1);
          this.from = 0;
          if (!ok) return void (this.stopped = true);
          continue;
        }
        this.gt = gt;
        this.from = gt + 1;
      }
      const end = this.buf.indexOf(close, this.from);
      if (end < 0) {
        this.from = Math.max(this.gt + 1, this.buf.length - close.length + 1);
        this.checkSize();
        return;
      }
      this.inside = false;
      const ok = this.emit(this.buf.slice(open.length, this.gt), this.buf.slice(this.gt + 1, end));
      this.buf = this.buf.slice(end + close.length);
      this.from = 0;
      if (!ok) return void (this.stopped = true);
    }
  }

  private checkSize() {
    if (this.buf.length > MAX_ELEMENT_CHARS) throw damaged();
  }

  /** The end of the part: an element still open means the XML is cut or malformed. */
  end() {
    if (this.inside && !this.stopped) throw damaged();
  }
}

type Entry = { name: string; method: number; start: number; size: number; declared: number };

/** The zip's central directory: where each part's compressed bytes are (no zip64, no encryption). */
function zipEntries(b: Uint8Array): Map<string, Entry> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw damaged();
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const entries = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || view.getUint32(p, true) !== 0x02014b50) throw damaged();
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const size = view.getUint32(p + 20, true);
    const declared = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const skip = nameLen + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    if (p + 46 + nameLen > b.length) throw damaged();
    const name = strFromU8(b.subarray(p + 46, p + 46 + nameLen));
    p += 46 + skip;
    if (flags & 1) throw damaged();
    if (local + 30 > b.length || view.getUint32(local, true) !== 0x04034b50) throw damaged();
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (size === 0xffffffff || start + size > b.length) throw damaged();
    entries.set(name, { name, method, start, size, declared });
  }
  return entries;
}

/** Counts every inflated byte of one workbook and yields to the event loop every slice of work. */
const tooBig = () =>
  new XlsxError(
    `El archivo descomprimido supera el máximo de ${nf.format(XLSX_MAX_INFLATED / 1024 / 1024)} MB para importar`,
  );
class Budget {
  private left = XLSX_MAX_INFLATED;
  private sinceYield = 0;
  take(n: number) {
    this.left -= n;
    if (this.left < 0) throw tooBig();
  }
  async pace(n: number) {
    this.sinceYield += n;
    if (this.sinceYield >= YIELD_EVERY) {
      this.sinceYield = 0;
      await yieldToLoop();
    }
  }
}

/**
 * Streams one part's text to `onText`, inflating at most INFLATE_STEP compressed bytes at a time
 * and counting the output against the budget before it is decoded, so a zip bomb stops at the cap
 * having held one step's output.
 */
async function readPart(
  b: Uint8Array,
  entry: Entry,
  budget: Budget,
  onText: (text: string) => void,
  stopped: () => boolean = () => false,
) {
  const data = b.subarray(entry.start, entry.start + entry.size);
  const decoder = new TextDecoder();
  const feed = async (chunk: Uint8Array) => {
    budget.take(chunk.length);
    onText(decoder.decode(chunk, { stream: true }));
    await budget.pace(chunk.length);
  };
  if (entry.method === 0) {
    for (let p = 0; p < data.length && !stopped(); p += 64 * 1024)
      await feed(data.subarray(p, p + 64 * 1024));
  } else if (entry.method === 8) {
    const out: Uint8Array[] = [];
    const inflater = new Inflate((chunk) => {
      out.push(chunk);
    });
    for (let p = 0; p < data.length && !stopped(); p += INFLATE_STEP) {
      try {
        inflater.push(data.subarray(p, p + INFLATE_STEP), p + INFLATE_STEP >= data.length);
      } catch {
        throw damaged();
      }
      for (const chunk of out.splice(0)) await feed(chunk);
    }
  } else throw damaged();
  onText(decoder.decode());
}

/** A small part (workbook, relationships) as one string, within its own small cap. */
async function smallPart(b: Uint8Array, entry: Entry | undefined, budget: Budget): Promise<string> {
  if (!entry) return '';
  let text = '';
  await readPart(b, entry, budget, (t) => {
    text += t;
    if (text.length > MAX_ELEMENT_CHARS) throw damaged();
  });
  return text;
}

/** Start tags `<tag …>` of a small document, as attribute texts; linear. */
function startTags(xml: string, tag: string): string[] {
  const out: string[] = [];
  const open = `<${tag}`;
  let pos = 0;
  for (;;) {
    const i = xml.indexOf(open, pos);
    if (i < 0) return out;
    const gt = xml.indexOf('>', i);
    if (gt < 0) return out;
    if (isBoundary(xml[i + open.length])) out.push(xml.slice(i + open.length, gt));
    pos = gt + 1;
  }
}

async function firstSheet(b: Uint8Array, entries: Map<string, Entry>, budget: Budget): Promise<Entry> {
  const workbook = await smallPart(b, entries.get('xl/workbook.xml'), budget);
  const rels = await smallPart(b, entries.get('xl/_rels/workbook.xml.rels'), budget);
  const sheet = startTags(workbook, 'sheet')[0];
  const id = sheet && (attr(sheet, 'r:id') ?? attr(sheet, 'id'));
  if (id)
    for (const rel of startTags(rels, 'Relationship')) {
      if (attr(rel, 'Id') !== id) continue;
      const target = attr(rel, 'Target');
      const path = target && (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
      const entry = path ? entries.get(path) : undefined;
      if (entry) return entry;
    }
  const fallback = [...entries.keys()].filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f)).sort()[0];
  if (!fallback) throw new XlsxError('El archivo no contiene hojas');
  return entries.get(fallback)!;
}

/** Rows of the first sheet; `maxRows` stops early (the caller reports the limit). */
export async function readXlsx(bytes: Uint8Array, maxRows = Infinity): Promise<ReadCell[][]> {
  const entries = zipEntries(bytes);
  // Sizes the zip declares over the cap are refused before inflating anything; a zip that
  // under-declares is stopped by the running count in readPart.
  let declared = 0;
  for (const e of entries.values()) declared += e.declared;
  if (declared > XLSX_MAX_INFLATED) throw tooBig();
  const budget = new Budget();
  const sheetEntry = await firstSheet(bytes, entries, budget);

  const shared: string[] = [];
  const sst = entries.get('xl/sharedStrings.xml');
  if (sst) {
    const scanner = new ElementScanner('si', (_, inner) => {
      shared.push(inner ? textOf(inner) : '');
      return true;
    });
    await readPart(bytes, sst, budget, (t) => scanner.push(t));
    scanner.end();
  }

  const rows: ReadCell[][] = [];
  let cells = 0;
  const hold = (n: number) => {
    cells += n;
    if (cells > XLSX_MAX_CELLS)
      throw new XlsxError(
        `El archivo supera el máximo de ${nf.format(XLSX_MAX_CELLS)} celdas por importación`,
      );
  };
  const scanner = new ElementScanner('row', (attrs, inner) => {
    const r = Number(attr(attrs, 'r'));
    const rowIndex = Number.isInteger(r) && r >= 1 ? r - 1 : rows.length;
    // Rows past the limit are not padded in: the caller only needs to know there are too many.
    const upTo = Math.min(rowIndex, maxRows);
    if (upTo > rows.length) hold(upTo - rows.length);
    while (rows.length < upTo) rows.push([]);
    if (rows.length >= maxRows) return false;
    const row: ReadCell[] = [];
    let next = 0;
    let pos = 0;
    for (;;) {
      const s = inner.indexOf('<c', pos);
      if (s < 0) break;
      if (!isBoundary(inner[s + 2])) {
        pos = s + 2;
        continue;
      }
      const gt = inner.indexOf('>', s);
      if (gt < 0) throw damaged();
      let body = '';
      let cellAttrs: string;
      if (inner[gt - 1] === '/') {
        cellAttrs = inner.slice(s + 2, gt - 1);
        pos = gt + 1;
      } else {
        const end = inner.indexOf('</c>', gt);
        if (end < 0) throw damaged();
        cellAttrs = inner.slice(s + 2, gt);
        body = inner.slice(gt + 1, end);
        pos = end + 4;
      }
      const ref = attr(cellAttrs, 'r');
      const col = ref ? columnIndex(ref) : next;
      if (col < 0 || col >= MAX_COLUMNS) throw damaged();
      next = col + 1;
      const type = attr(cellAttrs, 't') ?? 'n';
      const v = childText(body, 'v');
      let value: ReadCell = null;
      if (type === 's') value = v === undefined ? null : (shared[Number(v)] ?? null);
      else if (type === 'inlineStr') value = textOf(childText(body, 'is') ?? '');
      else if (type === 'str' || type === 'e') value = v === undefined ? null : unescapeXml(v);
      else if (type === 'b') value = v === '1';
      else if (v !== undefined && v !== '') value = Number(v);
      if (col >= row.length) hold(col + 1 - row.length);
      while (row.length < col) row.push(null);
      row[col] = value;
    }
    rows.push(row);
    hold(1);
    return rows.length < maxRows;
  });
  await readPart(
    bytes,
    sheetEntry,
    budget,
    (t) => scanner.push(t),
    () => scanner.stopped,
  );
  scanner.end();
  return rows;
}
