import { jwtVerify, SignJWT } from 'jose';

export const ISSUER = 'members-backoffice';
export const AUDIENCE = 'members-backoffice-api';
/** Tokens from `/auth/token` carry their own audience: a browser's cookie JWT is never a Bearer token. */
export const BEARER_AUDIENCE = 'members-backoffice-api-bearer';
export type SessionKind = 'cookie' | 'bearer';
export const audienceOf = (kind: SessionKind) => (kind === 'bearer' ? BEARER_AUDIENCE : AUDIENCE);

export async function signSession(secret: Uint8Array, userId: number, jti: string, issuedAtMs: number, expiresAtMs: number, kind: SessionKind = 'cookie'): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(audienceOf(kind))
    .setIssuedAt(Math.floor(issuedAtMs / 1000))
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(await hmacKey(secret));
}

// Importing the HMAC key costs about a millisecond of WebCrypto on every call; a CryptoKey is
// plain key material (no I/O), so one per secret is kept for the life of the process or isolate.
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/** Returns the claims or null; the algorithm, issuer, audience and claims are all required. */
export async function verifySession(secret: Uint8Array, token: string, nowMs: number, kind: SessionKind = 'cookie'): Promise<{ sub: number; jti: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: audienceOf(kind),
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      currentDate: new Date(nowMs),
    });
    const sub = Number(payload.sub);
    if (!Number.isSafeInteger(sub) || typeof payload.jti !== 'string') return null;
    return { sub, jti: payload.jti };
  } catch {
    return null;
  }
}
