// The SPA reports its own failures (docs/decisions/0354): window errors, unhandled promises and
// the router's error boundary go to POST /api/v1/sistema/errores with the build's version; the
// server scrubs them and passes them to Sentry when configured. Query strings and long path
// segments (tokens in links) never leave the browser; each distinct error is sent once per page.
import { CLIENT_ERROR_LIMITS as L, CLIENT_ERROR_ORIGINS } from '@shared/ops';
import { apiUrl, baseHeaders } from '@/lib/api';

type Origin = (typeof CLIENT_ERROR_ORIGINS)[number];
const MAX_PER_PAGE = 10;
const sent = new Set<string>();

/** The build's version: VITE_RELEASE at `vite build` (docs/operations.md), else none. */
const RELEASE: string | undefined = import.meta.env.VITE_RELEASE || undefined;

/** The page's path without its query, long segments (ids of links, tokens) replaced. */
export const reportedPath = (pathname: string) =>
  pathname
    .split('/')
    .map((s) => (s.length > 24 ? ':token' : s))
    .join('/')
    .slice(0, L.ruta);

export function reportClientError(error: unknown, origen: Origin) {
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Error desconocido');
  const key = `${origen}:${err.message}`;
  if (sent.has(key) || sent.size >= MAX_PER_PAGE) return;
  sent.add(key);
  const body = {
    mensaje: err.message.slice(0, L.mensaje) || err.name,
    ...(err.stack ? { pila: err.stack.slice(0, L.pila) } : {}),
    ruta: reportedPath(window.location.pathname),
    ...(RELEASE ? { version: RELEASE.slice(0, L.version) } : {}),
    origen,
  };
  void fetch(apiUrl('/sistema/errores'), {
    method: 'POST',
    headers: { ...baseHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** Listens for what no handler caught; once, at start-up. */
export function installErrorReporting() {
  window.addEventListener('error', (e) => reportClientError(e.error ?? e.message, 'ventana'));
  window.addEventListener('unhandledrejection', (e) => reportClientError(e.reason, 'promesa'));
}
