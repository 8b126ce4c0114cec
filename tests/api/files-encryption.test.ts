// SECURITY row 20, on both runtimes (the memory store on Node, Miniflare's R2 under the Worker):
// identity documents and gallery originals are encrypted at rest — the bytes in the store are not
// the file, every file reads back identical through the HTTP API with the same headers, a file
// stored before encryption still reads and is encrypted by the rotation job, after a rotation every
// file still reads back identical, and a missing key fails clearly. docs/decisions/0370.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileKeyRing } from '../../worker/platform/file-keys';
import { FILE_ROTATION_KEY, rotateAllFiles, rotateFilesStep } from '../../worker/platform/file-rotation';
import { purgeDeletedFiles } from '../../worker/platform/deleted-files';
import type { BlobStore } from '../../worker/platform/ports';
import { envelopeKey, sealedBlobs } from '../../worker/platform/sealed-blobs';
import { P } from '../../worker/shared/permissions';
import { makeApp, ORIGIN, type TestApp } from '../setup/app';
import { WORKER_BINDINGS } from '../setup/targets';
import { sql } from 'drizzle-orm';
import { stripedPng } from '../setup/files';

const K1 = WORKER_BINDINGS.FILES_KEY;
const K2 = 'the-next-files-key-after-a-rotation-of-at-least-32-bytes';
const K3 = 'a-key-nobody-configured-for-these-files-32-bytes-or-more';

let t: TestApp;
let member: { id: number; cookie: string };
// The files as uploaded, by the route that serves each.
const files = new Map<string, { bytes: Buffer; key: string; type: string; disposition: RegExp }>();

/** A PDF of `size` bytes (its head is what the upload sniffs). */
const pdfOf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]);

function send(path: string, form: FormData) {
  return t.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    body: form,
    headers: { Cookie: member.cookie, Origin: ORIGIN },
  });
}
async function raw(store: BlobStore, key: string) {
  const found = await store.get(key);
  return found ? { ...found, bytes: Buffer.from(await new Response(found.body).arrayBuffer()) } : null;
}
const kidOf = async (store: BlobStore, key: string) =>
  JSON.parse((await raw(store, envelopeKey(key)))!.bytes.toString('utf8')).kid as string;

