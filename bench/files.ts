// `npm run bench -- files` (docs/decisions/0370-encryption-at-rest.md): what encryption at rest
// costs. (1) The encrypting port alone over the memory store: encrypt and decrypt throughput of
// 10 MB and 48 MB files, against one AES-GCM call over the whole file (what chunking avoids: the
// file and its ciphertext held at once). (2) A 10 MB gallery image uploaded and downloaded through
// the HTTP API on Node over the folder store, with and without the encrypting port, alternated.
// (3) The same in the bundled Worker (workerd, Miniflare's R2): a 10 MB gallery image (encrypted)
// against a 10 MB terms PDF (a plaintext prefix) through their own routes. Prints ratios.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../worker/app';
import { openSession } from '../worker/modules/auth/sessions';
import { fsBlobs } from '../worker/platform/adapters/fs-blobs';
import { localClient } from '../worker/platform/adapters/local-libsql';
import { memoryBlobs } from '../worker/platform/adapters/memory-blobs';
import { memoryLimiter } from '../worker/platform/adapters/memory-limiter';
import { outboxMailer } from '../worker/platform/adapters/outbox-mailer';
import { createDb } from '../worker/platform/db';
import { fileKeyRing } from '../worker/platform/file-keys';
import { migrateDb } from '../worker/platform/migrate';
import { PBKDF2_ITERATIONS, type BlobStore, type Ports } from '../worker/platform/ports';
import { sealedBlobs } from '../worker/platform/sealed-blobs';
import { seed } from '../worker/platform/seed';
import { EDGE_CONFIG, startEdgeStack } from '../tests/setup/edge-stack';
import { interleaved, median, printTable } from './stats';

const MB = 1024 * 1024;
const KEY = 'bench-files-key-bench-files-key-bench-files-key';
const ms = (x: number) => `${x.toFixed(1)} ms`;
const rate = (bytes: number, t: number) => `${(bytes / MB / (t / 1000)).toFixed(0)} MB/s`;
/**
 * Encrypted against plaintext, as medians and as minima: on a busy machine the minimum is the
 * better estimate of what the work itself costs, the median of what a request meets.
 */
function compare(sealed: number[], plain: number[], size?: number): string {
  const [ms_, mp, ns, np] = [median(sealed), median(plain), Math.min(...sealed), Math.min(...plain)];
  const speed = size ? ` (${rate(size, ns)} en el mínimo)` : '';
  return (
    `cifrado ${ms(ms_)} (mín ${ms(ns)})${speed} vs sin cifrar ${ms(mp)} (mín ${ms(np)}): ` +
    `razón ${(ms_ / mp).toFixed(2)} en medianas, ${(ns / np).toFixed(2)} en mínimos`
  );
}
const stream = (b: Uint8Array) => new Blob([b as Uint8Array<ArrayBuffer>]).stream();
const drain = async (body: ReadableStream<Uint8Array>) => (await new Response(body).arrayBuffer()).byteLength;
/** A "PNG" of `size` bytes: the signature the upload sniffs, then noise. */
const pngOf = (size: number) =>
  new Uint8Array(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(size - 8)]));
const pdfOf = (size: number) =>
  new Uint8Array(
    Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]),
  );

async function portAlone() {
  const rows: [string, string][] = [];
  for (const size of [10 * MB, 48 * MB]) {
    const file = randomBytes(size);
    const plain = memoryBlobs();
    const sealed = sealedBlobs(memoryBlobs(), fileKeyRing(KEY));
    const [putPlain, putSealed, getPlain, getSealed] = await interleaved(5, [
      () => plain.put('galeria/1/a.png', stream(file), { contentType: 'image/png', size }),
      () => sealed.put('galeria/1/a.png', stream(file), { contentType: 'image/png', size }),
      async () => drain((await plain.get('galeria/1/a.png'))!.body),
      async () => drain((await sealed.get('galeria/1/a.png'))!.body),
    ]);
    rows.push(
      [`${size / MB} MB: guardar (cifrar)`, compare(putSealed!, putPlain!, size)],
      [`${size / MB} MB: leer (descifrar)`, compare(getSealed!, getPlain!, size)],
    );
  }
  // One AES-GCM call over a whole 48 MB file: it needs the file and its ciphertext at once.
  const file = randomBytes(48 * MB);
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
  const t = performance.now();
  const out = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, key, file);
  const once = performance.now() - t;
  rows.push([
    '48 MB en una sola llamada AES-GCM',
    `${ms(once)} (${rate(48 * MB, once)}); retiene ${((file.length + out.byteLength) / MB).toFixed(0)} MB a la vez`,
  ]);
  printTable('Puerto cifrado solo (almacén en memoria, Node, 5 alternadas)', rows);
}

