// Idempotent writes (issue 22 item 4, decision 0120): a repeat with the same Idempotency-Key by the
// same user answers the first answer and writes nothing, for each family of writes, on both runtimes.
import { and, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bancos, ciclosBonificacion, compras, idempotencyKeys, stateHistory } from '../../worker/db/schema';
import { IDEMPOTENCY_STALE_MS, IDEMPOTENCY_TTL_MS } from '../../worker/platform/idempotency';
import { runScheduled } from '../../worker/modules/jobs';
import { cycleWindow } from '../../worker/shared/cycles';
import { configPermission } from '../../worker/shared/permissions';
import { type Req } from '../setup/app';
import { DAY } from '../setup/bonus-data';
import { api, buy, shopApp, type Shop } from './shop-fixtures';

let shop: Shop;
const NEW_BANK = configPermission('generales:bancos', 'new');
const keyed = (key: string, r: Req): Req => ({
  ...r,
  headers: { ...(r.headers ?? {}), 'Idempotency-Key': key },
});
const banks = async (codigo: string) =>
  (await shop.t.db.select({ n: count() }).from(bancos).where(eq(bancos.codigo, codigo)).get())!.n;

beforeAll(async () => {
  shop = await shopApp();
});

describe('Idempotency-Key on a registry create', () => {
  it('answers a repeat with the first answer and writes one row', async () => {
    const { t, admin } = shop;
    const req = keyed('crear-banco-1', { cookie: admin, body: { codigo: 'IDEM1', nombre: 'Banco Uno' } });
    const first = await t.request('POST', '/api/v1/general/bancos', req);
    expect(first.status).toBe(201);
    const again = await t.request('POST', '/api/v1/general/bancos', req);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('Idempotency-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(await banks('IDEM1')).toBe(1);
    // Without a key the same body is a new request: the unique code refuses it (409).
    expect(
      (await t.request('POST', '/api/v1/general/bancos', { cookie: admin, body: req.body })).status,
    ).toBe(409);
  });

  it('refuses the same key with another request (422), and keys of one user are not another’s', async () => {
    const { t, admin } = shop;
    await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('k-2', { cookie: admin, body: { codigo: 'IDEM2', nombre: 'Dos' } }),
    );
    const other = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('k-2', { cookie: admin, body: { codigo: 'IDEM3', nombre: 'Tres' } }),
    );
    expect(other.status).toBe(422);
    expect(other.json.message).toBe(
      'Esta clave de idempotencia ya se usó con otra solicitud. Genera una clave nueva para esta solicitud.',
    );
    expect(await banks('IDEM3')).toBe(0);

    const u = await t.makeUser('otroadmin', [NEW_BANK]);
    const theirs = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('k-2', { cookie: await u.session(), body: { codigo: 'IDEM3', nombre: 'Tres' } }),
    );
    expect(theirs.status).toBe(201);
    expect(theirs.json.data.codigo).toBe('IDEM3');
    expect(await banks('IDEM3')).toBe(1);
  });

  it('answers 409 while the first request with the key has no answer yet, and names a lost answer later', async () => {
    const { t, admin } = shop;
    const body = { codigo: 'IDEM4', nombre: 'Cuatro' };
    // The first attempt with this key is claimed (its write committed) but its answer is not stored.
    const first = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('en-vuelo', { cookie: admin, body }),
    );
    expect(first.status).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ status: null, reply: null })
      .where(eq(idempotencyKeys.clave, 'en-vuelo'));
    const busy = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('en-vuelo', { cookie: admin, body }),
    );
    expect(busy.status).toBe(409);
    expect(busy.json.message).toBe('La solicitud anterior con esta clave aún se está procesando.');
    t.clock.set(t.clock.now() + IDEMPOTENCY_STALE_MS + 1);
    const lost = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('en-vuelo', { cookie: await t.login('admin@test.local', 'Admin-12345'), body }),
    );
    expect(lost.status).toBe(409);
    expect(lost.json.message).toMatch(/se registró, pero su respuesta se perdió/);
    expect(await banks('IDEM4')).toBe(1);
  });

  it('lets concurrent requests with one key write once', async () => {
    const { t, admin } = shop;
    const req = keyed('carrera', { cookie: admin, body: { codigo: 'IDEM5', nombre: 'Cinco' } });
    const replies = await Promise.all([1, 2, 3].map(() => t.request('POST', '/api/v1/general/bancos', req)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const r of replies.filter((x) => x.status === 409))
      expect(r.json.message).toBe('La solicitud anterior con esta clave aún se está procesando.');
    expect(await banks('IDEM5')).toBe(1);
  });

  it('does not keep the key of a request that wrote nothing (a 422 can be fixed and retried)', async () => {
    const { t, admin } = shop;
    const bad = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('arreglar', { cookie: admin, body: { codigo: '' } }),
    );
    expect(bad.status).toBe(422);
    const fixed = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('arreglar', { cookie: admin, body: { codigo: '' } }),
    );
    expect(fixed.status).toBe(422);
    expect(
      (await t.db
        .select({ n: count() })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.clave, 'arreglar'))
        .get())!.n,
    ).toBe(0);
  });

  it('claims the key in the write’s own transaction: a write that fails leaves the key free', async () => {
    const { t, admin } = shop;
    await t.client.execute(`create trigger falla_banco before insert on bancos when new.codigo = 'FALLA'
      begin select raise(abort, 'falla'); end`);
    const req = keyed('atomica', { cookie: admin, body: { codigo: 'FALLA', nombre: 'Falla' } });
    try {
      expect((await t.request('POST', '/api/v1/general/bancos', req)).status).toBe(500);
      const claims = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.clave, 'atomica'));
      expect(claims).toEqual([]);
    } finally {
      await t.client.execute('drop trigger falla_banco');
    }
    // The retry with the same key is a first attempt, not a 409 "in flight".
    const retry = await t.request('POST', '/api/v1/general/bancos', req);
    expect(retry.status).toBe(201);
    expect(await banks('FALLA')).toBe(1);
  });

  it('refuses a malformed key with 400 in Spanish and writes nothing', async () => {
    const { t, admin } = shop;
    for (const key of ['con espacio', 'x'.repeat(256), 'ñandú']) {
      const res = await t.request(
        'POST',
        '/api/v1/general/bancos',
        keyed(key, { cookie: admin, body: { codigo: 'IDEM6', nombre: 'Seis' } }),
      );
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(
        'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres ASCII visibles (sin espacios).',
      );
    }
    expect(await banks('IDEM6')).toBe(0);
    const longest = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('~'.repeat(255), { cookie: admin, body: { codigo: 'IDEM6', nombre: 'Seis' } }),
    );
    expect(longest.status).toBe(201);
  });

  it('forgets a key after it expires and prunes it on the user’s next claim', async () => {
    const { t, admin } = shop;
    const body = { codigo: 'IDEM7', nombre: 'Siete' };
    expect(
      (await t.request('POST', '/api/v1/general/bancos', keyed('vence', { cookie: admin, body }))).status,
    ).toBe(201);
    t.clock.set(t.clock.now() + IDEMPOTENCY_TTL_MS);
    const cookie = await t.login('admin@test.local', 'Admin-12345');
    // Expired: the request runs again (and the unique code refuses the duplicate)...
    expect((await t.request('POST', '/api/v1/general/bancos', keyed('vence', { cookie, body }))).status).toBe(
      409,
    );
    // ...and the next keyed write of this user drops its expired keys in its claim.
    const next = await t.request(
      'POST',
      '/api/v1/general/bancos',
      keyed('otra-clave', { cookie, body: { codigo: 'IDEM8', nombre: 'Ocho' } }),
    );
    expect(next.status).toBe(201);
    const left = await t.db
      .select({ clave: idempotencyKeys.clave })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.clave, 'vence'));
    expect(left).toEqual([]);
    shop.admin = cookie;
  });
});

