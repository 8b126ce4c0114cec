// Issue 21 §3 (docs/decisions/0091): each limit is a condition of the statement that inserts, so
// requests sent in parallel cannot all pass a count or a sum read a moment before: the
// beneficiaries' 100 %, the 20 gallery images and the 20 attachments of a purchase.
import { and, count, eq, sum } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { beneficiarios, compraAdjuntos, imagenes, perfilMedia } from '../../worker/db/schema';
import { P } from '../../worker/shared/permissions';
import { ORIGIN } from '../setup/app';
import { png } from '../setup/files';
import { buy, PDF, type Shop, shopApp, uploadAttachment } from './shop-fixtures';

let shop: Shop;
let parentescoId: number;
beforeAll(async () => {
  shop = await shopApp();
  const res = await shop.t.request('POST', '/api/v1/general/parentescos', {
    cookie: shop.admin,
    body: { nombre: 'Hijo' },
  });
  parentescoId = res.json.data.id;
});

const statuses = (list: { status: number }[]) =>
  list.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe('limits checked by the inserting statement', () => {
  it('10 parallel beneficiaries at 40 % store at most 100 % and the rest get 422', async () => {
    const m = await shop.member([P.miInformacionPersonal]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        shop.t.request('POST', '/api/v1/general/beneficiarios', {
          cookie: m.cookie,
          body: {
            nombre: `Beneficiario ${i}`,
            numero_identificacion: `100200${i}`,
            parentesco_id: parentescoId,
            porcentaje: 4000,
          },
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 201: 2, 422: 8 });
    for (const r of results.filter((x) => x.status === 422))
      expect(r.json.errors.porcentaje).toEqual([
        'La suma de los porcentajes de los beneficiarios no puede superar 100 %',
      ]);
    const [row] = await shop.t.db
      .select({ total: sum(beneficiarios.porcentaje) })
      .from(beneficiarios)
      .where(eq(beneficiarios.userId, m.id));
    expect(Number(row!.total)).toBe(8000);

    // Parallel edits raising two different beneficiaries cannot pass 100 % together either.
    const mine = (await shop.t.request('GET', '/api/v1/general/beneficiarios', { cookie: m.cookie })).json
      .data;
    const edits = await Promise.all(
      mine.map((b: { id: number; nombre: string; numero_identificacion: string }) =>
        shop.t.request('PUT', `/api/v1/general/beneficiarios/${b.id}`, {
          cookie: m.cookie,
          body: {
            nombre: b.nombre,
            numero_identificacion: b.numero_identificacion,
            parentesco_id: parentescoId,
            porcentaje: 6000,
          },
        }),
      ),
    );
    expect(statuses(edits)).toEqual({ 200: 1, 422: 1 });
    const [after] = await shop.t.db
      .select({ total: sum(beneficiarios.porcentaje) })
      .from(beneficiarios)
      .where(eq(beneficiarios.userId, m.id));
    expect(Number(after!.total)).toBe(10_000);
  });

  it('30 parallel gallery uploads store 20 images, the first one alone as cover, and the rest get 422', async () => {
    const m = await shop.member([P.perfil]);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const form = new FormData();
        form.append('files', png(`foto${i}.png`));
        return shop.t
          .fetch(`${ORIGIN}/api/v1/general/perfilmedia`, {
            method: 'POST',
            body: form,
            headers: { Cookie: m.cookie, Origin: ORIGIN },
          })
          .then(async (r) => ({ status: r.status, json: await r.json() }));
      }),
    );
    expect(statuses(results)).toEqual({ 201: 20, 422: 10 });
    for (const r of results.filter((x) => x.status === 422))
      expect(r.json.message).toBe('Recuerde que solo puede agregar 20 imagenes');
    const rows = await shop.t.db.select().from(perfilMedia).where(eq(perfilMedia.userId, m.id));
    expect(rows).toHaveLength(20);
    expect(rows.filter((r) => r.portada)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.orden)).size).toBe(20);
  });

  it('30 parallel attachments to one purchase store 20 and the rest get 422', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        uploadAttachment(shop.t, m.cookie, compra.id, new File([PDF], `soporte${i}.pdf`)).then(async (r) => ({
          status: r.status,
          json: await r.json(),
        })),
      ),
    );
    expect(statuses(results)).toEqual({ 201: 20, 422: 10 });
    for (const r of results.filter((x) => x.status === 422))
      expect(r.json.message).toBe('La compra admite máximo 20 adjuntos');
    const [{ n }] = (await shop.t.db
      .select({ n: count() })
      .from(compraAdjuntos)
      .where(eq(compraAdjuntos.compraId, compra.id))) as [{ n: number }];
    expect(n).toBe(20);
  });
  it('25 parallel uploads to one product store its 10 images and the rest get 422', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => {
        const form = new FormData();
        form.append('files', png(`producto${i}.png`));
        return shop.t
          .fetch(`${ORIGIN}/api/v1/catalogo/productos/${shop.kitId}/images`, {
            method: 'POST',
            body: form,
            headers: { Cookie: shop.admin, Origin: ORIGIN },
          })
          .then(async (r) => ({ status: r.status, json: await r.json() }));
      }),
    );
    expect(statuses(results)).toEqual({ 201: 10, 422: 15 });
    for (const r of results.filter((x) => x.status === 422))
      expect(r.json.message).toBe('Recuerde que solo puede agregar 10 imagenes');
    const rows = await shop.t.db
      .select()
      .from(imagenes)
      .where(and(eq(imagenes.owner, 'productos'), eq(imagenes.ownerId, shop.kitId)));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.orden)).size).toBe(10);
  });
});
