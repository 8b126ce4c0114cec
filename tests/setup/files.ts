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

/** A real w×h PNG in diagonal stripes of two colours, so pictures show in screenshots. */
export function stripedPng(w: number, h: number, a: Rgb, b: Rgb, stripe = 20): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
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
