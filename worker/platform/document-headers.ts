// The headers of a document of the SPA: its Content-Security-Policy, HSTS and the browser features
// it turns off. The API sends the same on every answer (worker/app.ts); web/public/_headers repeats
// them for the files Cloudflare Pages serves, and the Pages Function that draws signed-in
// documents sends them itself (web/functions/app/[[path]].ts), since _headers does not reach it.

/** Content-Security-Policy of the SPA (and of every API answer, which is never a document). */
export const SPA_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Browser features no screen uses, turned off for the SPA and every API answer (SECURITY row 13);
 * web/public/_headers repeats the same line for Cloudflare Pages.
 */
export const PERMISSIONS_POLICY = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
} satisfies Record<string, string[]>;
export const PERMISSIONS_POLICY_HEADER = Object.keys(PERMISSIONS_POLICY)
  .map((k) => `${k}=()`)
  .join(', ');

const kebab = (k: string) => k.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
export const CSP_HEADER = Object.entries(SPA_CSP)
  .map(([k, v]) => `${kebab(k)} ${v.join(' ')}`)
  .join('; ');

/** Every security header of a document (the `/*` block of web/public/_headers). */
export const DOCUMENT_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP_HEADER,
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY_HEADER,
};
