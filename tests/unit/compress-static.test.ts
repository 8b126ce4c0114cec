// The Node server compresses the SPA's files like Pages does; API replies are left alone.
import { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressStatic } from '../../worker/platform/adapters/compress-static';

const js = 'export const x = 1;\n'.repeat(200);
const app = new Hono()
  .use('*', compressStatic())
  .get('/assets/app.js', (c) =>
    c.body(js, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': String(js.length),
    }),
  )
  .get('/assets/logo.png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
  .get('/api/v1/export', (c) => c.body(js, 200, { 'Content-Type': 'text/csv' }));

describe('compressStatic', () => {
  it('sends brotli when accepted, else gzip, with the right length', async () => {
    const br = await app.request('/assets/app.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('Content-Length'))).toBe(brBody.length);
    expect(brotliDecompressSync(brBody).toString()).toBe(js);
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');

    const gz = await app.request('/assets/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
  });

  it('leaves identity requests, images and the API untouched', async () => {
    const plain = await app.request('/assets/app.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
    const png = await app.request('/assets/logo.png', { headers: { 'Accept-Encoding': 'br' } });
    expect(png.headers.get('Content-Encoding')).toBeNull();
    const api = await app.request('/api/v1/export', { headers: { 'Accept-Encoding': 'br' } });
    expect(api.headers.get('Content-Encoding')).toBeNull();
    expect(await api.text()).toBe(js);
  });
});
