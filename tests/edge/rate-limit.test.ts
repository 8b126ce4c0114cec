// The anonymous endpoints' per-IP limit on the Worker goes through the IP_LIMITER binding (the
// Workers rate-limiting API), keyed by CF-Connecting-IP: past the budget the Worker answers 429 in
// Spanish with Retry-After, another address is unaffected, and signed-in reads are not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../worker/shared/messages';
import { EDGE_ADMIN, startEdgeStack, type EdgeStack } from '../setup/edge-stack';
import { productionBundle } from '../setup/edge-bundle';

const ORIGIN = 'http://localhost';
const LIMIT = 5;
let stack: EdgeStack;

beforeAll(async () => {
  stack = await startEdgeStack({ bundle: await productionBundle(), ipLimit: LIMIT });
}, 120_000);
afterAll(async () => stack?.close());

const login = (ip: string, password = 'Clave-Equivocada-1') =>
  stack.mf.dispatchFetch(`${ORIGIN}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': ip },
    body: JSON.stringify({ email: 'alguien@example.co', password }),
  });

describe('worker: per-IP limit through the rate-limiting binding', () => {
  it('answers 429 in Spanish with Retry-After past the budget, per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push((await login('203.0.113.7')).status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    const refused = await login('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe(MSG.tooMany);
    // Another address has its own budget.
    expect((await login('198.51.100.9')).status).toBe(401);
  });

  it('does not count signed-in reads against the address', async () => {
    const ip = '192.0.2.44';
    const ok = await stack.mf.dispatchFetch(`${ORIGIN}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': ip },
      body: JSON.stringify(EDGE_ADMIN),
    });
    expect(ok.status).toBe(200);
    const cookie = ok.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='))
      .join('; ');
    for (let i = 0; i < LIMIT * 2; i++) {
      const res = await stack.mf.dispatchFetch(`${ORIGIN}/api/v1/auth/session`, {
        headers: { Cookie: cookie, 'CF-Connecting-IP': ip },
      });
      expect(res.status).toBe(200);
    }
  });
});
