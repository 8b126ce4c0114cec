// Encryption at rest (worker/platform/sealed-blobs.ts, docs/decisions/0370): on the memory and the
// folder store, what lies in the store is never the file, every file reads back identical through
// the port, a file stored before encryption still reads and is encrypted by `upgrade`, a rotation
// re-wraps without touching the file, and a wrong or missing key fails clearly. The HTTP round trip
// on both runtimes, R2 included, is tests/api/files-encryption.test.ts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fsBlobs } from '../../worker/platform/adapters/fs-blobs';
import { memoryBlobs } from '../../worker/platform/adapters/memory-blobs';
import { fileKeyRing } from '../../worker/platform/file-keys';
import type { BlobStore } from '../../worker/platform/ports';
import { envelopeKey, isEncryptedKey, sealedBlobs } from '../../worker/platform/sealed-blobs';
import { CHUNK_BYTES, SealedFileError, sealedSize } from '../../worker/platform/sealed-chunks';

const K1 = 'first-files-key-first-files-key-first-files-key';
const K2 = 'second-files-key-second-files-key-second-files-key';
const K3 = 'third-files-key-third-files-key-third-files-key';

/** A stream of `bytes` in pieces of odd sizes, as a multipart body arrives. */
function streamOf(bytes: Uint8Array, piece = 7_777): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(ctrl) {
      if (at >= bytes.length) return ctrl.close();
      ctrl.enqueue(bytes.slice(at, at + piece));
      at += piece;
    },
  });
}
const bytesOf = async (body: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(body).arrayBuffer());
async function raw(store: BlobStore, key: string) {
  const found = await store.get(key);
  return found ? { ...found, bytes: await bytesOf(found.body) } : null;
}
const contains = (hay: Uint8Array, needle: Uint8Array) => Buffer.from(hay).includes(Buffer.from(needle));

