// Issue 12 in workerd: files and exports stream through the bundled Worker (Miniflare's R2, a real
// SQLite file behind the test Hrana server). A 100,000-row export is read from the database in
// pages and streamed out as a valid workbook; a 40 MB PDF goes to R2 and comes back byte for byte,
// and so does a 40 MB identity document, encrypted in R2 (decision 0370);
// the 48 MB cap holds while a body without a declared length is read.
import { createClient } from '@libsql/client';
import ExcelJS from 'exceljs';
import { Miniflare } from 'miniflare';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBancos } from '../../bench/export';
import { createDb } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { seed } from '../../worker/platform/seed';
import { startHranaServer, type HranaServer } from '../../worker/tools/hrana-server';
import { productionBundle } from '../setup/edge-bundle';
import { type WorkerBundle, workerModules } from '../setup/worker-bundle';

const ADMIN = { email: 'admin@files.test', password: 'Admin-Files-12345' };
const PEPPER = 'files-test-pepper';
const JWT_SECRET = 'a-files-test-secret-that-is-at-least-32-bytes';
const ORIGIN = 'http://localhost';
const ROWS = 100_000;
const HISTORY_ROWS = 50_500;

let bundle: WorkerBundle;
let hrana: HranaServer;
let mf: Miniflare;
let dir: string;
let cookie = '';

beforeAll(async () => {
  bundle = await productionBundle();
  dir = mkdtempSync(join(tmpdir(), 'worker-files-'));
  const file = join(dir, 'app.db');
  const client = createClient({ url: `file:${file}` });
  await client.execute('PRAGMA journal_mode = WAL');
  const db = createDb(client);
  await migrateDb(db);
  const config = {
    appOrigin: 'https://app.example.co',
    jwtSecret: new TextEncoder().encode(JWT_SECRET),
    pepper: PEPPER,
    supportEmail: 'soporte@example.co',
    sessionHours: 8,
    pbkdf2Iterations: 100_000,
  };
  await seed({ db, clock: { now: () => Date.now() }, config }, ADMIN);
  client.close();
  await seedBancos(file, ROWS);
  // 50,500 state-history rows: more than a non-registry export writes (EXPORT_CAP, 50,000).
  const raw = createClient({ url: `file:${file}` });
  await raw.execute(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${HISTORY_ROWS})
    insert into state_history (entity, entity_id, from_state, to_state, user_id, created_at) select 'carga', i, 'PENDIENTE', 'PUBLICADO', 1, ${Date.UTC(2026, 0, 1)} + i from n`);
  raw.close();
  hrana = await startHranaServer(file);
  mf = new Miniflare({
    ...workerModules(bundle),
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings: {
      LIBSQL_URL: hrana.url,
      JWT_SECRET,
      PASSWORD_PEPPER: PEPPER,
      FILES_KEY: 'a-files-test-files-key-that-is-at-least-32-bytes',
      APP_ORIGIN: 'https://app.example.co',
      SUPPORT_EMAIL: 'soporte@example.co',
    },
    r2Buckets: ['BLOBS'],
  });
  await mf.ready;
  const res = await mf.dispatchFetch(`${ORIGIN}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}, 180_000);

