// Mail on the Worker (worker/platform/adapters/http-mailer.ts): with MAIL_API_URL set, the bundled
// Worker posts each message to the HTTP e-mail API after answering (waitUntil), with its bearer
// key; the reset link it carries works end to end on the Worker. When the API fails, the visitor
// still gets the same answer, the failure is logged, and the Worker stays healthy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../worker/db/schema';
import { EDGE_ADMIN, startEdgeStack, type EdgeStack } from '../setup/edge-stack';
import { productionBundle } from '../setup/edge-bundle';

type Sent = { auth: string | undefined; body: { from: string; to: string; subject: string; text: string } };
const sent: Sent[] = [];
let answer = 202;
let api: Server;
let stack: EdgeStack;
const ORIGIN = 'http://localhost';

beforeAll(async () => {
  api = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      sent.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/emails`;
  stack = await startEdgeStack({
    bundle: await productionBundle(),
    bindings: { MAIL_API_URL: url, MAIL_API_KEY: 'clave-de-prueba', MAIL_FROM: 'no-responder@example.co' },
  });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((r) => api?.close(r));
});

const post = (path: string, body: unknown) =>
  stack.mf.dispatchFetch(`${ORIGIN}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify(body),
  });

async function nextMail(count: number): Promise<Sent> {
  for (let i = 0; i < 100 && sent.length < count; i++) await new Promise((r) => setTimeout(r, 100));
  expect(sent.length).toBe(count);
  return sent[count - 1]!;
}

describe('worker: mail through the HTTP e-mail API', () => {
  it('posts the reset mail with its key after answering, and its link resets the password on the Worker', async () => {
    const res = await post('/auth/createResetRequest', { email: EDGE_ADMIN.email });
    expect(res.status).toBe(200);
    const mail = await nextMail(1);
    expect(mail.auth).toBe('Bearer clave-de-prueba');
    expect(mail.body.from).toBe('no-responder@example.co');
    expect(mail.body.to).toBe(EDGE_ADMIN.email);
    const link = /https:\/\/app\.example\.co\/resetPassword\/(\S+)/.exec(mail.body.text);
    expect(link).not.toBeNull();
    const reset = await post('/auth/resetPassword', {
      token: link![1],
      password: 'Nueva-Clave-2026',
      confirmar_password: 'Nueva-Clave-2026',
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const login = await post('/auth/login', { email: EDGE_ADMIN.email, password: 'Nueva-Clave-2026' });
    expect(login.status).toBe(200);
  }, 60_000);

  it('answers the same when the e-mail API fails, logs the failure and stays healthy', async () => {
    answer = 500;
    const before = (await post('/auth/createResetRequest', { email: 'nadie@example.co' }).then((r) =>
      r.json(),
    )) as { message: string };
    const res = await post('/auth/createResetRequest', { email: EDGE_ADMIN.email });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(before.message);
    await nextMail(2);
    for (let i = 0; i < 50 && !stack.logs.some((l) => /correo fallido/.test(l.message)); i++)
      await new Promise((r) => setTimeout(r, 100));
    const failure = stack.logs.find((l) => /correo fallido/.test(l.message));
    expect(failure?.level).toBe('warn');
    expect(failure?.message).toMatch(/El servicio de correo respondió 500/);
    // The log names the outbox row, never the address (SECURITY row 18).
    expect(failure?.message).not.toContain(EDGE_ADMIN.email);
    expect((await stack.mf.dispatchFetch(`${ORIGIN}/api/v1/health`)).status).toBe(200);
  }, 60_000);

  it('lists the failed mail on the status screen and resends it through the e-mail API', async () => {
    answer = 202;
    const login = await post('/auth/login', { email: EDGE_ADMIN.email, password: 'Nueva-Clave-2026' });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const status = await stack.mf.dispatchFetch(`${ORIGIN}/api/v1/sistema/estado`, {
      headers: { Cookie: cookie },
    });
    expect(status.status).toBe(200);
    const body = (await status.json()) as {
      data: { colas: { clave: string; fallidos: number; elementos: { id: number; detalle: string }[] }[] };
    };
    const mail = body.data.colas.find((q) => q.clave === 'correo')!;
    expect(mail.fallidos).toBe(1);
    const item = mail.elementos[0]!;
    expect(item.detalle).toBe(`Para: ${EDGE_ADMIN.email}`);
    const retry = await stack.mf.dispatchFetch(
      `${ORIGIN}/api/v1/sistema/colas/correo/${item.id}/reintentar`,
      {
        method: 'POST',
        headers: { Cookie: cookie, Origin: ORIGIN },
      },
    );
    expect(retry.status, await retry.clone().text()).toBe(200);
    const resent = await nextMail(3);
    expect(resent.body.to).toBe(EDGE_ADMIN.email);
    const row = await stack.db.select().from(outbox).where(eq(outbox.id, item.id)).get();
    expect(row).toMatchObject({ estado: 'ENVIADO', intentos: 2 });
  }, 60_000);
});
