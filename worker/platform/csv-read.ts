// RFC 4180 CSV reader: quoted fields with "" escapes and line breaks, a UTF-8 BOM stripped, and the
// separator guessed from the header line (',' or ';' — Excel in Spanish writes ';', or a tab).
// One pass over the text, yielding to the event loop every slice so a 20 MB file does not hold
// other requests (docs/decisions/0090).
import { yieldToLoop } from './yield';

const YIELD_EVERY = 256 * 1024;

export async function readCsv(text: string, maxRows = Infinity): Promise<string[][]> {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((sep) => [sep, firstLine.split(sep).length] as const);
  const sep = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let nextYield = YIELD_EVERY;
  for (let i = 0; i < src.length; i++) {
    if (i >= nextYield) {
      nextYield = i + YIELD_EVERY;
      await yieldToLoop();
    }
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      if (rows.length >= maxRows) return rows;
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
