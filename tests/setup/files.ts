import { deflateSync } from 'node:zlib';
// Small real files for upload tests.
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b40000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const png = (name = 'foto.png') => new File([PNG], name, { type: 'image/png' });
export const pdf = (name = 'documento.pdf') => new File([PDF], name, { type: 'application/pdf' });

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function pngHeader(w: number, h: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return header;
}

/**
 * A PNG whose header says w×h over a few bytes of pixel data, as the attacker's 30,000 × 30,000
 * receipt did (a decoder would have to inflate it all): what the upload's size check reads.
 */
export function pngClaiming(w: number, h: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', pngHeader(w, h)),
      chunk('IDAT', deflateSync(Buffer.alloc(64))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/**
 * The head of a baseline JPEG: a JFIF APP0 segment, a comment and a frame header (SOF0) saying
 * w×h; no scan. What the upload's size check reads (the server never decodes the picture).
 */
export function jpegClaiming(w: number, h: number): Uint8Array<ArrayBuffer> {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  sof.writeUInt16BE(h, 5);
  sof.writeUInt16BE(w, 7);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      Buffer.from([0xff, 0xfe, 0x00, 0x06]),
      Buffer.from('foto', 'ascii'),
      sof,
      Buffer.from([0xff, 0xd9]),
    ]),
  );
}

/** A real w×h PNG in diagonal stripes of two colours, so pictures show in screenshots. */
export function stripedPng(w: number, h: number, a: Rgb, b: Rgb, stripe = 20): Buffer {
  const header = pngHeader(w, h);
  const rows = Array.from({ length: h }, (_, y) =>
    Buffer.from([
      0,
      ...Array.from({ length: w }, (_, x) => ((x + y) % (2 * stripe) < stripe ? a : b)).flat(),
    ]),
  );
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
