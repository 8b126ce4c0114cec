// PBKDF2-HMAC-SHA256 with a 16-byte salt and an HMAC pepper, stored self-describing as
// `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (OWASP Password Storage cheat sheet).
// 100,000 iterations is the ceiling Workers enforce; local workerd does not (tests do).
import { b64decode, b64encode, timingSafeEqual } from './bytes';
import { PBKDF2_ITERATIONS } from './ports';

const enc = new TextEncoder();

async function pepperKey(pepper: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', enc.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
  pepper: string,
): Promise<Uint8Array> {
  const peppered = new Uint8Array(
    await crypto.subtle.sign('HMAC', await pepperKey(pepper), enc.encode(password)),
  );
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations, pepper);
  return `pbkdf2-sha256$${iterations}$${b64encode(salt)}$${b64encode(hash)}`;
}

export type VerifyResult = { ok: boolean; needsRehash: boolean };

export async function verifyPassword(
  password: string,
  stored: string,
  pepper: string,
  iterations: number,
): Promise<VerifyResult> {
  const [scheme, iter, salt, hash] = stored.split('$');
  const n = Number(iter);
  if (scheme !== 'pbkdf2-sha256' || !Number.isInteger(n) || n < 1 || !salt || !hash)
    return { ok: false, needsRehash: false };
  const actual = await derive(password, b64decode(salt), n, pepper);
  const ok = timingSafeEqual(actual, b64decode(hash));
  return { ok, needsRehash: ok && n !== iterations };
}

/** Keeps an unknown e-mail as slow as a known one, so timing tells nothing. */
export const DUMMY_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