async function overHttpOnNode() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-files-'));
  const client = localClient({ url: ':memory:' });
  const db = createDb(client);
  const clock = { now: () => Date.now() };
  const config = {
    appOrigin: 'http://localhost',
    jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret!!'),
    pepper: 'p',
    supportEmail: 's@b.co',
    sessionHours: 8,
    pbkdf2Iterations: PBKDF2_ITERATIONS,
  };
  try {
    await migrateDb(db);
    await seed({ db, clock, config }, { email: 'admin@bench.local', password: 'Bench-admin-1' });
    const folder = fsBlobs(join(dir, 'blobs'));
    const ports: Ports = {
      db,
      blobs: folder,
      mailer: outboxMailer(db, clock),
      clock,
      limiter: memoryLimiter(clock, 1_000_000),
      config,
      clientIp: () => '127.0.0.1',
    };
    const app = createApp(ports);
    const { token } = await openSession(ports, { id: 1 }, 'cookie');
    const cookie = `token=${token}`;
    const image = pngOf(10 * MB);
    const roundTrip = (blobs: BlobStore) => async () => {
      ports.blobs = blobs;
      const form = new FormData();
      form.append('files', new File([image], 'foto.png', { type: 'image/png' }));
      const t0 = performance.now();
      const up = await app.request('/api/v1/general/perfilmedia', {
        method: 'POST',
        body: form,
        headers: { Cookie: cookie, Origin: 'http://localhost' },
      });
      const { data } = (await up.json()) as { data: { id: number }[] };
      const t1 = performance.now();
      const id = data.at(-1)!.id;
      const down = await app.request(`/api/v1/general/perfilmedia/${id}/file`, {
        headers: { Cookie: cookie },
      });
      if ((await drain(down.body!)) !== image.length) throw new Error('download differs');
      const t2 = performance.now();
      await app.request(`/api/v1/general/perfilmedia/${id}`, {
        method: 'DELETE',
        headers: { Cookie: cookie, Origin: 'http://localhost' },
      });
      times.get(blobs)!.push([t1 - t0, t2 - t1]);
    };
    const sealed = sealedBlobs(folder, fileKeyRing(KEY));
    const times = new Map<BlobStore, [number, number][]>([
      [folder, []],
      [sealed, []],
    ]);
    await interleaved(9, [roundTrip(folder), roundTrip(sealed)]);
    const of = (b: BlobStore, i: 0 | 1) =>
      times
        .get(b)!
        .slice(-9)
        .map((x) => x[i]);
    printTable('10 MB por la API en Node (carpeta de archivos, 9 alternadas)', [
      ['subir', compare(of(sealed, 0), of(folder, 0))],
      ['descargar', compare(of(sealed, 1), of(folder, 1))],
    ]);
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function inTheWorker() {
  const stack = await startEdgeStack();
  try {
    const { token } = await openSession(
      { db: stack.db, clock: { now: () => Date.now() }, config: EDGE_CONFIG },
      { id: 1 },
      'cookie',
    );
    const headers = { Cookie: `token=${token}`, Origin: 'http://localhost' };
    const base = 'http://localhost/api/v1';
    const terms = (await (
      await stack.mf.dispatchFetch(`${base}/general/terminosYCondiciones`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ version: 'bench', titulo: 'Bench', contenido: 'Bench' }),
      })
    ).json()) as { data: { id: number } };
    const multipart = async (field: string, file: File) => {
      const form = new FormData();
      form.append(field, file);
      const probe = new Request('http://x', { method: 'POST', body: form });
      return {
        body: new Uint8Array(await probe.arrayBuffer()),
        type: probe.headers.get('content-type')!,
      };
    };
    const gallery = await multipart('files', new File([pngOf(10 * MB)], 'foto.png', { type: 'image/png' }));
    const pdf = await multipart(
      'file',
      new File([pdfOf(10 * MB)], 'terminos.pdf', { type: 'application/pdf' }),
    );
    const times = { sealed: [] as [number, number][], plain: [] as [number, number][] };
    const sealedTrip = async () => {
      const t0 = performance.now();
      const up = await stack.mf.dispatchFetch(`${base}/general/perfilmedia`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': gallery.type },
        body: gallery.body,
      });
      const { data } = (await up.json()) as { data: { id: number }[] };
      const t1 = performance.now();
      const id = data.at(-1)!.id;
      const down = await stack.mf.dispatchFetch(`${base}/general/perfilmedia/${id}/file`, { headers });
      await down.arrayBuffer();
      times.sealed.push([t1 - t0, performance.now() - t1]);
      await (
        await stack.mf.dispatchFetch(`${base}/general/perfilmedia/${id}`, { method: 'DELETE', headers })
      ).text();
    };
    const plainTrip = async () => {
      const t0 = performance.now();
      const up = await stack.mf.dispatchFetch(`${base}/general/terminosYCondiciones/${terms.data.id}/file`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': pdf.type },
        body: pdf.body,
      });
      await up.text();
      const t1 = performance.now();
      const down = await stack.mf.dispatchFetch(
        `${base}/general/terminosYCondiciones/${terms.data.id}/file`,
        {
          headers,
        },
      );
      await down.arrayBuffer();
      times.plain.push([t1 - t0, performance.now() - t1]);
    };
    await interleaved(7, [plainTrip, sealedTrip]);
    const of = (xs: [number, number][], i: 0 | 1) => xs.slice(-7).map((x) => x[i]);
    printTable(
      '10 MB en el Worker (workerd, R2 de Miniflare, 7 alternadas; cifrado: galería, sin cifrar: PDF de términos)',
      [
        ['subir', compare(of(times.sealed, 0), of(times.plain, 0))],
        ['descargar', compare(of(times.sealed, 1), of(times.plain, 1))],
      ],
    );
  } finally {
    await stack.close();
  }
}

export async function benchFiles(flags: string[]) {
  await portAlone();
  await overHttpOnNode();
  if (!flags.includes('--node-only')) await inTheWorker();
}