const dir = mkdtempSync(join(tmpdir(), 'sealed-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const stores: [string, () => BlobStore][] = [
  ['memory', () => memoryBlobs()],
  ['folder', () => fsBlobs(join(dir, String(Math.random()).slice(2)))],
];

describe.each(stores)('on the %s store', (_name, makeStore) => {
  const sizes = [0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 5, 1_000_003];

  it('stores no byte of the file, and reads every size back identical with its metadata', async () => {
    const inner = makeStore();
    const blobs = sealedBlobs(inner, fileKeyRing(K1));
    for (const size of sizes) {
      const file = randomBytes(size);
      const key = `identidad/7/doc-${size}.pdf`;
      await blobs.put(key, streamOf(file), { contentType: 'application/pdf', fileName: 'cédula.pdf', size });
      const stored = (await raw(inner, key))!;
      expect(stored.bytes.length).toBe(sealedSize(size));
      expect(stored.contentType).toBe('application/octet-stream');
      expect(stored.fileName).toBeUndefined();
      if (size >= 32) expect(contains(stored.bytes, file.subarray(0, 32))).toBe(false);
      if (size >= 64) expect(contains(stored.bytes, file.subarray(size - 32))).toBe(false);
      const envelope = new TextDecoder().decode((await raw(inner, envelopeKey(key)))!.bytes);
      expect(envelope).not.toContain('cédula');
      const back = (await blobs.get(key))!;
      expect({ contentType: back.contentType, fileName: back.fileName, size: back.size }).toEqual({
        contentType: 'application/pdf',
        fileName: 'cédula.pdf',
        size,
      });
      expect(Buffer.from(await bytesOf(back.body)).equals(file)).toBe(true);
    }
  });

  it('encrypts private files and leaves the public catalogue and terms in plaintext', async () => {
    for (const key of [
      'identidad/1/a.jpg',
      'galeria/1/a.png',
      'usuarios/a.png',
      'compras/9/a.pdf',
      'nuevo/a.pdf',
    ])
      expect(isEncryptedKey(key)).toBe(true);
    for (const key of ['imagenes/productos/a.png', 'archivos/terminosycondiciones/a.pdf'])
      expect(isEncryptedKey(key)).toBe(false);
    const inner = makeStore();
    const blobs = sealedBlobs(inner, fileKeyRing(K1));
    const file = randomBytes(500);
    await blobs.put('imagenes/productos/p.png', streamOf(file), { contentType: 'image/png', size: 500 });
    expect(Buffer.from((await raw(inner, 'imagenes/productos/p.png'))!.bytes).equals(file)).toBe(true);
    expect(await inner.get(envelopeKey('imagenes/productos/p.png'))).toBeNull();
  });

  it('reads a file stored before encryption as it is, and upgrade encrypts it in place', async () => {
    const inner = makeStore();
    const blobs = sealedBlobs(inner, fileKeyRing(K1));
    const file = randomBytes(200_000);
    await inner.put('galeria/3/viejo.jpg', streamOf(file), {
      contentType: 'image/jpeg',
      fileName: 'v.jpg',
      size: file.length,
    });
    const legacy = (await blobs.get('galeria/3/viejo.jpg'))!;
    expect(legacy.contentType).toBe('image/jpeg');
    expect(Buffer.from(await bytesOf(legacy.body)).equals(file)).toBe(true);
    expect(await blobs.sealing.upgrade('galeria/3/viejo.jpg')).toBe('sealed');
    expect(contains((await raw(inner, 'galeria/3/viejo.jpg'))!.bytes, file.subarray(0, 64))).toBe(false);
    const back = (await blobs.get('galeria/3/viejo.jpg'))!;
    expect([back.contentType, back.fileName, back.size]).toEqual(['image/jpeg', 'v.jpg', file.length]);
    expect(Buffer.from(await bytesOf(back.body)).equals(file)).toBe(true);
    expect(await blobs.sealing.upgrade('galeria/3/viejo.jpg')).toBe('current');
  });

  it('rotation re-wraps the envelope only: the stored file is the same bytes and reads back identical', async () => {
    const inner = makeStore();
    const file = randomBytes(300_000);
    await sealedBlobs(inner, fileKeyRing(K1)).put('identidad/4/f.png', streamOf(file), {
      contentType: 'image/png',
      size: file.length,
    });
    const before = (await raw(inner, 'identidad/4/f.png'))!.bytes;
    const rotated = sealedBlobs(inner, fileKeyRing(K2, [K1]));
    expect(Buffer.from(await bytesOf((await rotated.get('identidad/4/f.png'))!.body)).equals(file)).toBe(
      true,
    );
    expect(await rotated.sealing.upgrade('identidad/4/f.png')).toBe('rewrapped');
    expect(Buffer.from((await raw(inner, 'identidad/4/f.png'))!.bytes).equals(Buffer.from(before))).toBe(
      true,
    );
    // The old key is no longer needed, and no longer enough.
    const only2 = sealedBlobs(inner, fileKeyRing(K2));
    expect(Buffer.from(await bytesOf((await only2.get('identidad/4/f.png'))!.body)).equals(file)).toBe(true);
    await expect(sealedBlobs(inner, fileKeyRing(K1)).get('identidad/4/f.png')).rejects.toThrow(
      SealedFileError,
    );
  });

  it('fails clearly with a key the ring lacks, a missing envelope, a tampered or truncated file', async () => {
    const inner = makeStore();
    const blobs = sealedBlobs(inner, fileKeyRing(K1));
    const file = randomBytes(3 * CHUNK_BYTES);
    const put = (key: string) =>
      blobs.put(key, streamOf(file), { contentType: 'image/png', size: file.length });
    await put('identidad/5/a.png');
    const wrong = sealedBlobs(inner, fileKeyRing(K3));
    await expect(wrong.get('identidad/5/a.png')).rejects.toMatchObject({
      reason: expect.stringMatching(/no está en FILES_KEY ni en FILES_KEYS_PREVIOUS/),
    });
    await expect(wrong.get('identidad/5/a.png')).rejects.toMatchObject({ status: 500 });

    // An envelope moved to another file does not open it (each is bound to its key).
    await put('identidad/5/b.png');
    const envelopeOfA = (await raw(inner, envelopeKey('identidad/5/a.png')))!.bytes;
    await inner.put(envelopeKey('identidad/5/b.png'), streamOf(envelopeOfA), {
      contentType: 'application/json',
      size: envelopeOfA.length,
    });
    await expect(blobs.get('identidad/5/b.png')).rejects.toMatchObject({
      reason: expect.stringMatching(/no abre el sobre/),
    });

    await inner.delete(envelopeKey('identidad/5/b.png'));
    await expect(blobs.get('identidad/5/b.png')).rejects.toMatchObject({
      reason: expect.stringMatching(/no tiene sobre/),
    });

    const stored = (await raw(inner, 'identidad/5/a.png'))!.bytes;
    const tampered = stored.slice();
    tampered[CHUNK_BYTES + 100] = tampered[CHUNK_BYTES + 100]! ^ 1;
    await inner.put('identidad/5/a.png', streamOf(tampered), {
      contentType: 'application/octet-stream',
      size: tampered.length,
    });
    await expect(bytesOf((await blobs.get('identidad/5/a.png'))!.body)).rejects.toMatchObject({
      reason: 'el bloque 1 no se autentica',
    });
    const short = stored.slice(0, stored.length - 40);
    await inner.put('identidad/5/a.png', streamOf(short), {
      contentType: 'application/octet-stream',
      size: short.length,
    });
    await expect(bytesOf((await blobs.get('identidad/5/a.png'))!.body)).rejects.toMatchObject({
      reason: expect.stringMatching(/truncado/),
    });
    // Cut at a chunk boundary: the size in the (authenticated) metadata still wants the last one.
    const cut = stored.slice(0, sealedSize(2 * CHUNK_BYTES));
    await inner.put('identidad/5/a.png', streamOf(cut), {
      contentType: 'application/octet-stream',
      size: cut.length,
    });
    await expect(bytesOf((await blobs.get('identidad/5/a.png'))!.body)).rejects.toThrow(SealedFileError);
  });

  it('refuses a body of another length than declared and leaves no envelope behind', async () => {
    const inner = makeStore();
    const blobs = sealedBlobs(inner, fileKeyRing(K1));
    await expect(
      blobs.put('identidad/6/x.pdf', streamOf(randomBytes(1000)), {
        contentType: 'application/pdf',
        size: 1200,
      }),
    ).rejects.toThrow(/menos bytes/);
    await expect(
      blobs.put('identidad/6/y.pdf', streamOf(randomBytes(1300)), {
        contentType: 'application/pdf',
        size: 1200,
      }),
    ).rejects.toThrow(/más bytes/);
    expect(await inner.get(envelopeKey('identidad/6/x.pdf'))).toBeNull();
    expect(await inner.get(envelopeKey('identidad/6/y.pdf'))).toBeNull();
  });

  it('resumes an encryption interrupted between its writes', async () => {
    const inner = makeStore();
    const blobs = sealedBlobs(inner, fileKeyRing(K1));
    const file = randomBytes(150_000);
    const meta = { contentType: 'image/jpeg', size: file.length };
    // Interrupted after the pending envelope: the file is still the plaintext.
    await blobs.put('galeria/8/a.jpg', streamOf(file), meta);
    const envelope = JSON.parse(
      new TextDecoder().decode((await raw(inner, envelopeKey('galeria/8/a.jpg')))!.bytes),
    );
    const pending = new TextEncoder().encode(JSON.stringify({ ...envelope, pending: true }));
    await inner.put(envelopeKey('galeria/8/a.jpg'), streamOf(pending), {
      contentType: 'application/json',
      size: pending.length,
    });
    // …and after the file was written under it: the file is already encrypted.
    await inner.put('galeria/8/b.jpg', streamOf(file), meta);
    await inner.put(envelopeKey('galeria/8/b.jpg'), streamOf(pending), {
      contentType: 'application/json',
      size: pending.length,
    });
    const sealedA = (await raw(inner, 'galeria/8/a.jpg'))!.bytes;
    await inner.put('galeria/8/c.jpg', streamOf(sealedA), {
      contentType: 'application/octet-stream',
      size: sealedA.length,
    });
    await inner.put(envelopeKey('galeria/8/c.jpg'), streamOf(pending), {
      contentType: 'application/json',
      size: pending.length,
    });
    expect(await blobs.sealing.upgrade('galeria/8/b.jpg')).toBe('sealed');
    // c holds a's ciphertext under a's data key but its envelope is bound to a's key: unreadable, told.
    expect(await blobs.sealing.upgrade('galeria/8/c.jpg')).toBe('unreadable');
    await inner.put(envelopeKey('galeria/8/a.jpg'), streamOf(pending), {
      contentType: 'application/json',
      size: pending.length,
    });
    expect(await blobs.sealing.upgrade('galeria/8/a.jpg')).toBe('rewrapped');
    for (const key of ['galeria/8/a.jpg', 'galeria/8/b.jpg'])
      expect(Buffer.from(await bytesOf((await blobs.get(key))!.body)).equals(file)).toBe(true);
  });

  it('deletes the envelope with the file, and lists keys in order page by page', async () => {
    const inner = makeStore();
    const blobs = sealedBlobs(inner, fileKeyRing(K1));
    for (const n of [3, 1, 2])
      await blobs.put(`identidad/9/${n}.pdf`, streamOf(randomBytes(10)), {
        contentType: 'application/pdf',
        size: 10,
      });
    const first = await inner.list('identidad/', { limit: 2 });
    expect(first).toEqual({ keys: ['identidad/9/1.pdf', 'identidad/9/2.pdf'], next: 'identidad/9/2.pdf' });
    expect(await inner.list('identidad/', { after: first.next!, limit: 2 })).toEqual({
      keys: ['identidad/9/3.pdf'],
      next: null,
    });
    expect((await inner.list('', { limit: 100 })).keys).toContain(envelopeKey('identidad/9/1.pdf'));
    expect((await blobs.list('', { limit: 100 })).keys).toEqual([
      'identidad/9/1.pdf',
      'identidad/9/2.pdf',
      'identidad/9/3.pdf',
    ]);
    await blobs.delete('identidad/9/1.pdf');
    expect(await inner.get('identidad/9/1.pdf')).toBeNull();
    expect(await inner.get(envelopeKey('identidad/9/1.pdf'))).toBeNull();
    expect(await blobs.get('identidad/9/1.pdf')).toBeNull();
  });
});

describe('the key ring', () => {
  it('names each key by a fingerprint and refuses short secrets', async () => {
    const a = await fileKeyRing(K1).current();
    expect(a.kid).toMatch(/^[0-9a-f]{16}$/);
    expect((await fileKeyRing(K1).current()).kid).toBe(a.kid);
    expect((await fileKeyRing(K2).current()).kid).not.toBe(a.kid);
    expect(a.kid).not.toContain(Buffer.from(K1).toString('hex').slice(0, 16));
    expect((await fileKeyRing(K2, [K1]).byKid(a.kid))?.kid).toBe(a.kid);
    expect(await fileKeyRing(K2).byKid(a.kid)).toBeUndefined();
    expect(() => fileKeyRing('corta')).toThrow(/al menos 32/);
    expect(() => fileKeyRing(K1, ['corta'])).toThrow(/al menos 32/);
  });
});
