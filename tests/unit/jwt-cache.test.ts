import { describe, expect, it } from 'vitest';
import { signSession, verifySession } from '../../worker/platform/jwt';

// verifySession keeps tokens whose signature checked out (worker/platform/jwt.ts). A kept token
// must still expire on time, stay bound to its kind, and never vouch for any other bytes.
const secret = new TextEncoder().encode('a-secret-of-at-least-thirty-two-bytes!!');
const t0 = Date.UTC(2026, 10, 24, 12);

describe('verified-token cache', () => {
  it('a kept token still expires at its exp', async () => {
    const token = await signSession(secret, 7, 'jti-exp', t0, t0 + 60_000);
    expect(await verifySession(secret, token, t0)).toEqual({ sub: 7, jti: 'jti-exp' });
    expect(await verifySession(secret, token, t0 + 59_000)).toEqual({ sub: 7, jti: 'jti-exp' });
    expect(await verifySession(secret, token, t0 + 60_000)).toBeNull();
  });

  it('a cookie token that verified is still no Bearer token', async () => {
    const token = await signSession(secret, 7, 'jti-kind', t0, t0 + 60_000, 'cookie');
    expect(await verifySession(secret, token, t0, 'cookie')).not.toBeNull();
    expect(await verifySession(secret, token, t0, 'bearer')).toBeNull();
  });

  it('only the exact bytes that verified are vouched for', async () => {
    const token = await signSession(secret, 7, 'jti-bytes', t0, t0 + 60_000);
    expect(await verifySession(secret, token, t0)).not.toBeNull();
    const [h, p, sig] = token.split('.');
    const flipped = `${h}.${p}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifySession(secret, flipped, t0)).toBeNull();
    const other = new TextEncoder().encode('another-secret-of-at-least-32-bytes!!!');
    expect(await verifySession(other, token, t0)).toBeNull();
  });
});
