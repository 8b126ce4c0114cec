// Issue 21 §6 (docs/decisions/0092): a downloaded file's name ends with the extension of the type
// the server detected and serves, never with the uploader's ('invoice.html' holding a PDF is
// served as 'invoice.pdf'), also for names stored before the rule.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compraAdjuntos } from '../../worker/db/schema';
import { ORIGIN } from '../setup/app';
import { api, buy, type Shop, shopApp, uploadAttachment } from './shop-fixtures';

let shop: Shop;
beforeAll(async () => {
  shop = await shopApp();
});

/** A PDF that is also an HTML page: what a browser would render if the name said .html. */
const POLYGLOT = Buffer.from(
  '%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n',
);

const extensionOf = (disposition: string | null) => /filename="[^"]*\.([^".]+)"/.exec(disposition ?? '')?.[1];

describe('served file names', () => {
  it('serves a PDF+HTML polyglot named invoice.html as invoice.pdf, and corrects a name stored before', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const res = await uploadAttachment(shop.t, m.cookie, compra.id, new File([POLYGLOT], 'invoice.html'));
    expect(res.status).toBe(201);
    const [row] = (await api(shop.t, m.cookie).get(`/compras/${compra.id}/adjuntos`)).json.data;
    expect(row).toMatchObject({ file_name: 'invoice.pdf', content_type: 'application/pdf' });
    const file = await shop.t.fetch(`${ORIGIN}${row.url}`, { headers: { Cookie: m.cookie } });
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toContain('filename="invoice.pdf"');
    expect(extensionOf(file.headers.get('Content-Disposition'))).toBe('pdf');

    // A row stored before the rule still carries the uploader's name: the download corrects it.
    await shop.t.db
      .update(compraAdjuntos)
      .set({ fileName: 'factura vieja.html' })
      .where(eq(compraAdjuntos.id, row.id));
    const old = await shop.t.fetch(`${ORIGIN}${row.url}`, { headers: { Cookie: m.cookie } });
    expect(old.headers.get('Content-Disposition')).toContain('filename="factura vieja.pdf"');
    expect(old.headers.get('Content-Disposition')).toContain("filename*=UTF-8''factura%20vieja.pdf");
  });

  it('keeps a name whose extension already fits and adds one to a name without it', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    for (const name of ['Soporte.PDF', 'soporte']) {
      const res = await uploadAttachment(shop.t, m.cookie, compra.id, new File([POLYGLOT], name));
      expect(res.status).toBe(201);
    }
    const names = (await api(shop.t, m.cookie).get(`/compras/${compra.id}/adjuntos`)).json.data.map(
      (r: { file_name: string }) => r.file_name,
    );
    expect(names.sort()).toEqual(['Soporte.PDF', 'soporte.pdf']);
  });
});
