import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { sessions } from '../../db/schema';
import { INFO_COOKIE, TOKEN_COOKIE } from '../../platform/session-cookies';
import { randomToken } from '../../platform/bytes';
import type { Db } from '../../platform/db';
import { signSession } from '../../platform/jwt';
import type { AppEnv, Ports } from '../../platform/ports';

export type InfoSession = { user_id: number; user_name: string; expires_at: string };

export async function openSession(
  ports: Pick<Ports, 'db' | 'clock' | 'config'>,
  user: { id: number },
  kind: 'cookie' | 'bearer',
  userAgent?: string,
) {
  const now = ports.clock.now();
  const expiresAt = now + ports.config.sessionHours * 3_600_000;
  const jti = randomToken(16);
  await ports.db.insert(sessions).values({
    jti,
    userId: user.id,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    kind,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  const token = await signSession(ports.config.jwtSecret, user.id, jti, now, expiresAt, kind);
  return { token, jti, expiresAt };
}

const isLocal = (c: Context) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(c.req.url).hostname);

/** `token` is HttpOnly; `infosesion` is readable by the SPA and carries no secret (SECURITY row 2). */
export function setSessionCookies(c: Context<AppEnv>, token: string, info: InfoSession) {
  const secure = !isLocal(c);
  const maxAge = Math.max(0, Math.floor((Date.parse(info.expires_at) - c.var.clock.now()) / 1000));
  setCookie(c, TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure, maxAge });
  setCookie(c, INFO_COOKIE, JSON.stringify(info), {
    httpOnly: false,
    sameSite: 'Lax',
    path: '/',
    secure,
    maxAge,
  });
}

export function clearSessionCookies(c: Context<AppEnv>) {
  const secure = !isLocal(c);
  deleteCookie(c, TOKEN_COOKIE, { path: '/', secure });
  deleteCookie(c, INFO_COOKIE, { path: '/', secure });
}

export function infoSession(user: { id: number; userName: string }, expiresAt: number): InfoSession {
  return { user_id: user.id, user_name: user.userName, expires_at: new Date(expiresAt).toISOString() };
}

/** Revokes every open session of a user, optionally sparing one. */
export async function revokeSessions(db: Db, userId: number, now: number, exceptJti?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptJti ? ne(sessions.jti, exceptJti) : undefined,
      ),
    );
}