async function download(path: string) {
  const res = await t.fetch(`${ORIGIN}${path}`, { headers: { Cookie: member.cookie } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
async function everyFileReadsBack() {
  for (const [path, f] of files) {
    const { res, bytes } = await download(path);
    expect(res.status, path).toBe(200);
    expect(bytes.equals(f.bytes), path).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(f.bytes.length));
    expect(res.headers.get('content-type')).toBe(f.type);
    expect(res.headers.get('content-disposition')).toMatch(f.disposition);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  }
}

beforeAll(async () => {
  t = await makeApp();
  const m = await t.makeUser('cifrada', [P.miInformacionPersonal, P.perfil]);
  member = { id: m.id, cookie: await m.session() };
  const docs = {
    frente: {
      bytes: stripedPng(120, 80, [200, 30, 30], [250, 250, 250]),
      name: 'cedula-frente.png',
      type: 'image/png',
    },
    respaldo: {
      bytes: stripedPng(90, 60, [30, 30, 200], [250, 250, 250]),
      name: 'cedula-respaldo.png',
      type: 'image/png',
    },
    // A document of 2.5 MB: many chunks.
    selfie: { bytes: pdfOf(2_500_000), name: 'selfie.pdf', type: 'application/pdf' },
  };
  const form = new FormData();
  for (const [field, d] of Object.entries(docs))
    form.append(field, new File([new Uint8Array(d.bytes)], d.name, { type: d.type }));
  const sent = await send('/api/v1/general/validacionIdentidad', form);
  expect(sent.status, await sent.clone().text()).toBe(201);
  const row = (
    await t.db.all<{ frente_key: string; respaldo_key: string; selfie_key: string }>(
      sql`select frente_key, respaldo_key, selfie_key from validaciones_identidad where user_id = ${member.id}`,
    )
  )[0]!;
  for (const [field, d] of Object.entries(docs))
    files.set(`/api/v1/general/validacionIdentidad/${member.id}/${field}`, {
      bytes: d.bytes,
      key: row[`${field}_key` as keyof typeof row],
      type: d.type,
      disposition: d.type.startsWith('image/') ? /^inline;/ : /^attachment;/,
    });
  const gallery = new FormData();
  const photos = [
    stripedPng(200, 150, [10, 120, 10], [240, 240, 0]),
    stripedPng(64, 64, [0, 0, 0], [255, 255, 255]),
  ];
  photos.forEach((p, i) =>
    gallery.append('files', new File([new Uint8Array(p)], `foto-${i}.png`, { type: 'image/png' })),
  );
  const up = await send('/api/v1/general/perfilmedia', gallery);
  expect(up.status).toBe(201);
  const media = await t.db.all<{ id: number; blob_key: string }>(
    sql`select id, blob_key from perfil_media where user_id = ${member.id} order by orden`,
  );
  media.forEach((g, i) =>
    files.set(`/api/v1/general/perfilmedia/${g.id}/file`, {
      bytes: photos[i]!,
      key: g.blob_key,
      type: 'image/png',
      disposition: /^inline;/,
    }),
  );
});

describe('encryption at rest', () => {
  it('keeps no uploaded file in the store: the stored bytes are not the file', async () => {
    const store = await t.storedBlobs();
    const kid = (await fileKeyRing(K1).current()).kid;
    for (const f of files.values()) {
      const stored = (await raw(store, f.key))!;
      expect(stored.bytes.equals(f.bytes)).toBe(false);
      expect(stored.bytes.includes(f.bytes.subarray(0, 48))).toBe(false);
      expect(stored.bytes.includes(f.bytes.subarray(f.bytes.length - 48))).toBe(false);
      expect(stored.contentType).toBe('application/octet-stream');
      expect(stored.fileName).toBeUndefined();
      expect(await kidOf(store, f.key)).toBe(kid);
    }
  });

  it('serves every file back identical, with the headers a download had before', async () => {
    await everyFileReadsBack();
  });

  it('still serves a file stored before encryption, and the rotation job encrypts it', async () => {
    const store = await t.storedBlobs();
    const [path, legacy] = [...files].find(([p]) => p.endsWith('/respaldo'))!;
    await store.delete(envelopeKey(legacy.key));
    await store.put(legacy.key, new Blob([new Uint8Array(legacy.bytes)]).stream(), {
      contentType: legacy.type,
      fileName: 'cedula-respaldo.png',
      size: legacy.bytes.length,
    });
    const { res, bytes } = await download(path);
    expect(res.status).toBe(200);
    expect(bytes.equals(legacy.bytes)).toBe(true);

    const done = await rotateAllFiles({ db: t.db, blobs: await t.appBlobs(), clock: t.clock });
    expect(done.done).toBe(true);
    expect(done.counts.sealed).toBeGreaterThanOrEqual(1);
    expect(done.counts.unreadable).toBe(0);
    expect((await raw(store, legacy.key))!.bytes.includes(legacy.bytes.subarray(0, 48))).toBe(false);
    await everyFileReadsBack();
  });

  it('after a rotation every file still reads back identical, and no longer needs the old key', async () => {
    const store = await t.storedBlobs();
    const before = new Map<string, Buffer>();
    for (const f of files.values()) before.set(f.key, (await raw(store, f.key))!.bytes);
    // FILES_KEY becomes K2, K1 moves to FILES_KEYS_PREVIOUS: files still open before the job runs.
    t.useFilesKeys(K2, [K1]);
    await everyFileReadsBack();
    const step = await rotateAllFiles({ db: t.db, blobs: await t.appBlobs(), clock: t.clock });
    expect(step.counts.unreadable).toBe(0);
    expect(step.counts.rewrapped).toBeGreaterThanOrEqual(files.size);
    const kid2 = (await fileKeyRing(K2).current()).kid;
    for (const f of files.values()) {
      expect(await kidOf(store, f.key)).toBe(kid2);
      // Re-wrapped, not re-written: the file's stored bytes did not change.
      expect((await raw(store, f.key))!.bytes.equals(before.get(f.key)!)).toBe(true);
    }
    t.useFilesKeys(K2);
    await everyFileReadsBack();
  });

  it('answers a clear 500 when no configured key opens a file', async () => {
    t.useFilesKeys(K3);
    try {
      const [path] = [...files.keys()];
      const res = await t.request('GET', path!, { cookie: member.cookie });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        message: 'No fue posible leer el archivo cifrado. Avise al administrador.',
      });
    } finally {
      t.useFilesKeys(K2);
    }
  });

  it('a removed gallery image waits in the bin encrypted, and the purge removes it with its key', async () => {
    const store = await t.storedBlobs();
    const [path, f] = [...files].find(([p]) => p.includes('perfilmedia'))!;
    const id = Number(path.split('/').at(-2));
    const res = await t.request('DELETE', `/api/v1/general/perfilmedia/${id}`, { cookie: member.cookie });
    expect(res.status).toBe(204);
    files.delete(path);
    expect(await raw(store, envelopeKey(f.key))).not.toBeNull();
    const kept = (await (await t.appBlobs()).get(f.key))!;
    expect(Buffer.from(await new Response(kept.body).arrayBuffer()).equals(f.bytes)).toBe(true);
    const purged = await purgeDeletedFiles(t.db, await t.appBlobs(), t.clock.now() + 31 * 86_400_000);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await store.get(f.key)).toBeNull();
    expect(await store.get(envelopeKey(f.key))).toBeNull();
  });
});

