// A small .xlsx reader on fflate (no DOM, no Node APIs): runs on Workers and Node. Reads the first
// worksheet as rows of strings and numbers: shared strings, inline strings, formula results
// (t="str"), booleans and numbers. Styles, dates-as-formats and merged cells are not interpreted.
import { strFromU8, unzipSync } from 'fflate';

export type ReadCell = string | number | boolean | null;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : ENTITIES[e]!,
  );

/** The text of every <t> inside a fragment (rich text runs joined, phonetic runs skipped). */
const textOf = (xml: string) => {
  let out = '';
  for (const m of xml
    .replace(/<rPh\b[\s\S]*?<\/rPh>/g, '')
    .matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g))
    out += m[1] ?? '';
  return unescapeXml(out);
};

/** Column letters of a reference like "AB12" → zero-based index. */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

export class XlsxError extends Error {}

function firstSheetPath(files: Record<string, Uint8Array>): string {
  const workbook = files['xl/workbook.xml'];
  const rels = files['xl/_rels/workbook.xml.rels'];
  if (workbook && rels) {
    const sheet =
      /<sheet\b[^>]*\br:id="([^"]+)"/.exec(strFromU8(workbook)) ??
      /<sheet\b[^>]*\bid="([^"]+)"/.exec(strFromU8(workbook));
    if (sheet) {
      for (const m of strFromU8(rels).matchAll(/<Relationship\b[^>]*>/g)) {
        if (!m[0].includes(`Id="${sheet[1]}"`)) continue;
        const target = /Target="([^"]+)"/.exec(m[0])?.[1];
        if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      }
    }
  }
  const fallback = Object.keys(files)
    .filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f))
    .sort()[0];
  if (!fallback) throw new XlsxError('El archivo no contiene hojas');
  return fallback;
}

/** Rows of the first sheet; `maxRows` stops early (the caller reports the limit). */
export function readXlsx(bytes: Uint8Array, maxRows = Infinity): ReadCell[][] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) =>
        f.name === 'xl/workbook.xml' ||
        f.name === 'xl/_rels/workbook.xml.rels' ||
        f.name === 'xl/sharedStrings.xml' ||
        f.name.startsWith('xl/worksheets/'),
    });
  } catch {
    throw new XlsxError('El archivo .xlsx está dañado o no es un libro de Excel');
  }
  const shared: string[] = [];
  const sst = files['xl/sharedStrings.xml'];
  if (sst)
    for (const m of strFromU8(sst).matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g))
      shared.push(m[1] ? textOf(m[1]) : '');
  const sheet = files[firstSheetPath(files)];
  if (!sheet) throw new XlsxError('El archivo no contiene hojas');
  const xml = strFromU8(sheet);
  const rows: ReadCell[][] = [];
  for (const rm of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    if (rows.length >= maxRows) break;
    const rAttr = /\br="(\d+)"/.exec(rm[1]!);
    const rowIndex = rAttr ? Number(rAttr[1]) - 1 : rows.length;
    while (rows.length < rowIndex) rows.push([]);
    const row: ReadCell[] = [];
    let next = 0;
    for (const cm of (rm[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cm[1]!;
      const ref = /\br="([A-Z]+)\d*"/.exec(attrs)?.[1];
      const col = ref ? columnIndex(ref) : next;
      next = col + 1;
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? 'n';
      const body = cm[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: ReadCell = null;
      if (type === 's') value = v === undefined ? null : (shared[Number(v)] ?? null);
      else if (type === 'inlineStr') value = textOf(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
      else if (type === 'str' || type === 'e') value = v === undefined ? null : unescapeXml(v);
      else if (type === 'b') value = v === '1';
      else if (v !== undefined && v !== '') value = Number(v);
      while (row.length < col) row.push(null);
      row[col] = value;
    }
    rows.push(row);
  }
  return rows;
}
