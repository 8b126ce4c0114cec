// Encryption at rest as a blob-port decorator (docs/decisions/0370-encryption-at-rest.md): the
// same on R2 and on the local folder, and nothing above the port changes. Each file gets its own
// AES-256-GCM data key; the key is wrapped with the key ring's current key (FILES_KEY) and kept,
// with the key id and the file's metadata (encrypted too), in a small envelope object beside the
// file (`sobres/{key}`), so a rotation re-wraps envelopes and never rewrites a file. Files are
// encrypted in chunks of 1 MiB as they stream, so a 48 MB upload is never held whole.
import { b64decode, b64encode } from './bytes';
import { ByteQueue } from './byte-queue';
import { HttpError } from './errors';
import type { FileKey, FileKeyRing } from './file-keys';
import type { BlobMeta, BlobStore, StoredBlob } from './ports';

/** Where the envelopes live, one per encrypted file, under the file's own key. */
export const ENVELOPE_PREFIX = 'sobres/';
/**
 * Prefixes left in plaintext: what anyone may see (catalogue images, the terms and conditions
 * PDF). Everything else is encrypted, a new kind of upload included, unless it is named here.
 */
export const PLAIN_PREFIXES: readonly string[] = ['imagenes/', 'archivos/'];
export const CHUNK_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
/** The first bytes of every encrypted file: a NUL (no accepted upload starts with one), "360enc", version 1. */
const MAGIC = Uint8Array.of(0x00, 0x33, 0x36, 0x30, 0x65, 0x6e, 0x63, 0x01);

export const isEncryptedKey = (key: string) =>
  !key.startsWith(ENVELOPE_PREFIX) && !PLAIN_PREFIXES.some((p) => key.startsWith(p));
export const envelopeKey = (key: string) => `${ENVELOPE_PREFIX}${key}`;

type Envelope = {
  v: 1;
  /** The id of the key that wrapped `dek` (worker/platform/file-keys.ts). */
  kid: string;
  /** The wrapping's nonce and the wrapped data key. */
  iv: string;
  dek: string;
  /** 7 random bytes; chunk i's nonce is these, i (4 bytes) and a last-chunk flag. */
  nonce: string;
  chunk: number;
  /** The file's metadata (type, name, size) encrypted with the data key. */
  meta: string;
  /** Written before a plaintext file is replaced by its encryption, removed after (a crash in between is resumed). */
  pending?: true;
};

/** What bringing one stored file to the current key did (the rotation job counts these). */
export type Upgrade = 'current' | 'rewrapped' | 'sealed' | 'missing' | 'unreadable';

export interface SealedBlobStore extends BlobStore {
  readonly sealing: {
    inner: BlobStore;
    ring: FileKeyRing;
    /** Encrypts a plaintext file, re-wraps an envelope of an older key, or leaves the file be. */
    upgrade(key: string): Promise<Upgrade>;
  };
}

export const isSealed = (blobs: BlobStore): blobs is SealedBlobStore => 'sealing' in blobs;

const enc = new TextEncoder();
/** UTF-8 bytes on a plain ArrayBuffer (what Web Crypto's types ask for). */
const utf8 = (text: string) => new Uint8Array(enc.encode(text));
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

function chunkNonce(prefix: Uint8Array, index: number, last: boolean): Uint8Array<ArrayBuffer> {
  const n = new Uint8Array(12);
  n.set(prefix);
  new DataView(n.buffer).setUint32(7, index);
  n[11] = last ? 1 : 0;
  return n;
}
/** The metadata's nonce: flag 2, which no chunk uses, so no nonce repeats under a data key. */
const metaNonce = (prefix: Uint8Array) => {
  const n = chunkNonce(prefix, 0xffffffff, false);
  n[11] = 2;
  return n;
};

const gcm = (iv: Uint8Array<ArrayBuffer>, aad: Uint8Array<ArrayBuffer>) => ({
  name: 'AES-GCM',
  iv,
  additionalData: aad,
});
const wrapAad = (kid: string, key: string) => utf8(`sobre\n${kid}\n${key}`);
const metaAad = (key: string) => utf8(`meta\n${key}`);
const chunkAad = (key: string) => concat(MAGIC, utf8(key));
const importDek = (raw: Uint8Array<ArrayBuffer>) =>
  crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);

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
function unreadable(key: string, reason: string): SealedFileError {
  // The key is random and carries at most a user id (docs/decisions/0255); no personal data.
  console.error(`Archivo cifrado ilegible: ${key}: ${reason}`);
  return new SealedFileError(key, reason);
}

