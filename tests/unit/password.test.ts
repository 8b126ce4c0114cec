import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../worker/platform/password';
import { PBKDF2_ITERATIONS } from '../../worker/platform/ports';
import { loginSchema } from '../../worker/shared/schemas/auth';
import { password } from '../../worker/shared/schemas/fields';
import { enforcePbkdf2Ceiling, PRODUCTION_PBKDF2_CEILING } from '../setup/pbkdf2-ceiling';

const N = PBKDF2_ITERATIONS;

describe('password hashing (SECURITY row 1)', () => {
  it('configures as many iterations as Workers allow, no fewer', () => {
    expect(N).toBe(PRODUCTION_PBKDF2_CEILING);
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

  it('hashes and verifies at the configured count under production’s PBKDF2 ceiling', async () => {
    const ceiling = enforcePbkdf2Ceiling();
    try {
      const hash = await hashPassword('una clave larga', 'p', N);
      expect((await verifyPassword('una clave larga', hash, 'p', N)).ok).toBe(true);
      expect(ceiling.asked).toEqual([N, N]);
    } finally {
      ceiling.restore();
    }
  });

  it('asks for a rehash when the stored parameters differ from the current ones', async () => {
    const old = await hashPassword('una clave larga', 'p', 50_000);
    expect(await verifyPassword('una clave larga', old, 'p', N)).toEqual({ ok: true, needsRehash: true });
  });

  // The refusal path: each of these is a stored hash or an input that must not sign anyone in, and
  // none of them may throw (a throw is a 500 at the login route instead of "wrong password").
  describe('refuses, without throwing', () => {
    let good: string;
    let parts: string[];
    const REFUSED = { ok: false, needsRehash: false };
    const withPart = (i: number, value: string) => parts.map((p, j) => (j === i ? value : p)).join('$');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    beforeAll(async () => {
      good = await hashPassword('una clave larga', 'pimienta', N);
      parts = good.split('$');
    });

    it('the right password against its own hash (the control)', async () => {
      expect(await verifyPassword('una clave larga', good, 'pimienta', N)).toEqual({
        ok: true,
        needsRehash: false,
      });
    });

    it.each<[string, () => string]>([
      ['another scheme with the same digest', () => withPart(0, 'pbkdf2-sha1')],
      ['no scheme', () => parts.slice(1).join('$')],
      ['a tampered digest (one bit)', () => withPart(3, flip(parts[3]!))],
      [
        'a truncated digest',
        () => withPart(3, Buffer.from(parts[3]!, 'base64').subarray(0, 16).toString('base64')),
      ],
      [
        'a digest with a byte more',
        () =>
          withPart(3, Buffer.concat([Buffer.from(parts[3]!, 'base64'), Buffer.from([0])]).toString('base64')),
      ],
      ['a tampered salt', () => withPart(2, flip(parts[2]!))],
      ['another iteration count', () => withPart(1, String(N - 1))],
      ['zero iterations', () => withPart(1, '0')],
      ['negative iterations', () => withPart(1, '-5')],
      ['fractional iterations', () => withPart(1, '1.5')],
      ['a non-numeric count', () => withPart(1, 'mucho')],
      ['an empty salt', () => withPart(2, '')],
      ['an empty digest', () => withPart(3, '')],
      ['only a scheme', () => 'pbkdf2-sha256'],
      ['an empty string', () => ''],
      ['another format (md5)', () => 'md5$abc'],
    ])('a stored hash with %s', async (_, stored) => {
      expect(await verifyPassword('una clave larga', stored(), 'pimienta', N)).toEqual(REFUSED);
    });

    it.each<[string, string, string]>([
      ['a wrong password', 'otra clave', 'pimienta'],
      ['the password with one letter changed in case', 'Una clave larga', 'pimienta'],
      ['an empty password', '', 'pimienta'],
      ['the password with a trailing space', 'una clave larga ', 'pimienta'],
      ['the right password with another pepper', 'una clave larga', 'otra-pimienta'],
    ])('%s', async (_, password, pepper) => {
      expect(await verifyPassword(password, good, pepper, N)).toEqual(REFUSED);
    });

    it('a wrong password against an old hash, and never asks to rehash it', async () => {
      const old = await hashPassword('una clave larga', 'pimienta', 1_000);
      expect(await verifyPassword('otra clave', old, 'pimienta', N)).toEqual(REFUSED);
    });

    it('the dummy hash an unknown e-mail is checked against, for any password', async () => {
      for (const pw of ['', 'una clave larga', 'A'.repeat(128)])
        expect(await verifyPassword(pw, DUMMY_HASH, 'pimienta', N)).toEqual(REFUSED);
    });
  });

  it('refuses a password outside 8 to 128 characters before any hashing (login: over 128)', () => {
    const field = password();
    expect(v.safeParse(field, 'x'.repeat(128)).success).toBe(true);
    expect(v.safeParse(field, 'x'.repeat(8)).success).toBe(true);
    for (const bad of ['x'.repeat(129), 'x'.repeat(7), '', 42]) {
      const res = v.safeParse(field, bad);
      expect(res.success, String(bad).slice(0, 10)).toBe(false);
    }
    expect(v.safeParse(field, 'x'.repeat(129)).issues?.[0]?.message).toBe(
      'La contraseña debe tener entre 8 y 128 caracteres',
    );
    expect(v.safeParse(loginSchema, { email: 'a@b.co', password: 'x'.repeat(128) }).success).toBe(true);
    expect(v.safeParse(loginSchema, { email: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(false);
  });
});
