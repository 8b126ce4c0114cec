// The one way a stored file is answered (worker/platform/uploads.ts, serveStored): the body as
// stored, never sniffed, sandboxed, its length, inline only when asked for an image, and a name
// that follows the type (docs/decisions/0092).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { serveStored } from '../../worker/platform/uploads';
import type { StoredBlob } from '../../worker/platform/ports';

const stored = (text: string, contentType: string): StoredBlob => {
  const bytes = new TextEncoder().encode(text);
  return {
    body: new ReadableStream({
      start(c) {
        c.enqueue(bytes);
        c.close();
      },
    }),
    contentType,
    size: bytes.length,
  };
};

async function served(contentType: string, fileName: string, inline: boolean) {
  const app = new Hono().get('/', (c) =>
    serveStored(c, stored('%PDF-1.7 cuerpo', contentType), contentType, fileName, inline),
  );
  return app.request('/');
}

describe('serveStored', () => {
  it('streams the stored body with its length and the safe headers', async () => {
    const res = await served('application/pdf', 'factura.html', false);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7 cuerpo');
    expect(res.headers.get('Content-Length')).toBe('15');
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="factura.pdf"; filename*=UTF-8''factura.pdf`,
    );
  });

  it('shows an image inline when asked to', async () => {
    const res = await served('image/png', 'foto.png', true);
    expect(res.headers.get('Content-Disposition')?.startsWith('inline;')).toBe(true);
  });
});
