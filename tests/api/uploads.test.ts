// SECURITY row 12 on the registry's images and files.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
let productId: number;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b40000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const cat = await t.request('POST', '/api/v1/catalogo/categoriasproductos', {
    cookie: admin,
    body: { nombre: 'Membresías' },
  });
  const prod = await t.request('POST', '/api/v1/catalogo/productos', {
    cookie: admin,
    body: { codigo: 'P-1', nombre: 'Kit', categoria_id: cat.json.data.id, precio: 5_000_000 },
  });
  productId = prod.json.data.id;
});

function upload(path: string, files: File[], field = 'files', headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const f of files) form.append(field, f);
  return t.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    body: form,
    headers: { Cookie: admin, Origin: ORIGIN, ...headers },
  });
}

describe('uploads', () => {
  it('stores images by their bytes under random keys and lists them', async () => {
    const res = await upload(`/api/v1/catalogo/productos/${productId}/images`, [
      new File([PNG], 'uno.png'),
      new File([PNG], '../../dos.png'),
    ]);
    expect(res.status).toBe(201);
    const list = await t.request('GET', `/api/v1/catalogo/productos/${productId}/images`, { cookie: admin });
    expect(list.json.data).toHaveLength(2);
    expect(list.json.data[1].file_name).toBe('.._.._dos.png');
    const row = await t.request('GET', `/api/v1/catalogo/productos/${productId}`, { cookie: admin });
    expect(row.json.data.imagenes).toBe(2);
    expect(row.json.data.thumbnail).toBe(list.json.data[0].url);
  });

  it('serves an image inline with nosniff and a sandboxing CSP', async () => {
    const list = await t.request('GET', `/api/v1/catalogo/productos/${productId}/images`, { cookie: admin });
    const res = await t.fetch(`${ORIGIN}${list.json.data[0].url}`, { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/sandbox/);
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline/);
    expect((await t.fetch(`${ORIGIN}${list.json.data[0].url}`)).status).toBe(401);
  });

  it('refuses HTML named .png and a PDF where images go (415)', async () => {
    const html = await upload(`/api/v1/catalogo/productos/${productId}/images`, [
      new File(['<html><script>alert(1)</script></html>'], 'foto.png', { type: 'image/png' }),
    ]);
    expect(html.status).toBe(415);
    const pdf = await upload(`/api/v1/catalogo/productos/${productId}/images`, [new File([PDF], 'foto.jpg')]);
    expect(pdf.status).toBe(415);
  });

  it('refuses an SVG that could run script (422) and accepts a plain one', async () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
    ]) {
      const res = await upload(`/api/v1/catalogo/productos/${productId}/images`, [new File([svg], 'x.svg')]);
      expect(res.status, svg).toBe(422);
      expect((await res.json()).message).toBe('La imagen SVG contiene contenido no permitido');
    }
    const ok = await upload(`/api/v1/catalogo/productos/${productId}/images`, [
      new File(
        [
          '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2" fill="#800"/></svg>',
        ],
        'ok.svg',
      ),
    ]);
    expect(ok.status).toBe(201);
  });

  it('warns past the image limit with the spec message', async () => {
    const many = Array.from({ length: 10 }, (_, i) => new File([PNG], `${i}.png`));
    const res = await upload(`/api/v1/catalogo/productos/${productId}/images`, many);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe('Recuerde que solo puede agregar 10 imagenes');
  });

  it('refuses a body over 48 MB before parsing it (413)', async () => {
    const big = new Uint8Array(48 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(`/api/v1/catalogo/productos/${productId}/images`, [
      new File([big], 'grande.png'),
    ]);
    expect(res.status).toBe(413);
  });

  it('keeps the terms PDF, served as an attachment, and shows it at registration', async () => {
    const terms = (await t.request('GET', '/api/v1/auth/initForm')).json.terminos;
    const res = await upload(
      `/api/v1/general/terminosYCondiciones/${terms.id}/file`,
      [new File([PDF], 'terminos.pdf')],
      'file',
    );
    expect(res.status).toBe(200);
    const file = await t.fetch(`${ORIGIN}/api/v1/general/terminosYCondiciones/${terms.id}/file`, {
      headers: { Cookie: admin },
    });
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment/);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    const publicForm = (await t.request('GET', '/api/v1/auth/initForm')).json.terminos;
    expect(publicForm.file_url).toBe(`/api/v1/auth/terminos/${terms.id}/file`);
    expect((await t.fetch(`${ORIGIN}${publicForm.file_url}`)).status).toBe(200);
    const html = await upload(
      `/api/v1/general/terminosYCondiciones/${terms.id}/file`,
      [new File(['<html>hola</html>'], 'terminos.pdf', { type: 'application/pdf' })],
      'file',
    );
    expect(html.status).toBe(415);
  });

  it('deletes an image and answers 404 for an image of another product', async () => {
    const list = await t.request('GET', `/api/v1/catalogo/productos/${productId}/images`, { cookie: admin });
    const img = list.json.data[0];
    expect(
      (
        await t.request('DELETE', `/api/v1/catalogo/productos/${productId + 1}/images/${img.id}`, {
          cookie: admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('DELETE', `/api/v1/catalogo/productos/${productId}/images/${img.id}`, {
          cookie: admin,
        })
      ).status,
    ).toBe(204);
  });
});
