// Issue 21 item 7: on `npm run preview:edge` the caller must not choose the address the login
// limiter counts. Production's edge overwrites CF-Connecting-IP; local `wrangler dev` keeps the
// client's, so the preview puts a proxy in front of it that does what the edge does.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressProxy } from '../../worker/tools/edge-preview';

let seen: IncomingHttpHeaders[] = [];
const upstream = createServer((req, res) => {
  seen.push(req.headers);
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    res.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/']);
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, url: req.url, body }));
  });
});
let proxy: Awaited<ReturnType<typeof clientAddressProxy>>;

beforeAll(async () => {
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', () => ok()));
  proxy = await clientAddressProxy(0, (upstream.address() as AddressInfo).port);
});
afterAll(async () => {
  await proxy.close();
  await new Promise((ok) => upstream.close(ok));
});

describe('the preview sets the caller address itself', () => {
  it('overwrites a client-chosen CF-Connecting-IP (and X-Forwarded-For) with the socket address', async () => {
    seen = [];
    const res = await fetch(`http://127.0.0.1:${proxy.port}/api/v1/auth/login?x=1`, {
      method: 'POST',
      headers: {
        'CF-Connecting-IP': '203.0.113.77',
        'X-Forwarded-For': '198.51.100.1',
        'Content-Type': 'application/json',
        Origin: 'http://localhost:1',
      },
      body: '{"email":"a@b.co"}',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      method: 'POST',
      url: '/api/v1/auth/login?x=1',
      body: '{"email":"a@b.co"}',
    });
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(seen).toHaveLength(1);
    expect(seen[0]!['cf-connecting-ip']).toBe('127.0.0.1');
    expect(seen[0]!['x-forwarded-for']).toBeUndefined();
    expect(seen[0]!.origin).toBe('http://localhost:1');
  });
});
