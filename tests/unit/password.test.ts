import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../worker/platform/password';
import { PBKDF2_ITERATIONS } from '../../worker/platform/ports';

const N = PBKDF2_ITERATIONS;
/** The ceiling production Workers enforce on PBKDF2 (local workerd does not). */
const WORKERS_CEILING = 100_000;

describe('password hashing (SECURITY row 1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('configures as many iterations as Workers allow, no fewer', () => {
    expect(N).toBe(WORKERS_CEILING);
  });

  it('stores a self-describing PBKDF2-SHA256 hash with the configured iterations and a 16-byte salt', async () => {
    const hash = await hashPassword('una clave larga', 'pimienta', N);
    const [scheme, iter, salt, digest] = hash.split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(iter).toBe(String(N));
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(digest!, 'base64')).toHaveLength(32);
    expect((await verifyPassword('una clave larga', hash, 'pimienta', N)).ok).toBe(true);
    expect((await verifyPassword('otra clave', hash, 'pimienta', N)).ok).toBe(false);
  });

  it('depends on the pepper', async () => {
    const hash = await hashPassword('una clave larga', 'pimienta', N);
    expect((await verifyPassword('una clave larga', hash, 'otra-pimienta', N)).ok).toBe(false);
  });

  it('still works where deriveBits refuses more than 100,000 iterations, as production Workers do', async () => {
    const real = crypto.subtle.deriveBits.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, 'deriveBits').mockImplementation(async (alg: any, key, length) => {
      if (alg.iterations > WORKERS_CEILING)
        throw new DOMException(
          'Pbkdf2 failed: iteration counts above 100000 are not supported',
          'NotSupportedError',
        );
      return real(alg, key, length);
    });
    const hash = await hashPassword('una clave larga', 'p', N);
    expect((await verifyPassword('una clave larga', hash, 'p', N)).ok).toBe(true);
  });

  it('asks for a rehash when the stored parameters differ from the current ones', async () => {
    const old = await hashPassword('una clave larga', 'p', 50_000);
    expect(await verifyPassword('una clave larga', old, 'p', N)).toEqual({ ok: true, needsRehash: true });
  });

  it('refuses a malformed stored hash', async () => {
    expect((await verifyPassword('x', 'md5$abc', 'p', N)).ok).toBe(false);
  });
});
