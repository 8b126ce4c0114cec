// The .xlsx writer, streamed (docs/decisions/0021): rows come in pages from an async source, each
// page is written as sheet XML into fflate's streaming Zip, and the zip's output is pulled by the
// response (worker/platform/zip-stream.ts). Only one page of rows and the deflate window are held at
// a time, whatever the size.
import { strToU8, ZipDeflate } from 'fflate';
import { zipStream } from './zip-stream';
import { rowXml, SHEET_TAIL, sheetHead, workbookParts, type Cell, type Sheet } from './xlsx';

/** A sheet whose rows arrive page by page (e.g. database pages of a few thousand rows). */
export type StreamSheet = Omit<Sheet, 'rows'> & { pages: AsyncIterable<Cell[][]> };

export function streamXlsx(sheets: StreamSheet[]): ReadableStream<Uint8Array> {
  return zipStream(async function* (zip) {
    for (const [name, xml] of Object.entries(workbookParts(sheets.map((s) => s.name)))) {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(xml), true);
    }
    for (const [i, sheet] of sheets.entries()) {
      const part = new ZipDeflate(`xl/worksheets/sheet${i + 1}.xml`, { level: 6 });
      zip.add(part);
      // The first page is read before the head is written: it sizes the columns.
      const pages = sheet.pages[Symbol.asyncIterator]();
      try {
        let page = await pages.next();
        part.push(strToU8(sheetHead(sheet, page.done ? [] : page.value)));
        let r = 2;
        for (; !page.done; page = await pages.next()) {
          part.push(strToU8(page.value.map((row) => rowXml(row, r++)).join('')));
          yield;
        }
      } finally {
        await pages.return?.();
      }
      part.push(strToU8(SHEET_TAIL), true);
    }
    zip.end();
  });
}

/** Pages of `size` rows from `load(offset, limit)` until a short page. */
export async function* paged<T>(
  size: number,
  load: (offset: number, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await load(offset, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

/** Rows per database page of a streamed export: one page and the zip's window are all it holds. */
export const EXPORT_PAGE = 2_000;
/** The most rows an export of a non-registry grid writes (users, roles, history, purchases, …). */
export const EXPORT_CAP = 50_000;

type ListPage<T> = { data: T[]; total: number };

/**
 * An export of a grid, streamed (docs/decisions/0021): the list's own page function is asked for
 * pages of EXPORT_PAGE rows, so filters and sorts are the grid's. The first page is read before the
 * response starts and gives the row count for the audit row; the rest are read as the zip is
 * pulled, and never more than `cap` rows in all.
 */
export async function listExport<T, C>(
  load: (page: number, perPage: number) => Promise<ListPage<T>>,
  toCells: (row: T) => C[],
  cap = EXPORT_CAP,
  size = EXPORT_PAGE,
): Promise<{ filas: number; pages: AsyncIterable<C[][]> }> {
  const first = await load(1, size);
  const filas = Math.min(first.total, cap);
  async function* pages() {
    let sent = 0;
    let rows = first.data;
    for (let n = 1; sent < filas; n++) {
      if (n > 1) rows = (await load(n, size)).data;
      const take = rows.slice(0, filas - sent);
      if (take.length) yield take.map(toCells);
      sent += take.length;
      if (rows.length < size) return;
    }
  }
  return { filas, pages: pages() };
}

/** A sheet's rows already in hand (a few, e.g. one member's own records) as a one-page source. */
export async function* onePage<C>(rows: C[][]): AsyncGenerator<C[][]> {
  if (rows.length) yield rows;
}
