// The error reporter's Sentry adapter (docs/decisions/0354) against a fake Sentry that checks each
// request as Sentry's public protocol describes it (develop.sentry.dev: "Authentication" for the
// DSN, the endpoint and X-Sentry-Auth; "Envelopes" for the grammar and the event item; "Event
// Payloads" for the required attributes). Personal data must not reach it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDsn, sentryReporter } from '../../worker/platform/ops/error-report';
import { ADMIN, makeApp } from '../setup/app';

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer };
const received: Received[] = [];
const problems: string[] = [];
let server: Server;
let dsn: string;

/** The envelope grammar: Headers { "\n" Item } [ "\n" ]; Item = Headers "\n" Payload (length bytes). */
function parseEnvelope(body: Buffer) {
  let at = 0;
  const line = () => {
    const end = body.indexOf(0x0a, at);
    const text = body.subarray(at, end === -1 ? body.length : end).toString('utf8');
    at = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: { header: Record<string, unknown>; payload: Buffer }[] = [];
  while (at < body.length) {
    const h = JSON.parse(line()) as { type: string; length?: number };
    if (typeof h.length !== 'number') throw new Error('item without a declared length');
    const payload = body.subarray(at, at + h.length);
    if (payload.length !== h.length) throw new Error('payload shorter than its length');
    at += h.length;
    if (at < body.length && body[at] !== 0x0a) throw new Error('payload not followed by \\n or EOF');
    at += 1;
    items.push({ header: h, payload });
  }
  return { header, items };
}

function check(r: Received) {
  const fail = (m: string) => problems.push(m);
  if (r.method !== 'POST') fail(`method ${r.method}`);
  if (r.url !== '/api/42/envelope/') fail(`url ${r.url}`);
  const auth = String(r.headers['x-sentry-auth'] ?? '');
  if (!/^Sentry /.test(auth)) fail('X-Sentry-Auth does not start with "Sentry "');
  const pairs = Object.fromEntries(
    auth
      .replace(/^Sentry /, '')
      .split(',')
      .map((p) => p.trim().split('=') as [string, string]),
  );
  if (pairs.sentry_version !== '7') fail('sentry_version is not 7');
  if (pairs.sentry_key !== 'clavepublica') fail('sentry_key is not the DSN public key');
  if (!pairs.sentry_client) fail('no sentry_client');
  if ('sentry_secret' in pairs) fail('sent a secret the DSN does not have');
  if (r.headers['content-type'] !== 'application/x-sentry-envelope')
    fail(`content-type ${r.headers['content-type']}`);
  if (!/^[\w.-]+\/[\d.]+/.test(String(r.headers['user-agent']))) fail('user-agent is not name/version');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      check(r);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  dsn = `http://clavepublica@127.0.0.1:${(server.address() as AddressInfo).port}/42`;
}, 30_000);
afterAll(() => new Promise((ok) => server.close(ok)));

describe('Sentry envelope adapter', () => {
  it('reads a DSN as the docs define it, and none without one', () => {
    expect(parseDsn('https://abc@o1.ingest.sentry.io/99')).toMatchObject({
      origin: 'https://o1.ingest.sentry.io',
      publicKey: 'abc',
      projectId: '99',
    });
    expect(parseDsn('https://abc@sentry.example.com/path/7')?.origin).toBe('https://sentry.example.com/path');
    expect(parseDsn(undefined)).toBeUndefined();
    expect(parseDsn('no es una url')).toBeUndefined();
  });

  it('posts one event envelope per unhandled API error, with the request id, scrubbed', async () => {
    const t = await makeApp();
    t.ports.reporter = sentryReporter(parseDsn(dsn)!, {
      release: 'backoffice@1.2.3',
      environment: 'staging',
    });
    const admin = await t.login(ADMIN.email, ADMIN.password);
    received.length = 0;
    await t.breakDatabase();
    const res = await t.request('GET', '/api/v1/general/bancos?filters=%7B%7D', { cookie: admin });
    expect(res.status).toBe(500);
    for (let i = 0; i < 50 && !received.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(problems).toEqual([]);
    expect(received).toHaveLength(1);
    const { header, items } = parseEnvelope(received[0]!.body);
    expect(items.map((i) => i.header.type)).toEqual(['event']);
    const event = JSON.parse(items[0]!.payload.toString('utf8'));
    expect(header.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event.event_id).toBe(header.event_id);
    expect(Date.parse(String(header.sent_at))).not.toBeNaN();
    expect(event).toMatchObject({
      platform: 'javascript',
      level: 'error',
      release: 'backoffice@1.2.3',
      environment: 'staging',
      transaction: 'GET /api/v1/general/bancos',
      tags: { request_id: res.headers.get('X-Request-Id') },
    });
    // The session could not be read (the database is down): no user, and never an e-mail.
    expect(event.user).toBeUndefined();
    expect(typeof event.timestamp).toBe('number');
    const exception = event.exception.values[0];
    expect(exception.type).toEqual(expect.any(String));
    expect(exception.stacktrace.frames.length).toBeGreaterThan(0);
    expect(exception.stacktrace.frames.at(-1)).toHaveProperty('filename');
    expect(received[0]!.body.toString()).not.toContain(ADMIN.email);
  });

  it('scrubs personal data out of the message and the frames before sending', async () => {
    received.length = 0;
    const reporter = sentryReporter(parseDsn(dsn)!);
    await reporter.capture(
      new Error(
        'No se pudo enviar a ana@example.co el enlace /resetPassword/9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddccbbaa99887766',
      ),
      {
        job: 'retencion',
      },
    );
    expect(problems).toEqual([]);
    const text = received[0]!.body.toString();
    expect(text).not.toContain('ana@example.co');
    expect(text).not.toContain('9f8e7d6c5b4a39281706f5e4d3c2b1a0');
    expect(JSON.parse(parseEnvelope(received[0]!.body).items[0]!.payload.toString()).tags).toEqual({
      job: 'retencion',
    });
  });

  it('never fails the caller when Sentry is down', async () => {
    const reporter = sentryReporter(parseDsn('http://k@127.0.0.1:9/1')!);
    await expect(reporter.capture(new Error('x'), {})).resolves.toBeUndefined();
  });
});
