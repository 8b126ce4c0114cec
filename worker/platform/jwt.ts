import { jwtVerify, SignJWT } from 'jose';

export const ISSUER = 'members-backoffice';
export const AUDIENCE = 'members-backoffice-api';
/** Tokens from `/auth/token` carry their own audience: a browser's cookie JWT is never a Bearer token. */
export const BEARER_AUDIENCE = 'members-backoffice-api-bearer';
export type SessionKind = 'cookie' | 'bearer';
export const audienceOf = (kind: SessionKind) => (kind === 'bearer' ? BEARER_AUDIENCE : AUDIENCE);

export async function signSession(
  secret: Uint8Array,
  userId: number,
  jti: string,
  issuedAtMs: number,
  expiresAtMs: number,
  kind: SessionKind = 'cookie',
): Promise<string> {
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
    key = crypto.subtle.importKey(
      'raw',
      secret as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/**
 * Tokens whose signature and fixed claims already checked out, per secret: HMAC through WebCrypto
 * costs about 0.1 ms a request (a thread hop on Node). The key is the whole token, signature
 * included, so only the very bytes that verified can hit; the time claims are checked again on
 * every call, and revocation is the session row's business (auth.ts), not this cache's.
 */
type Verified = { sub: number; jti: string; exp: number; nbf: number | undefined };
const verified = new WeakMap<Uint8Array, Map<string, Verified>>();
const MAX_VERIFIED = 2048;

/** Returns the claims or null; the algorithm, issuer, audience and claims are all required. */
export async function verifySession(
  secret: Uint8Array,
  token: string,
  nowMs: number,
  kind: SessionKind = 'cookie',
): Promise<{ sub: number; jti: string } | null> {
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map()));
  const cacheKey = `${kind} ${token}`;
  const hit = known.get(cacheKey);
  if (hit) {
    // jose's own rule: expired when exp <= now in whole seconds; not yet valid when nbf > now.
    const now = Math.floor(nowMs / 1000);
    if (hit.exp <= now || (hit.nbf !== undefined && hit.nbf > now)) return null;
    return { sub: hit.sub, jti: hit.jti };
  }
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
    if (known.size >= MAX_VERIFIED) known.clear();
    known.set(cacheKey, { sub, jti: payload.jti, exp: payload.exp!, nbf: payload.nbf });
    return { sub, jti: payload.jti };
  } catch {
    return null;
  }
}
