// Reads the text a PDF made by pdf-lib shows, for tests (pdf-lib writes, it does not read, and the
// repository has no PDF reader): each content stream is inflated when it is FlateDecode, and the
// strings of its Tj operators are decoded from WinAnsi (the encoding of the standard fonts), in
// drawing order. Enough for our own statements; not a general PDF parser.
import { unzlibSync } from 'fflate';

const winAnsi = new TextDecoder('windows-1252');

/** The strings each page draws, page by page (content streams in file order). */
export function pdfStrings(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  const streamRe = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = streamRe.exec(text); m; m = streamRe.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let body = bytes.subarray(start, end);
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        body = unzlibSync(body);
      } catch {
        continue; // not a content stream we can read (e.g. trailing newline differences)
      }
    }
    const content = Buffer.from(body).toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (t[1] !== undefined) out.push(winAnsi.decode(Buffer.from(t[1], 'hex')));
      else out.push(t[2]!.replace(/\\(.)/g, '$1'));
    }
    streamRe.lastIndex = end;
  }
  return out;
}

/** How many pages the document has (its /Type /Page objects). */
export const pdfPageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\b(?!s)/g) ?? []
  ).length;
