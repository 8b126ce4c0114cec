// Uploads (SECURITY row 12): the type comes from the bytes, never from the name or the header;
// SVG is refused when it could run script; keys are random; names are kept only as metadata.
import { sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { randomToken } from './bytes';
import { HttpError, invalid, tooLarge, unsupported } from './errors';
import { MAX_UPLOAD_BYTES } from './guards';
import { imageSize, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, sizeAllowed } from './image-size';
import { checkSvg } from './svg/policy';
import { ES_CO, formatDecimal } from '../shared/number-format';
import type { AppEnv, BlobStore, StoredBlob } from './ports';

export type FileKind = 'jpg' | 'png' | 'webp' | 'svg' | 'pdf' | 'xlsx';
export const CONTENT_TYPES: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const IMAGE_KINDS: FileKind[] = ['jpg', 'png', 'svg'];

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

function includesAscii(b: Uint8Array, text: string): boolean {
  const needle = new TextEncoder().encode(text);
  outer: for (let i = 0; i + needle.length <= b.length; i++) {
    for (let j = 0; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export function sniff(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF, four bytes of size, WEBP.
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]))
    return 'webp';
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) && includesAscii(b, 'xl/')) return 'xlsx';
  const head = new TextDecoder()
    .decode(b.subarray(0, 2048))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

export const HOSTILE_SVG = 'La imagen SVG contiene contenido no permitido';
const thousands = (n: number) => formatDecimal(n, ES_CO, { max: 0 });
export const UNREADABLE_IMAGE = 'La imagen está dañada: no se puede leer su tamaño';
/** A raster image over the limits of decision 0346, in Spanish with its size. */
export const imageTooLarge = (w: number, h: number) =>
  `La imagen mide ${thousands(w)} × ${thousands(h)} píxeles: el máximo es ${thousands(MAX_IMAGE_SIDE)} píxeles por lado y ${thousands(MAX_IMAGE_PIXELS / 1_000_000)} megapíxeles`;

/** True unless the SVG parses and passes the allow-list (worker/platform/svg/policy.ts). */
export function isHostileSvg(b: Uint8Array): boolean {
  try {
    checkSvg(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(b).replace(/^\uFEFF/, ''));
    return false;
  } catch {
    return true;
  }
}

/** An accepted file: its body stays in the parsed form (one copy) until it is streamed to the store. */
export type Upload = {
  file: Blob;
  size: number;
  kind: FileKind;
  fileName: string;
  contentType: string;
  key: string;
};

/** Bytes enough to tell the kind (a zip's first entries name the xlsx parts). */
const SNIFF_BYTES = 64 * 1024;

export const sanitiseName = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(-120) || 'archivo';

/** The extensions a served name may end with, by content type (the first one is added when missing). */
const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  'application/pdf': ['pdf'],
  [CONTENT_TYPES.xlsx]: ['xlsx'],
};

/**
 * A name whose extension follows the detected type (docs/decisions/0092): the
 * uploader's last extension is replaced when it names another type ('factura.html' served as a
 * PDF becomes 'factura.pdf'), so a download never lands on disk as something the bytes are not.
 */
export function nameForType(fileName: string, contentType: string): string {
  const exts = EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()];
  if (!exts) return fileName;
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (exts.includes(ext)) return fileName;
  return `${(dot > 0 ? fileName.slice(0, dot) : fileName) || 'archivo'}.${exts[0]}`;
}

/**
 * Checks one uploaded file against the kinds allowed here, reading only its head (an SVG, text
 * that must be read whole to be judged, is the exception), and a raster image's declared size. The 48 MB cap is enforced while the
 * body is read (sizeGuard), before this.
 */
export async function acceptFile(file: File, allowed: FileKind[], prefix: string): Promise<Upload> {
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const kind = sniff(head);
  if (!kind || !allowed.includes(kind))
    throw unsupported(`Tipo de archivo no permitido. Se aceptan: ${allowed.join(', ')}`);
  if (
    kind === 'svg' &&
    isHostileSvg(file.size <= SNIFF_BYTES ? head : new Uint8Array(await file.arrayBuffer()))
  )
    throw invalid({ archivo: [HOSTILE_SVG] });
  // A raster image's declared size, before it is stored and served inline (decision 0346).
  if (kind === 'png' || kind === 'jpg' || kind === 'webp') {
    const size = await imageSize(file, kind, head);
    if (!size) throw invalid({ archivo: [UNREADABLE_IMAGE] });
    if (!sizeAllowed(size)) throw invalid({ archivo: [imageTooLarge(size.width, size.height)] });
  }
  return {
    file,
    size: file.size,
    kind,
    fileName: nameForType(sanitiseName(file.name), CONTENT_TYPES[kind]),
    contentType: CONTENT_TYPES[kind],
    key: `${prefix}/${randomToken(18)}.${kind}`,
  };
}

/** Streams an accepted file to the blob store. */
export const storeUpload = (blobs: BlobStore, u: Upload) =>
  blobs.put(u.key, u.file.stream() as ReadableStream<Uint8Array>, {
    contentType: u.contentType,
    fileName: u.fileName,
    size: u.size,
  });

/** The files of a multipart body under `field` (`files` or `file`). */
export async function filesOf(c: Context, field = 'files'): Promise<File[]> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'Solicitud invalida');
  }
  const raw = body[field] ?? body[`${field}[]`];
  const list = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((x): x is File => x instanceof File);
  if (!list.length) throw invalid({ [field]: ['Este campo es requerido'] });
  return list;
}

/** Headers for serving a stored file: never sniffed, sandboxed, downloaded unless an image. */
export function fileHeaders(
  contentType: string,
  fileName: string,
  inlineImage: boolean,
): Record<string, string> {
  // Names stored before decision 0092 may still carry the uploader's extension.
  fileName = nameForType(fileName, contentType);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return {
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'Content-Disposition': `${inlineImage ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'private, max-age=300',
  };
}

/** A stored file as the response: its body streamed, with fileHeaders and its length. */
export const serveStored = (
  c: Context,
  blob: StoredBlob,
  contentType: string,
  fileName: string,
  inlineImage: boolean,
) =>
  c.body(blob.body, 200, {
    ...fileHeaders(contentType, fileName, inlineImage),
    'Content-Length': String(blob.size),
  });

export const imagesLimitMessage = (n: number) => `Recuerde que solo puede agregar ${n} imagenes`;

/**
 * Stores the images of a multipart body (`files`) under an owner that may hold `max`, `stored`
 * counting what it holds: that count, read first, refuses most; `insert` writes the rows with an
 * INSERT that reads `stored` again (decision 0091), and when it adds none (parallel uploads passed
 * the first count) the stored files are deleted and the same message answers. Returns the ids.
 */
export async function storeImagesWithin(
  c: Context<AppEnv>,
  limit: { max: number; stored: SQL; prefix: string },
  insert: (uploads: Upload[]) => Promise<{ id: number }[]>,
): Promise<number[]> {
  const { db, blobs } = c.var;
  const files = await filesOf(c);
  const over = () => invalid({ files: [imagesLimitMessage(limit.max)] });
  const [held] = await db.all<{ n: number }>(sql`select ${limit.stored} as n`);
  if (Number(held!.n) + files.length > limit.max) throw over();
  const uploads = await Promise.all(files.map((f) => acceptFile(f, IMAGE_KINDS, limit.prefix)));
  for (const u of uploads) await storeUpload(blobs, u);
  const ids = (await insert(uploads)).map((r) => Number(r.id));
  if (!ids.length) {
    await Promise.all(uploads.map((u) => blobs.delete(u.key)));
    throw over();
  }
  return ids;
}
