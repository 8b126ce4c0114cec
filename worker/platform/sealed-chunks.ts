// The stored form of an encrypted file (docs/decisions/0370-encryption-at-rest.md): an 8-byte
// magic, then the file in chunks of 1 MiB, each sealed with AES-256-GCM under the file's data key,
// its nonce the file's 7-byte prefix, the chunk's index and a last-chunk flag, its additional data
// the magic and the blob key. Both directions are pull streams: memory per file is about two chunks.
import { ByteQueue } from './byte-queue';
import { HttpError } from './errors';
export const CHUNK_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
/** The first bytes of every encrypted file: a NUL (no accepted upload starts with one), "360enc", version 1. */
export const MAGIC = Uint8Array.of(0x00, 0x33, 0x36, 0x30, 0x65, 0x6e, 0x63, 0x01);

const enc = new TextEncoder();
/** UTF-8 bytes on a plain ArrayBuffer (what Web Crypto's types ask for). */
export const utf8 = (text: string) => new Uint8Array(enc.encode(text));
const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

const chunkCount = (size: number, chunk: number) => Math.max(1, Math.ceil(size / chunk));
/** The stored length of a file of `size` bytes. */
export const sealedSize = (size: number, chunk = CHUNK_BYTES) =>
  MAGIC.length + size + TAG_BYTES * chunkCount(size, chunk);

export function chunkNonce(prefix: Uint8Array, index: number, last: boolean): Uint8Array<ArrayBuffer> {
  const n = new Uint8Array(12);
  n.set(prefix);
  new DataView(n.buffer).setUint32(7, index);
  n[11] = last ? 1 : 0;
  return n;
}
/** The metadata's nonce: flag 2, which no chunk uses, so no nonce repeats under a data key. */
export const metaNonce = (prefix: Uint8Array) => {
  const n = chunkNonce(prefix, 0xffffffff, false);
  n[11] = 2;
  return n;
};

export const gcm = (iv: Uint8Array<ArrayBuffer>, aad: Uint8Array<ArrayBuffer>) => ({
  name: 'AES-GCM',
  iv,
  additionalData: aad,
});
const chunkAad = (key: string) => concat(MAGIC, utf8(key));

/** A stored file that cannot be decrypted: a server fault, logged with the key, answered as 500. */
export class SealedFileError extends HttpError {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(500, 'No fue posible leer el archivo cifrado. Avise al administrador.');
    this.name = 'SealedFileError';
  }
}
export function unreadable(key: string, reason: string): SealedFileError {
  // The key is random and carries at most a user id (docs/decisions/0255); no personal data.
  console.error(`Archivo cifrado ilegible: ${key}: ${reason}`);
  return new SealedFileError(key, reason);
}

/** The first `n` bytes of a stream (fewer when it is shorter), and the reader left after them. */
export async function peek(body: ReadableStream<Uint8Array>, n: number) {
  const reader = body.getReader();
  const queue = new ByteQueue();
  await queue.fill(reader, n);
  const head = queue.take(Math.min(n, queue.length));
  return { reader, head, queue };
}

export const startsSealed = (head: Uint8Array) =>
  head.length === MAGIC.length && MAGIC.every((b, i) => head[i] === b);

/** The bytes already taken from a reader followed by the rest of it, as one stream. */
export function rejoin(
  parts: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  const first = parts.filter((p) => p.length);
  return new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      const next = first.shift();
      if (next) return ctrl.enqueue(next);
      const { done, value } = await reader.read();
      if (done) ctrl.close();
      else ctrl.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The encryption of a plaintext stream of exactly `size` bytes, chunk by chunk as it is pulled. */
export function encrypting(
  body: ReadableStream<Uint8Array>,
  size: number,
  dek: CryptoKey,
  prefix: Uint8Array,
  chunk: number,
  key: string,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const queue = new ByteQueue();
  const count = chunkCount(size, chunk);
  const aad = chunkAad(key);
  let index = -1;
  return new ReadableStream<Uint8Array>(
    {
      async pull(ctrl) {
        if (index < 0) {
          index = 0;
          return ctrl.enqueue(MAGIC.slice());
        }
        const last = index === count - 1;
        const want = last ? size - chunk * (count - 1) : chunk;
        if (!(await queue.fill(reader, want)))
          throw new Error(`El archivo ${key} tiene menos bytes de los declarados (${size})`);
        const plain = queue.take(want);
        const sealed = await crypto.subtle.encrypt(gcm(chunkNonce(prefix, index, last), aad), dek, plain);
        ctrl.enqueue(new Uint8Array(sealed));
        index += 1;
        if (last) {
          if (!(await queue.drained(reader)))
            throw new Error(`El archivo ${key} tiene más bytes de los declarados (${size})`);
          ctrl.close();
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // One chunk ahead: the next chunk is read and (de)crypted while the last one is written out.
    { highWaterMark: 1 },
  );
}

/** The plaintext of an encrypted file, its magic already read, chunk by chunk as it is pulled. */
export function decrypting(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  queue: ByteQueue,
  size: number,
  dek: CryptoKey,
  prefix: Uint8Array,
  chunk: number,
  key: string,
): ReadableStream<Uint8Array> {
  const count = chunkCount(size, chunk);
  const aad = chunkAad(key);
  let index = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(ctrl) {
        const last = index === count - 1;
        const want = (last ? size - chunk * (count - 1) : chunk) + TAG_BYTES;
        if (!(await queue.fill(reader, want))) throw unreadable(key, 'el archivo está truncado');
        let plain: ArrayBuffer;
        try {
          plain = await crypto.subtle.decrypt(
            gcm(chunkNonce(prefix, index, last), aad),
            dek,
            queue.take(want),
          );
        } catch {
          throw unreadable(key, `el bloque ${index} no se autentica`);
        }
        if (plain.byteLength) ctrl.enqueue(new Uint8Array(plain));
        index += 1;
        if (last) {
          if (!(await queue.drained(reader))) throw unreadable(key, 'el archivo tiene bytes de más');
          ctrl.close();
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // One chunk ahead: the next chunk is read and (de)crypted while the last one is written out.
    { highWaterMark: 1 },
  );
}

type FixedLengthStreamCtor = new (length: number) => TransformStream<Uint8Array, Uint8Array>;
/**
 * A stream of a declared length where the runtime has one (workerd's FixedLengthStream), so a
 * response streaming it keeps its Content-Length as a stored body's does; elsewhere as it is (Node
 * sends the Content-Length header the route sets).
 */
export function ofLength(body: ReadableStream<Uint8Array>, size: number): ReadableStream<Uint8Array> {
  const Fixed = (globalThis as unknown as { FixedLengthStream?: FixedLengthStreamCtor }).FixedLengthStream;
  return Fixed ? body.pipeThrough(new Fixed(size)) : body;
}
