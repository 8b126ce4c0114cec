// Encryption at rest as a blob-port decorator (docs/decisions/0370-encryption-at-rest.md): the
// same on R2 and on the local folder, and nothing above the port changes. Each file gets its own
// AES-256-GCM data key; the key is wrapped with the key ring's current key (FILES_KEY) and kept,
// with the key id and the file's metadata (encrypted too), in a small envelope object beside the
// file (`sobres/{key}`), so a rotation re-wraps envelopes and never rewrites a file. Files are
// encrypted in chunks of 1 MiB as they stream, so a 48 MB upload is never held whole.
import { b64decode, b64encode } from './bytes';
import type { FileKey, FileKeyRing } from './file-keys';
import type { BlobMeta, BlobStore, StoredBlob } from './ports';
import {
  CHUNK_BYTES,
  decrypting,
  encrypting,
  gcm,
  MAGIC,
  metaNonce,
  ofLength,
  peek,
  rejoin,
  SealedFileError,
  sealedSize,
  startsSealed,
  unreadable,
  utf8,
} from './sealed-chunks';

/** Where the envelopes live, one per encrypted file, under the file's own key. */
export const ENVELOPE_PREFIX = 'sobres/';
/**
 * Prefixes left in plaintext: what anyone may see (catalogue images, the terms and conditions
 * PDF). Everything else is encrypted, a new kind of upload included, unless it is named here.
 */
export const PLAIN_PREFIXES: readonly string[] = ['imagenes/', 'archivos/'];

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

const wrapAad = (kid: string, key: string) => utf8(`sobre\n${kid}\n${key}`);
const metaAad = (key: string) => utf8(`meta\n${key}`);
const importDek = (raw: Uint8Array<ArrayBuffer>) =>
  crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);

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

const jsonBody = (value: unknown) => {
  const bytes = utf8(JSON.stringify(value));
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
    const plainMeta = utf8(
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
