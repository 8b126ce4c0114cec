// Deny by default (SECURITY.md row 5): every /api/v1 route needs a session except these.
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/v1/health',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/login/totp',
  'POST /api/v1/auth/token',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/verify',
  'POST /api/v1/auth/resendVerificationEmail',
  'POST /api/v1/auth/createResetRequest',
  'POST /api/v1/auth/resetPassword',
  'GET /api/v1/auth/logout',
  'POST /api/v1/auth/logout',
  'GET /api/v1/auth/initForm',
  'GET /api/v1/auth/departamentos',
  'GET /api/v1/auth/ciudades',
  'GET /api/v1/auth/referral/:code',
  'GET /api/v1/auth/terminos/:id/file',
  // The privacy notice in force, shown on /register (docs/privacy.md «Aviso y autorizaciones»).
  'GET /api/v1/privacidad/aviso',
  // The SPA's own errors (before sign-in too), rate-limited per address (decision 0354).
  'POST /api/v1/sistema/errores',
  // A payment gateway's events: signed by the gateway, checked by the handler (marker `webhook`).
  'POST /api/v1/pasarela/wompi/eventos',
];

const compiled = PUBLIC_ROUTES.map((entry) => {
  const [method, path] = entry.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);
  return { method, pattern };
});

export function isPublic(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return compiled.some((r) => r.method === m && r.pattern.test(path));
}
