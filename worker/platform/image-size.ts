// The pixel size a raster image's header declares, read without decoding it (decision 0346): an
// upload declaring more than MAX_IMAGE_SIDE a side or MAX_IMAGE_PIXELS in all is refused, since a
// viewer decoding it allocates width × height × 4 bytes (30,000² is 3.6 GB) from a file of a few KB.
// Layouts: PNG's IHDR (the first chunk, ISO/IEC 15948 §11.2.2); JPEG's frame header SOFn after any
// number of marker segments (ITU-T T.81 §B.2); WebP's VP8, VP8L and VP8X chunks (RFC 9649).

export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageSize = { width: number; height: number };

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const tag = (b: Uint8Array, i: number) => String.fromCharCode(...b.subarray(i, i + 4));

function pngSize(head: Uint8Array): ImageSize | null {
  if (head.length < 24 || tag(head, 12) !== 'IHDR') return null;
  return { width: u32be(head, 16), height: u32be(head, 20) };
}

function webpSize(head: Uint8Array): ImageSize | null {
  if (head.length < 30) return null;
  const chunk = tag(head, 12);
  if (chunk === 'VP8 ' && head[23] === 0x9d && head[24] === 0x01 && head[25] === 0x2a)
    return { width: u16le(head, 26) & 0x3fff, height: u16le(head, 28) & 0x3fff };
  if (chunk === 'VP8L' && head[20] === 0x2f) {
    const bits = head[21]! | (head[22]! << 8) | (head[23]! << 16) | (head[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(head, 24) + 1, height: u24le(head, 27) + 1 };
  return null;
}

/** Walks the marker segments to the first frame header; segments past `head` are read from the file. */
async function jpegSize(file: Blob, head: Uint8Array): Promise<ImageSize | null> {
  const read = async (pos: number, n: number) =>
    pos + n <= head.length
      ? head.subarray(pos, pos + n)
      : new Uint8Array(await file.slice(pos, pos + n).arrayBuffer());
  let pos = 2;
  for (let segments = 0; segments < 2_000 && pos + 4 <= file.size; segments++) {
    const m = await read(pos, 9);
    if (m[0] !== 0xff) return null;
    const marker = m[1]!;
    if (marker === 0xff) {
      pos += 1; // a fill byte before the marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the end, or a scan, before any frame
    const length = u16be(m, 2);
    if (length < 2) return null;
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) return m.length < 9 ? null : { height: u16be(m, 5), width: u16be(m, 7) };
    pos += 2 + length;
  }
  return null;
}

/** The declared size of a PNG, JPEG or WebP; null when its header cannot be read. */
export async function imageSize(file: Blob, kind: 'png' | 'jpg' | 'webp', head: Uint8Array) {
  const size = kind === 'png' ? pngSize(head) : kind === 'webp' ? webpSize(head) : await jpegSize(file, head);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** Whether a declared size is within the limits. */
export const sizeAllowed = (s: ImageSize) =>
  s.width <= MAX_IMAGE_SIDE && s.height <= MAX_IMAGE_SIDE && s.width * s.height <= MAX_IMAGE_PIXELS;
