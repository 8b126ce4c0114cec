// Node only: compresses the SPA's files the way Cloudflare Pages does in production (brotli when
// the browser accepts it, else gzip). API responses (/api/*) pass through untouched, so streamed
// downloads keep their bodies and headers. Hashed files under /assets/ never change, so each is
// compressed once and kept in memory; index.html is small and compressed per request.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

function pick(accept: string): Encoding | null {
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Off the event loop; brotli quality 5 costs about what gzip -9 does and still compresses better. */
async function encode(body: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'br')
    return new Uint8Array(
      await brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  return new Uint8Array(await gzipAsync(body, { level: 9 }));
}

// Content-hashed names: one compressed copy per file and encoding for the whole process.
const cache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

export function compressStatic(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.req.method !== 'GET') return;
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (res.status !== 200 || res.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type)) return;
    const encoding = pick(c.req.header('Accept-Encoding') ?? '');
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    if (!encoding) {
      c.res = undefined;
      c.res = new Response(res.body, { status: res.status, headers });
      return;
    }
    const immutable = c.req.path.startsWith('/assets/');
    const key = `${encoding}:${c.req.path}`;
    const cached = immutable ? cache.get(key) : undefined;
    let out: Uint8Array<ArrayBuffer>;
    if (cached) {
      await res.body?.cancel();
      out = await cached;
    } else {
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.length < MIN_BYTES) {
        c.res = undefined;
        c.res = new Response(body, { status: res.status, headers });
        return;
      }
      const pending = encode(body, encoding);
      if (immutable) cache.set(key, pending);
      out = await pending;
    }
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(out.length));
    c.res = undefined;
    c.res = new Response(out, { status: res.status, headers });
  };
}
