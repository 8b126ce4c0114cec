// Shared set-up of the shop suites: an administrator, a category, two products, a subscription
// type and members holding the shop permission.
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export async function shopApp() {
  const t = await makeApp();
  const admin = await t.login(ADMIN.email, ADMIN.password);
  const cat = await t.request('POST', '/api/v1/catalogo/categoriasproductos', {
    cookie: admin,
    body: { nombre: 'Membresías' },
  });
  const kit = await t.request('POST', '/api/v1/catalogo/productos', {
    cookie: admin,
    body: {
      codigo: 'KIT-1',
      nombre: 'Kit de bienvenida',
      categoria_id: cat.json.data.id,
      precio: 5_000_000,
      descripcion: 'Kit',
    },
  });
  const taza = await t.request('POST', '/api/v1/catalogo/productos', {
    cookie: admin,
    body: { codigo: 'TAZA-1', nombre: 'Taza', categoria_id: cat.json.data.id, precio: 1_234_567 },
  });
  const plan = await t.request('POST', '/api/v1/miscompras/tipossuscripciones', {
    cookie: admin,
    body: { nombre: 'Plan trimestral', precio: 3_000_000, duracion_meses: 3 },
  });
  if (kit.status !== 201 || taza.status !== 201 || plan.status !== 201)
    throw new Error(`fixtures: ${kit.text} ${taza.text} ${plan.text}`);
  let n = 0;
  const member = async (perms: string[] = [P.misCompras]) => {
    const u = await t.makeUser(`socio${++n}`, perms);
    return { ...u, cookie: await u.session() };
  };
  const shop = {
    t,
    admin,
    categoriaId: cat.json.data.id as number,
    kitId: kit.json.data.id as number,
    tazaId: taza.json.data.id as number,
    planId: plan.json.data.id as number,
    member,
  };
  return Object.assign(shop, {
    /** Moves the test clock and signs the administrator in again (sessions last 8 hours). */
    async travel(to: number) {
      t.clock.set(to);
      shop.admin = await t.login(ADMIN.email, ADMIN.password);
    },
  });
}

export type Shop = Awaited<ReturnType<typeof shopApp>>;

export const api = (t: TestApp, cookie: string) => ({
  get: (path: string) => t.request('GET', `/api/v1/miscompras${path}`, { cookie }),
  post: (path: string, body: unknown) => t.request('POST', `/api/v1/miscompras${path}`, { cookie, body }),
  put: (path: string, body: unknown) => t.request('PUT', `/api/v1/miscompras${path}`, { cookie, body }),
  del: (path: string) => t.request('DELETE', `/api/v1/miscompras${path}`, { cookie }),
});

/** Fills a cart and pays it with the totals the server shows; returns the purchase. */
export async function buy(
  shop: Shop,
  cookie: string,
  items: { producto_id?: number; tipo_suscripcion_id?: number; qty?: number }[],
) {
  const a = api(shop.t, cookie);
  for (const item of items) {
    const res = await a.post('/cart', item);
    if (res.status !== 201) throw new Error(`add: ${res.status} ${res.text}`);
  }
  const cart = await a.get('/cart');
  const res = await a.post('/compras', { total_items: cart.json.total_items, total: cart.json.total });
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${res.text}`);
  return res.json.data as {
    id: number;
    total: number;
    total_items: number;
    estado: string;
    lineas: unknown[];
  };
}

export function uploadAttachment(
  t: TestApp,
  cookie: string,
  purchaseId: number,
  file: File | null,
  tipo: string | null = 'COMPROBANTE_PAGO',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  if (tipo !== null) form.append('tipo', tipo);
  if (file) form.append('file', file);
  for (const [k, value] of Object.entries(fields)) form.append(k, value);
  return t.fetch(`${ORIGIN}/api/v1/miscompras/compras/${purchaseId}/adjuntos`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, Origin: ORIGIN },
  });
}

export const markPaid = (shop: Shop, purchaseId: number, comentario = 'Transferencia verificada') =>
  shop.t.request('PUT', `/api/v1/miscompras/admin/compras/estado/${purchaseId}`, {
    cookie: shop.admin,
    body: { estado: 'PAGADO', comentario },
  });
