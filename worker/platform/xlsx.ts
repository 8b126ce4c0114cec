// A small .xlsx writer (Office Open XML, zipped with fflate) that runs on Workers and Node.
// Strings are inline strings, never formulas, so a cell that starts with "=" stays text.
import { strToU8, zipSync } from 'fflate';
import { bogotaWall } from '../shared/bogota';

export type Cell = string | number | boolean | null | undefined;
export type Sheet = { name: string; headers: string[]; rows: Cell[][]; widths?: number[] };

const esc = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: they are dropped
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function colName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function cellXml(ref: string, value: Cell, header: boolean): string {
  const style = header ? ' s="1"' : '';
  if (value === null || value === undefined || value === '') return `<c r="${ref}"${style}/>`;
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean')
    return `<c r="${ref}"${style} t="inlineStr"><is><t>${value ? 'Sí' : 'No'}</t></is></c>`;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${esc(String(value).slice(0, 32_000))}</t></is></c>`;
}

export const rowXml = (row: Cell[], r: number) =>
  `<row r="${r}">${row.map((v, c) => cellXml(`${colName(c)}${r}`, v, r === 1)).join('')}</row>`;

/** Column widths in characters: never narrower than COL_MIN nor wider than COL_MAX. */
export const COL_MIN = 8;
export const COL_MAX = 60;
/** Rows looked at to size the columns (a streamed export sizes them from its first page). */
const SIZE_SAMPLE = 2_000;

/** The characters a cell shows: its longest line, 'Sí'/'No' for booleans. */
function shownChars(v: Cell): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'boolean') return 2;
  let longest = 0;
  for (const line of String(v)
    .slice(0, 4 * COL_MAX)
    .split('\n'))
    longest = Math.max(longest, line.length);
  return longest;
}

/**
 * Each column as wide as its header (bold, so a little wider) or its widest cell among the first
 * rows, plus a margin, bounded to [COL_MIN, COL_MAX]: a long name column is wide, a code column narrow.
 */
export function fitWidths(headers: string[], rows: Cell[][]): number[] {
  const chars = headers.map((h) => h.length + 1);
  for (const row of rows.slice(0, SIZE_SAMPLE))
    for (let i = 0; i < chars.length; i++) chars[i] = Math.max(chars[i]!, shownChars(row[i]));
  return chars.map((c) => Math.min(COL_MAX, Math.max(COL_MIN, c + 2)));
}

/**
 * A sheet's XML up to its first data row (the header row included), and what closes it. Columns
 * take `widths` when given, else fit the header and `sample` (the rows, or a streamed sheet's first page).
 */
export function sheetHead(sheet: Pick<Sheet, 'headers' | 'widths'>, sample: Cell[][] = []): string {
  const fitted = fitWidths(sheet.headers, sample);
  const widths = sheet.headers.map((_, i) => sheet.widths?.[i] ?? fitted[i]!);
  const cols = widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>${rowXml(sheet.headers, 1)}`;
}
export const SHEET_TAIL = '</sheetData></worksheet>';

function sheetXml(sheet: Sheet): string {
  return sheetHead(sheet, sheet.rows) + sheet.rows.map((row, i) => rowXml(row, i + 2)).join('') + SHEET_TAIL;
}

const safeName = (n: string) => n.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Hoja';

/** The workbook's fixed parts for these sheet names (everything but the sheets' XML). */
export function workbookParts(names: string[]): Record<string, string> {
  const sheets = names.map((name) => ({ name }));
  return {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets.map((s, i) => `<sheet name="${esc(safeName(s.name))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf fontId="1" applyFont="1"/></cellXfs></styleSheet>`,
  };
}

export function buildXlsx(sheets: Sheet[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, xml] of Object.entries(workbookParts(sheets.map((s) => s.name))))
    files[name] = strToU8(xml);
  sheets.forEach((s, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(s))));
  return zipSync(files, { level: 6 });
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function xlsxResponseHeaders(baseName: string, stamp: number): Record<string, string> {
  const day = bogotaWall(stamp).toISOString().slice(0, 10);
  return {
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': `attachment; filename="${baseName}-${day}.xlsx"`,
  };
}
