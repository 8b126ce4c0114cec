import { jwtVerify, SignJWT } from 'jose';

export const ISSUER = 'members-backoffice';
export const AUDIENCE = 'members-backoffice-api';

export async function signSession(secret: Uint8Array, userId: number, jti: string, issuedAtMs: number, expiresAtMs: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(issuedAtMs / 1000))
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(secret);
}

/** Returns the claims or null; the algorithm, issuer, audience and claims are all required. */
export async function verifySession(secret: Uint8Array, token: string, nowMs: number): Promise<{ sub: number; jti: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
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
