// The readable `infosesion` cookie the server sets beside the HttpOnly `token` (SECURITY.md #2).
export type SessionInfo = { user_id: number; user_name: string; expires_at: string };

export const SESSION_COOKIE = 'infosesion';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null; // the build's prerender: a visitor
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found ? found.slice(prefix.length) : null;
}

export function readSessionInfo(): SessionInfo | null {
  const raw = readCookie(SESSION_COOKIE);
  if (!raw) return null;
  try {
    const info = JSON.parse(decodeURIComponent(raw)) as Partial<SessionInfo>;
    if (typeof info.expires_at !== 'string') return null;
    return {
      user_id: Number(info.user_id),
      user_name: String(info.user_name ?? ''),
      expires_at: info.expires_at,
    };
  } catch {
    return null;
  }
}

/** Expired when expires_at is earlier than now (docs/product-spec.md §4). */
export function isExpired(
  info: Pick<SessionInfo, 'expires_at'> | null | undefined,
  now = Date.now(),
): boolean {
  if (!info) return true;
  const at = Date.parse(info.expires_at);
  return Number.isNaN(at) || at < now;
}
