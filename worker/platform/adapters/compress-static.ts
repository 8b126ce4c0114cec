// Node only: compresses the SPA's files the way Cloudflare Pages does in production (brotli when
// the browser accepts it, else gzip). API responses (/api/*) pass through untouched, so streamed
// downloads keep their bodies and headers. Hashed files under /assets/ never change, so each is
// compressed once and kept in memory; index.html is small and compressed per request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

function pick(accept: string): Encoding | null {
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

function encode(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'br') return new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  return new Uint8Array(gzipSync(body, { level: 9 }));
}

export function compressStatic(): MiddlewareHandler {
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
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
    let out: Uint8Array<ArrayBuffer> | undefined = immutable ? cache.get(key) : undefined;
    if (!out) {
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.length < MIN_BYTES) {
        c.res = undefined;
        c.res = new Response(body, { status: res.status, headers });
        return;
      }
      out = encode(body, encoding);
      if (immutable) cache.set(key, out);
    } else await res.body?.cancel();
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(out.length));
    c.res = undefined;
    c.res = new Response(out, { status: res.status, headers });
  };
}
