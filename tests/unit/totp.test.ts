// RFC 6238 appendix B test vectors (SHA-1, 8 digits truncated to the last 6 here) and RFC 4226
// appendix D HOTP values, for the WebCrypto implementation in worker/shared/totp.ts.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpCode } from '../../worker/shared/totp';

const RFC_SECRET = new TextEncoder().encode('12345678901234567890');

describe('TOTP', () => {
  it('matches the RFC 4226 HOTP values', async () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    for (let i = 0; i < 10; i++) expect(await hotp(RFC_SECRET, i)).toBe(expected[i]);
  });

  it('matches the RFC 6238 SHA-1 vectors', async () => {
    const b32 = base32Encode(RFC_SECRET);
    expect(b32).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    for (const [t, code] of [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
      [20000000000, '353130'],
    ] as const) {
      expect(await totpCode(b32, t * 1000)).toBe(code);
    }
  });

  it('accepts one step of drift either way and nothing further, and only six digits', async () => {
    const b32 = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
    const now = Date.UTC(2026, 10, 15, 12, 0, 10);
    const code = await totpCode(b32, now);
    expect(await matchTotp(b32, code, now + 30_000)).not.toBeNull();
    expect(await matchTotp(b32, code, now - 30_000)).not.toBeNull();
    expect(await matchTotp(b32, code, now + 90_000)).toBeNull();
    expect(await matchTotp(b32, `${code} `, now)).toBeNull();
    expect(base32Decode(b32)).toHaveLength(20);
    expect(otpauthUri('360 web', 'ana@x.co', b32)).toBe(
      `otpauth://totp/360%20web%3Aana%40x.co?secret=${b32}&issuer=360%20web&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