async function wrap(raw: Uint8Array<ArrayBuffer>, key: string, with_: FileKey) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const wrapped = await crypto.subtle.encrypt(gcm(iv, wrapAad(with_.kid, key)), with_.kek, raw);
  return { kid: with_.kid, iv: b64encode(iv), dek: b64encode(new Uint8Array(wrapped)) };
}

function parseEnvelope(text: string, key: string): Envelope {
  try {
    const e = JSON.parse(text) as Envelope;
    if (e.v === 1 && typeof e.kid === 'string' && typeof e.dek === 'string' && e.chunk > 0) return e;
  } catch {
    // fall through
  }
  throw unreadable(key, 'el sobre está dañado');
}

/** The first `n` bytes of a stream (fewer when it is shorter), and the reader left after them. */
async function peek(body: ReadableStream<Uint8Array>, n: number) {
  const reader = body.getReader();
  const queue = new ByteQueue();
  await queue.fill(reader, n);
  const head = queue.take(Math.min(n, queue.length));
  return { reader, head, queue };
}

const startsSealed = (head: Uint8Array) =>
  head.length === MAGIC.length && MAGIC.every((b, i) => head[i] === b);

/** The bytes already taken from a reader followed by the rest of it, as one stream. */
function rejoin(
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
function encrypting(
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
function decrypting(
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
function ofLength(body: ReadableStream<Uint8Array>, size: number): ReadableStream<Uint8Array> {
  const Fixed = (globalThis as unknown as { FixedLengthStream?: FixedLengthStreamCtor }).FixedLengthStream;
  return Fixed ? body.pipeThrough(new Fixed(size)) : body;
}

const jsonBody = (value: unknown) => {
  const bytes = enc.encode(JSON.stringify(value));
  return { body: new Blob([bytes]).stream() as ReadableStream<Uint8Array>, size: bytes.length };
};

export function sealedBlobs(inner: BlobStore, ring: FileKeyRing): SealedBlobStore {
  async function readEnvelope(key: string): Promise<Envelope | null> {
    const found = await inner.get(envelopeKey(key));
    return found ? parseEnvelope(await new Response(found.body).text(), key) : null;
  }

  async function writeEnvelope(key: string, envelope: Envelope) {
    const { body, size } = jsonBody(envelope);
    await inner.put(envelopeKey(key), body, { contentType: 'application/json', size });
  }

  /** The data key's bytes, unwrapped with the ring's key of the envelope's id. */
  async function unwrap(envelope: Envelope, key: string): Promise<Uint8Array<ArrayBuffer>> {
    const kek = await ring.byKid(envelope.kid);
    if (!kek)
      throw unreadable(key, `la clave ${envelope.kid} no está en FILES_KEY ni en FILES_KEYS_PREVIOUS`);
    try {
      const raw = await crypto.subtle.decrypt(
        gcm(b64decode(envelope.iv), wrapAad(envelope.kid, key)),
        kek.kek,
        b64decode(envelope.dek),
      );
      return new Uint8Array(raw);
    } catch {
      throw unreadable(key, `la clave ${envelope.kid} no abre el sobre`);
    }
  }

  async function open(envelope: Envelope, key: string) {
    const dek = await importDek(await unwrap(envelope, key));
    const prefix = b64decode(envelope.nonce);
    let meta: BlobMeta;
    try {
      meta = JSON.parse(
        new TextDecoder().decode(
          await crypto.subtle.decrypt(gcm(metaNonce(prefix), metaAad(key)), dek, b64decode(envelope.meta)),
        ),
      ) as BlobMeta;
    } catch {
      throw unreadable(key, 'los datos del archivo no se autentican');
    }
    return { dek, prefix, meta };
  }

  /** A new data key and its envelope (wrapped with the current key) for a file with `meta`. */
  async function seal(key: string, meta: BlobMeta) {
    const raw = crypto.getRandomValues(new Uint8Array(32));
    const prefix = crypto.getRandomValues(new Uint8Array(7));
    const dek = await importDek(raw);
    const plainMeta = enc.encode(
      JSON.stringify({ contentType: meta.contentType, fileName: meta.fileName, size: meta.size }),
    );
    const sealedMeta = await crypto.subtle.encrypt(gcm(metaNonce(prefix), metaAad(key)), dek, plainMeta);
    const envelope: Envelope = {
      v: 1,
      ...(await wrap(raw, key, await ring.current())),
      nonce: b64encode(prefix),
      chunk: CHUNK_BYTES,
      meta: b64encode(new Uint8Array(sealedMeta)),
    };
    return { envelope, dek, prefix };
  }

  const putSealed = (
    key: string,
    body: ReadableStream<Uint8Array>,
    meta: BlobMeta,
    s: Awaited<ReturnType<typeof seal>>,
  ) =>
    inner.put(key, encrypting(body, meta.size, s.dek, s.prefix, s.envelope.chunk, key), {
      contentType: 'application/octet-stream',
      size: sealedSize(meta.size, s.envelope.chunk),
    });

  async function rewrap(envelope: Envelope, key: string): Promise<Envelope> {
    const raw = await unwrap(envelope, key);
    const { pending: _, ...rest } = envelope;
    return { ...rest, ...(await wrap(raw, key, await ring.current())) };
  }

  async function upgrade(key: string): Promise<Upgrade> {
    if (!isEncryptedKey(key)) return 'current';
    try {
      const envelope = await readEnvelope(key);
      if (envelope && !envelope.pending) {
        if (envelope.kid === (await ring.current()).kid) return 'current';
        await writeEnvelope(key, await rewrap(envelope, key));
        return 'rewrapped';
      }
      const data = await inner.get(key);
      if (!data) {
        if (envelope) await inner.delete(envelopeKey(key));
        return 'missing';
      }
      const { reader, head, queue } = await peek(data.body, MAGIC.length);
      if (startsSealed(head)) {
        await reader.cancel();
        // Encrypted under a pending envelope: the crash came after the file was written.
        if (!envelope) throw unreadable(key, 'el archivo está cifrado y no tiene sobre');
        await writeEnvelope(key, await rewrap(envelope, key));
        return 'rewrapped';
      }
      // A file stored before encryption (or whose encryption was interrupted): encrypt it now.
      const meta = { contentType: data.contentType, fileName: data.fileName, size: data.size };
      const s = await seal(key, meta);
      await writeEnvelope(key, { ...s.envelope, pending: true });
      await putSealed(key, rejoin([head, queue.take(queue.length)], reader), meta, s);
      await writeEnvelope(key, s.envelope);
      return 'sealed';
    } catch (err) {
      if (err instanceof SealedFileError) return 'unreadable';
      throw err;
    }
  }

  return {
    sealing: { inner, ring, upgrade },
    async put(key, body, meta) {
      if (!isEncryptedKey(key)) return inner.put(key, body, meta);
      const s = await seal(key, meta);
      // The envelope first: an encrypted file never exists without the key that opens it.
      await writeEnvelope(key, s.envelope);
      try {
        await putSealed(key, body, meta, s);
      } catch (err) {
        await inner.delete(envelopeKey(key)).catch(() => undefined);
        throw err;
      }
    },
    async get(key): Promise<StoredBlob | null> {
      if (!isEncryptedKey(key)) return inner.get(key);
      const [data, envelope] = await Promise.all([inner.get(key), readEnvelope(key)]);
      if (!data) return null;
      const { reader, head, queue } = await peek(data.body, MAGIC.length);
      // Stored before encryption: served as it is until the rotation job encrypts it.
      if (!startsSealed(head))
        return {
          contentType: data.contentType,
          fileName: data.fileName,
          size: data.size,
          body: ofLength(rejoin([head, queue.take(queue.length)], reader), data.size),
        };
      try {
        if (!envelope) throw unreadable(key, 'el archivo está cifrado y no tiene sobre');
        const { dek, prefix, meta } = await open(envelope, key);
        return {
          contentType: meta.contentType,
          ...(meta.fileName !== undefined ? { fileName: meta.fileName } : {}),
          size: meta.size,
          body: ofLength(decrypting(reader, queue, meta.size, dek, prefix, envelope.chunk, key), meta.size),
        };
      } catch (err) {
        await reader.cancel().catch(() => undefined);
        throw err;
      }
    },
    async delete(key) {
      if (!isEncryptedKey(key)) return inner.delete(key);
      // The envelope first: without its data key the file is unreadable, even in a backup.
      await inner.delete(envelopeKey(key));
      await inner.delete(key);
    },
    async list(prefix, opts) {
      const page = await inner.list(prefix, opts);
      return { keys: page.keys.filter((k) => !k.startsWith(ENVELOPE_PREFIX)), next: page.next };
    },
  };
}
