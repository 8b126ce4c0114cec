import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { MAX_UPLOAD_MB, MSG } from '../shared/messages';
import { HttpError, tooLarge, unsupported } from './errors';
import { isPlainObject, type BodyMarked } from './validate';
import type { AppEnv } from './ports';

export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const mediaType = (c: Context) => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Writes carry JSON, or multipart for uploads (guarded by csrf() before this); anything else,
 * text/plain included, is refused with 415 (SECURITY row 8).
 */
export const contentTypeGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (WRITE.has(c.req.method)) {
    const type = mediaType(c);
    const hasBody =
      c.req.header('Content-Length') !== '0' &&
      (c.req.header('Content-Length') || c.req.header('Transfer-Encoding'));
    if (hasBody || type) {
      if (type !== 'application/json' && type !== 'multipart/form-data') throw unsupported();
    }
  }
  await next();
});

/**
 * A browser write names its page's origin, and only ours may write (decision 0096): csrf()
 * looks only at form bodies, and a JSON write relied on the browser's CORS preflight alone. A
 * write with no Origin comes from no browser (every browser sends it on cross-site writes) and
 * passes; one with a foreign Origin, `null` included, is 403 whatever its body or cookie.
 */
export const originGuard = (allowed: (origin: string, c: Context<AppEnv>) => boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('Origin');
    if (WRITE.has(c.req.method) && origin !== undefined && !allowed(origin, c))
      throw new HttpError(403, MSG.forbidden);
    await next();
  });

const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: () => {
    throw tooLarge();
  },
});
const jsonLimit = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: () => {
    throw new HttpError(413, MSG.bodyTooLarge(MAX_JSON_BYTES / 1024 / 1024));
  },
});

/**
 * Strict bodies (decision 0033): a JSON write is parsed before any handler, so malformed JSON
 * is always 400; a route that reads no body (none of its handlers carries the `takesBody` mark of
 * `json()`/`readsJson()`) accepts only an empty body or `{}`, anything else is 422.
 */
async function strictJson(c: Context<AppEnv>) {
  if (!WRITE.has(c.req.method) || mediaType(c) !== 'application/json') return;
  // Decoded keeping a leading byte order mark (Request.text() would drop it): RFC 8259 forbids
  // sending one, and a body that a WAF or log reads as non-JSON must not be JSON here
  // (docs/decisions/0093), so '\uFEFF{…}' is malformed (400) on every route alike.
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(await c.req.arrayBuffer());
  if (!/[^ \t\r\n]/.test(text)) return; // only JSON's own whitespace counts as an empty body
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, MSG.bodyMalformed);
  }
  if (matchedRoutes(c).some((r) => (r.handler as Partial<BodyMarked>).takesBody)) return;
  if (!isPlainObject(body) || Object.keys(body).length) throw new HttpError(422, MSG.bodyNotExpected);
}

/** Size limits before any parsing: 48 MB (plus multipart framing) for uploads, 1 MB for JSON. */
export const sizeGuard = createMiddleware<AppEnv>(async (c, next) => {
  // A read carries no body any handler looks at; asking for one would make the Node adapter build
  // a full Request (~0.7 ms) on every grid page.
  if (!WRITE.has(c.req.method)) return next();
  const multipart = mediaType(c) === 'multipart/form-data';
  if (multipart) return uploadLimit(c, next);
  return jsonLimit(c, async () => {
    await strictJson(c);
    await next();
  });
});
