import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { tooLarge, unsupported } from './errors';
import type { AppEnv } from './ports';

export const MAX_UPLOAD_BYTES = 48 * 1024 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes carry JSON, or multipart for uploads (guarded by csrf() before this); anything else,
 * text/plain included, is refused with 415 (SECURITY row 8).
 */
export const contentTypeGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (WRITE.has(c.req.method)) {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    const hasBody = c.req.header('Content-Length') !== '0' && (c.req.header('Content-Length') || c.req.header('Transfer-Encoding'));
    if (hasBody || type) {
      if (type !== 'application/json' && type !== 'multipart/form-data') throw unsupported();
    }
  }
  await next();
});

const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 64 * 1024, onError: () => { throw tooLarge(); } });
const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: () => { throw tooLarge(); } });

/** Size limits before any parsing: 48 MB (plus multipart framing) for uploads, 1 MB for JSON. */
export const sizeGuard = createMiddleware<AppEnv>(async (c, next) => {
  const multipart = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data');
  return (multipart ? uploadLimit : jsonLimit)(c, next);
});
