// The .xlsx writer, streamed (docs/decisions/0021): rows come in pages from an async source, each
// page is written as sheet XML into fflate's streaming Zip, and the zip's output is pulled by the
// response. Only one page of rows and the deflate window are held at a time, whatever the size.
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { rowXml, SHEET_TAIL, sheetHead, workbookParts, type Cell, type Sheet } from './xlsx';

/** A sheet whose rows arrive page by page (e.g. database pages of a few thousand rows). */
export type StreamSheet = Omit<Sheet, 'rows'> & { pages: AsyncIterable<Cell[][]> };

export function streamXlsx(sheets: StreamSheet[]): ReadableStream<Uint8Array> {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  let produced = 0;
  let finished = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) return ctrl.error(err);
    if (chunk.length) {
      ctrl.enqueue(chunk);
      produced++;
    }
    if (final) {
      finished = true;
      ctrl.close();
    }
  });
  async function* write() {
    for (const [name, xml] of Object.entries(workbookParts(sheets.map((s) => s.name)))) {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(xml), true);
    }
    for (const [i, sheet] of sheets.entries()) {
      const part = new ZipDeflate(`xl/worksheets/sheet${i + 1}.xml`, { level: 6 });
      zip.add(part);
      part.push(strToU8(sheetHead(sheet)));
      let r = 2;
      for await (const page of sheet.pages) {
        part.push(strToU8(page.map((row) => rowXml(row, r++)).join('')));
        yield;
      }
      part.push(strToU8(SHEET_TAIL), true);
    }
    zip.end();
  }
  const steps = write();
  return new ReadableStream<Uint8Array>({
    start(c) {
      ctrl = c;
    },
    // Each pull writes pages until the zip has given out at least one more chunk.
    async pull() {
      const before = produced;
      while (produced === before && !finished) {
        const { done } = await steps.next();
        if (done) break;
      }
    },
    async cancel() {
      await steps.return(undefined);
    },
  });
}

/** Pages of `size` rows from `load(offset, limit)` until a short page. */
export async function* paged<T>(size: number, load: (offset: number, limit: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await load(offset, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