afterAll(async () => {
  try {
    await mf?.dispose();
  } finally {
    await hrana?.close();
    bundle?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

const send = (path: string, init: RequestInit & { duplex?: 'half' } = {}) =>
  mf.dispatchFetch(`${ORIGIN}/api/v1${path}`, {
    ...init,
    headers: { Cookie: cookie, Origin: ORIGIN, ...(init.headers as Record<string, string>) },
  } as never);

describe('worker: streamed files and exports', () => {
  it('exports 100,000 rows read from the database in pages of 2,000, streamed into a valid workbook', async () => {
    const before = hrana.log.length;
    const res = await send(
      `/general/bancos/excel?sorts=${encodeURIComponent(JSON.stringify({ codigo: 'asc' }))}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(res.headers.get('content-length')).toBeNull(); // streamed, not built whole
    let chunks = 0;
    const parts: Uint8Array[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks++;
      parts.push(chunk);
    }
    expect(chunks).toBeGreaterThan(10);
    // Every read of the table was one page: no statement asked for more than 2,000 rows.
    const reads = hrana.log
      .slice(before)
      .filter((s) => /from "bancos"/.test(s) && /limit \?/.test(s) && !/count\(/.test(s));
    expect(reads.length).toBeGreaterThanOrEqual(ROWS / 2_000);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(parts) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(1).getCell(1).value).toBeTruthy();
    const codes = [2, 3, ROWS + 1].map((r) =>
      (sheet.getRow(r).values as unknown[]).find((v) => typeof v === 'string' && /^B\d+$/.test(v)),
    );
    expect(codes).toEqual(['B0', 'B1', 'B99999']);
  }, 180_000);

  it('a non-registry export (state history) reads pages of 2,000, streams, and stops at 50,000 rows, the count it audits', async () => {
    const before = hrana.log.length;
    const filters = encodeURIComponent(JSON.stringify({ entity: 'carga' }));
    const res = await send(
      `/consultas/historicocambiodeestados/excel?filters=${filters}&sorts=${encodeURIComponent(JSON.stringify({ id: 'asc' }))}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(50_000 + 1);
    expect(sheet.getRow(2).getCell(3).value).toBe(1);
    expect(sheet.getRow(50_001).getCell(3).value).toBe(50_000);
    const reads = hrana.log
      .slice(before)
      .filter((q) => /from "state_history"/.test(q) && /limit \?/.test(q) && !/count\(/.test(q));
    expect(reads.length).toBe(25); // 25 pages of 2,000: never one read of the whole
    const audit = await send(
      `/consultas/historicocambiodeestados?filters=${encodeURIComponent(JSON.stringify({ entity: 'exportacion:historico' }))}`,
    );
    const rows = ((await audit.json()) as { data: { comentario: string }[] }).data;
    expect(JSON.parse(rows[0]!.comentario).filas).toBe(50_000);
  }, 180_000);

  it('stores a 40 MB PDF in R2 and serves it back byte for byte, with its length', async () => {
    const created = await send('/general/terminosYCondiciones', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        version: '9.9',
        titulo: 'Grande',
        contenido: 'Texto',
        vigente: false,
        activo: true,
      }),
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40 * 1024 * 1024 - 9)]);
    const form = new FormData();
    form.append('file', new File([pdf], 'grande.pdf', { type: 'application/pdf' }));
    const encoded = new Response(form); // the multipart body and its boundary, as a browser sends them
    const up = await send(`/general/terminosYCondiciones/${id}/file`, {
      method: 'POST',
      headers: { 'Content-Type': encoded.headers.get('content-type')! },
      body: await encoded.arrayBuffer(),
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const down = await send(`/general/terminosYCondiciones/${id}/file`);
    expect(down.status).toBe(200);
    expect(down.headers.get('content-length')).toBe(String(pdf.length));
    const hash = createHash('sha256');
    for await (const chunk of down.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(pdf).digest('hex'));
  }, 180_000);

  it('encrypts a 40 MB identity document on its way to R2 and decrypts it back byte for byte, with its length', async () => {
    // Decision 0370: streamed through the encrypting port in 1 MiB chunks, never held whole.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40 * 1024 * 1024 - 9)]);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b40000000049454e44ae426082',
      'hex',
    );
    const form = new FormData();
    form.append('frente', new File([png], 'frente.png', { type: 'image/png' }));
    form.append('respaldo', new File([png], 'respaldo.png', { type: 'image/png' }));
    form.append('selfie', new File([pdf], 'selfie.pdf', { type: 'application/pdf' }));
    const encoded = new Response(form);
    // Identity documents are kept only with their authorisation (decision 0403).
    const granted = await send('/privacidad/autorizaciones', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ finalidad: 'DOCUMENTOS_IDENTIDAD', otorgada: true }),
    });
    expect(granted.status).toBe(201);
    const up = await send('/general/validacionIdentidad', {
      method: 'POST',
      headers: { 'Content-Type': encoded.headers.get('content-type')! },
      body: await encoded.arrayBuffer(),
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const down = await send('/general/validacionIdentidad/1/selfie');
    expect(down.status).toBe(200);
    expect(down.headers.get('content-length')).toBe(String(pdf.length));
    const hash = createHash('sha256');
    for await (const chunk of down.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(pdf).digest('hex'));
    const bucket = await mf.getR2Bucket('BLOBS');
    const listed = await bucket.list({ prefix: 'identidad/1/' });
    const stored = await Promise.all(listed.objects.map((o) => bucket.get(o.key)));
    const big = stored.find((o) => o && o.size > 40 * 1024 * 1024)!;
    const head = new Uint8Array(await big.arrayBuffer()).subarray(0, 4096);
    expect(Buffer.from(head).includes(pdf.subarray(16, 64))).toBe(false);
    expect(Buffer.from(head).subarray(0, 8).toString('latin1')).toBe('\u0000360enc\u0001');
  }, 180_000);

  it('refuses a body past 48 MB while reading it, even without a declared length', async () => {
    const boundary = 'limite';
    const CAP = 160 * 1024 * 1024;
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent === 0) c.enqueue(head);
        const piece = new Uint8Array(1024 * 1024);
        sent += piece.length;
        c.enqueue(piece);
        if (sent >= CAP) c.close();
      },
    });
    // The Worker answers 413 and stops reading: the client sees the 413 or, still sending, a reset.
    // A Worker that read the whole body before judging it would drain the stream to CAP; the
    // pipes between client and isolate buffer a few MB, so the bound is far from the limit.
    const status = await send('/general/terminosYCondiciones/1/file', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    }).then(
      (res) => res.status,
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect([413, 'ECONNRESET', 'EPIPE']).toContain(status);
    expect(sent).toBeGreaterThan(48 * 1024 * 1024);
    expect(sent).toBeLessThan(CAP);
  }, 60_000);
});
