// The SPA's writes (issue 22 item 4): one Idempotency-Key per call, re-sent with the same key after a
// network failure (a lost reply), a bounded number of times with a growing wait; replies are final.
import { describe, expect, it } from 'vitest';
import { backoff, idempotentFetch, RETRY, withRetries } from '../../web/lib/idempotent-fetch';

type Call = { url: string; method: string; key: string | null; body: unknown };

/** A fake server: the first `drop` sends are processed but their replies never arrive. */
function fakeServer(drop: number, reply: () => Response = () => new Response('{"data":1}', { status: 201 })) {
  const calls: Call[] = [];
  const base = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      key: new Headers(init.headers).get('Idempotency-Key'),
      body: init.body,
    });
    if (calls.length <= drop) throw new TypeError('Failed to fetch');
    return reply();
  }) as typeof fetch;
  return { calls, base };
}

describe('idempotentFetch', () => {
  it('re-sends a write whose reply was lost, with the same key, after a wait', async () => {
    const server = fakeServer(1);
    const waits: number[] = [];
    const f = idempotentFetch(server.base, { sleep: async (ms) => void waits.push(ms) });
    const res = await f('/api/v1/general/bancos', { method: 'POST', body: '{"codigo":"1"}' });
    expect(res.status).toBe(201);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]!.key).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(server.calls[1]!.key).toBe(server.calls[0]!.key);
    expect(server.calls[1]!.body).toBe('{"codigo":"1"}');
    expect(waits).toEqual([RETRY.firstDelayMs]);
  });

  it('gives each call (each submit) its own key', async () => {
    const server = fakeServer(0);
    const f = idempotentFetch(server.base, { sleep: async () => {} });
    await f('/a', { method: 'PUT', body: '{}' });
    await f('/a', { method: 'PUT', body: '{}' });
    expect(server.calls[0]!.key).not.toBe(server.calls[1]!.key);
  });

  it('stops after the bounded number of sends, waiting longer each time, and throws the failure', async () => {
    const server = fakeServer(99);
    const waits: number[] = [];
    const f = idempotentFetch(server.base, { sleep: async (ms) => void waits.push(ms) });
    await expect(f('/a', { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(TypeError);
    expect(server.calls).toHaveLength(RETRY.attempts);
    expect(new Set(server.calls.map((c) => c.key)).size).toBe(1);
    expect(waits).toEqual([backoff(1), backoff(2)]);
    expect(backoff(2)).toBe(2 * backoff(1));
  });

  it('never re-sends a reply, whatever its status (a 500 or a 409 is an answer)', async () => {
    for (const status of [500, 503, 409, 422]) {
      const server = fakeServer(0, () => new Response('{}', { status }));
      const res = await idempotentFetch(server.base, { sleep: async () => {} })('/a', { method: 'POST' });
      expect(res.status).toBe(status);
      expect(server.calls).toHaveLength(1);
    }
  });

  it('leaves reads alone and keeps a key the caller set; an abort is not retried', async () => {
    const server = fakeServer(0);
    const f = idempotentFetch(server.base, { sleep: async () => {} });
    await f('/a');
    await f('/a', { method: 'DELETE', headers: { 'Idempotency-Key': 'mia' } });
    expect(server.calls.map((c) => c.key)).toEqual([null, 'mia']);

    const aborting = fakeServer(0);
    let n = 0;
    const abortBase = (async (...args: Parameters<typeof fetch>) => {
      n++;
      await aborting.base(...args);
      throw new DOMException('Aborted', 'AbortError');
    }) as typeof fetch;
    await expect(
      idempotentFetch(abortBase, { sleep: async () => {} })('/a', { method: 'POST' }),
    ).rejects.toThrow('Aborted');
    expect(n).toBe(1);
  });

  it('an upload refused with a reply (the 415 of a wrong file) is sent once, not three times', async () => {
    let sends = 0;
    const refused = Object.assign(new Error('Tipo de archivo no permitido'), { status: 415 });
    await expect(
      withRetries(
        async () => {
          sends++;
          throw refused;
        },
        { sleep: async () => {} },
      ),
    ).rejects.toBe(refused);
    expect(sends).toBe(1);
    // A lost reply (TypeError) is what is sent again.
    let lost = 0;
    await withRetries(
      async () => {
        if (++lost < 2) throw new TypeError('Failed to fetch');
        return 'ok';
      },
      { sleep: async () => {} },
    );
    expect(lost).toBe(2);
  });
});