describe('Idempotency-Key on the other families', () => {
  it('checkout: a repeat answers the same purchase and no second purchase exists', async () => {
    const m = await shop.member();
    const a = api(shop.t, m.cookie);
    await a.post('/cart', { producto_id: shop.tazaId, qty: 2 });
    const cart = await a.get('/cart');
    const req = keyed('pagar-1', {
      cookie: m.cookie,
      body: { total_items: cart.json.total_items, total: cart.json.total },
    });
    const first = await shop.t.request('POST', '/api/v1/miscompras/compras', req);
    expect(first.status).toBe(201);
    // The member fills the cart again; the retried checkout must not pay the new cart.
    await a.post('/cart', { producto_id: shop.tazaId, qty: 2 });
    const again = await shop.t.request('POST', '/api/v1/miscompras/compras', req);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    const mine = await shop.t.db.select({ n: count() }).from(compras).where(eq(compras.userId, m.id)).get();
    expect(mine!.n).toBe(1);
    expect((await a.get('/cart')).json.data.length).toBe(1);
  });

  it('state change: a repeat answers 200 again and writes one history row', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const req = keyed('pagado-1', { cookie: shop.admin, body: { estado: 'PAGADO', comentario: 'ok' } });
    const path = `/api/v1/miscompras/admin/compras/estado/${compra.id}`;
    const first = await shop.t.request('PUT', path, req);
    expect(first.status).toBe(200);
    const again = await shop.t.request('PUT', path, req);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    const rows = await shop.t.db
      .select({ n: count() })
      .from(stateHistory)
      .where(
        and(
          eq(stateHistory.entity, 'compra'),
          eq(stateHistory.entityId, compra.id),
          eq(stateHistory.toState, 'PAGADO'),
        ),
      )
      .get();
    expect(rows!.n).toBe(1);
    // Without the key the repeat is a refused transition, as before.
    expect(
      (await shop.t.request('PUT', path, { cookie: shop.admin, body: { estado: 'PAGADO' } })).status,
    ).toBe(409);
  });

  it('import: a repeated upload (new multipart boundary) answers the first report and imports once', async () => {
    const { t, admin } = shop;
    const upload = () => {
      const form = new FormData();
      form.append(
        'file',
        new File(['codigo,nombre\nIMP1,Banco Importado\n'], 'bancos.csv', { type: 'text/csv' }),
      );
      return t.request(
        'POST',
        '/api/v1/general/bancos/import?aplicar=1',
        keyed('importar-1', { cookie: admin, raw: form }),
      );
    };
    const first = await upload();
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ aplicado: true, crear: 1 });
    const again = await upload();
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await banks('IMP1')).toBe(1);
    const history = await t.db
      .select({ n: count() })
      .from(stateHistory)
      .where(like(stateHistory.entity, 'importacion:bancos'))
      .get();
    expect(history!.n).toBe(1);
    // Another file under the same key is another request.
    const form = new FormData();
    form.append('file', new File(['codigo,nombre\nIMP2,Otro\n'], 'bancos.csv', { type: 'text/csv' }));
    const other = await t.request(
      'POST',
      '/api/v1/general/bancos/import?aplicar=1',
      keyed('importar-1', { cookie: admin, raw: form }),
    );
    expect(other.status).toBe(422);
  });

  it('settlement start: a repeat answers the first run and settles one cycle', async () => {
    const { t } = shop;
    const before = t.clock.now();
    const clave = new Date(before - 40 * DAY).toISOString().slice(0, 7);
    expect(cycleWindow(clave).end).toBeLessThan(before);
    const req = keyed('liquidar-1', { cookie: shop.admin, body: { clave } });
    const first = await t.request('POST', '/api/v1/bonos/ciclos/liquidar', req);
    expect(first.status).toBe(200);
    const again = await t.request('POST', '/api/v1/bonos/ciclos/liquidar', req);
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('Idempotency-Replayed')).toBe('true');
    const cycles = await t.db
      .select({ n: count() })
      .from(ciclosBonificacion)
      .where(eq(ciclosBonificacion.clave, clave))
      .get();
    expect(cycles!.n).toBe(1);
  });

  it('a replay is served only to a session that may still write there', async () => {
    const { t } = shop;
    const u = await t.makeUser('pierdepermiso', [NEW_BANK]);
    const cookie = await u.session();
    const req = keyed('permiso', { cookie, body: { codigo: 'IDEM9', nombre: 'Nueve' } });
    expect((await t.request('POST', '/api/v1/general/bancos', req)).status).toBe(201);
    const other = await t.makeUser('sinpermiso');
    // Same key, same body, other user without the permission: 403, not someone else's answer.
    expect(
      (await t.request('POST', '/api/v1/general/bancos', { ...req, cookie: await other.session() })).status,
    ).toBe(403);
  });
});

describe('clean-up', () => {
  it('the daily job drops expired keys and keeps live ones', async () => {
    const { t } = shop;
    const now = t.clock.now();
    const owner = (await t.db.select({ id: idempotencyKeys.userId }).from(idempotencyKeys).get())!.id;
    await t.db.insert(idempotencyKeys).values([
      { userId: owner, clave: 'viejo', requestHash: 'x', createdAt: now - 2 * DAY, expiresAt: now - DAY },
      { userId: owner, clave: 'vivo', requestHash: 'x', createdAt: now, expiresAt: now + DAY },
    ]);
    const result = await runScheduled(t.ports, '10 5 * * *', now);
    expect(result.pruned).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ clave: idempotencyKeys.clave }).from(idempotencyKeys)).map(
      (r) => r.clave,
    );
    expect(left).toContain('vivo');
    expect(left).not.toContain('viejo');
  });
});