describe('the rotation job in bounded steps', () => {
  it('walks many files within its budget, resumes from its cursor, and then has nothing to do', async () => {
    const store = await t.storedBlobs();
    const blobs = sealedBlobs(store, fileKeyRing(K2));
    const prefix = `identidad/lote-${t.target}-${Date.now()}`;
    const bodies = new Map<string, Buffer>();
    for (let i = 0; i < 24; i++) {
      const bytes = randomBytes(2_000 + i);
      bodies.set(`${prefix}/${String(i).padStart(2, '0')}.pdf`, bytes);
      await blobs.put(
        `${prefix}/${String(i).padStart(2, '0')}.pdf`,
        new Blob([new Uint8Array(bytes)]).stream(),
        {
          contentType: 'application/pdf',
          size: bytes.length,
        },
      );
    }
    t.useFilesKeys(K1, [K2]);
    const ports = { db: t.db, blobs: await t.appBlobs(), clock: t.clock };
    const steps = [];
    let step = await rotateFilesStep(ports, { requests: 30, ms: 60_000 });
    steps.push(step);
    while (!step.done) {
      expect(step.busy).toBeUndefined();
      step = await rotateFilesStep(ports, { requests: 30, ms: 60_000 });
      steps.push(step);
      expect(steps.length).toBeLessThan(40);
    }
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...steps.map((s) => s.requests))).toBeLessThanOrEqual(30);
    expect(step.counts.unreadable).toBe(0);
    const kid1 = (await fileKeyRing(K1).current()).kid;
    for (const [key, bytes] of bodies) {
      expect(await kidOf(store, key)).toBe(kid1);
      const back = (await sealedBlobs(store, fileKeyRing(K1)).get(key))!;
      expect(Buffer.from(await new Response(back.body).arrayBuffer()).equals(bytes)).toBe(true);
    }
    // Done for this key: the next steps touch no file.
    const idle = await rotateFilesStep(ports);
    expect([idle.done, idle.requests]).toEqual([true, 0]);
    // A step while another holds the lease does nothing.
    await t.db.run(
      sql`update app_meta set value = json_set(value, '$.leaseUntil', ${t.clock.now() + 60_000}) where key = ${FILE_ROTATION_KEY}`,
    );
    expect((await rotateFilesStep(ports, undefined, { restart: true })).busy).toBe(true);
  });
});
