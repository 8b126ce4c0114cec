// Global search (issue 25 item 1, decision 0151): GET /api/v1/buscar finds members, purchases and
// products through the FTS5 indexes the triggers keep in step, and each group holds only what the
// caller may see, filtered in SQL. On both runtimes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compras, users } from '../../worker/db/schema';
import { referenceFor } from '../../worker/shared/payment-reference';
import { P } from '../../worker/shared/permissions';
import { TARGET } from '../setup/app';
import { shopApp, type Shop } from './shop-fixtures';

let s: Shop;
let ana: { id: number; cookie: string; roleId: number };
let beto: { id: number; cookie: string; roleId: number };
let staff: string;
let purchaseOfAna: number;
let purchaseOfBeto: number;

type Hit = { id: number; titulo: string; detalle: string; ruta: string };
type Found = { miembros: Hit[]; compras: Hit[]; productos: Hit[] };

async function search(cookie: string, q: string): Promise<Found> {
  const res = await s.t.request('GET', `/api/v1/buscar?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

async function buy(userId: number, total: number) {
  const now = s.t.clock.now();
  const row = await s.t.db
    .insert(compras)
    .values({
      userId,
      checkoutKey: `k${userId}-${total}`,
      totalItems: 1,
      total,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  return row.id;
}

beforeAll(async () => {
  s = await shopApp();
  ana = await s.member([P.misCompras]);
  beto = await s.member([P.misCompras]);
  staff = await (await s.t.makeUser('consultor', [P.usuariosRegistrados])).session();
  // Names through the administrator's edit, documents as registration stores them: the triggers
  // index whatever path wrote the row.
  for (const [u, nombres, apellidos, doc] of [
    [ana, 'José María', 'Pérez Ñúñez', '1020304050'],
    [beto, 'Roberto', 'Gómez', '79888777'],
  ] as const) {
    const row = (await s.t.db.select().from(users).where(eq(users.id, u.id)).get())!;
    const res = await s.t.request('PUT', `/api/v1/seguridad/users/${u.id}`, {
      cookie: s.admin,
      body: {
        user_name: row.userName,
        email: `${row.userName}@ejemplo.co`,
        nombres,
        apellidos,
        activo: true,
        roles: [u.roleId],
      },
    });
    expect(res.status, res.text).toBe(200);
    await s.t.db.update(users).set({ numeroIdentificacion: doc }).where(eq(users.id, u.id));
  }
  purchaseOfAna = await buy(ana.id, 5_000_000);
  purchaseOfBeto = await buy(beto.id, 1_234_567);
  // An inactive product: the catalogue's maintainer finds it, a buyer does not.
  await s.t.request('PUT', '/api/v1/catalogo/productos/toggle', {
    cookie: s.admin,
    body: { id: s.tazaId, value: false },
  });
});

describe('global search for an administrator', () => {
  it('finds a member by the start of his names, accents and case ignored', async () => {
    const found = await search(s.admin, 'jose PEREZ');
    expect(found.miembros.map((m) => m.id)).toEqual([ana.id]);
    expect(found.miembros[0]!.titulo).toBe('José María Pérez Ñúñez');
    // The administrator may consult registered users: the member opens there.
    expect(found.miembros[0]!.ruta).toBe(`/app/consultas/usuariosregistrados/view/${ana.id}`);
    expect((await search(s.admin, 'nunez')).miembros.map((m) => m.id)).toEqual([ana.id]);
  });

  it('finds a member by his whole document number or a fragment of it, and by an e-mail fragment', async () => {
    expect((await search(s.admin, '1020304050')).miembros.map((m) => m.id)).toEqual([ana.id]);
    expect((await search(s.admin, '3040')).miembros.map((m) => m.id)).toEqual([ana.id]);
    const byMail = await search(s.admin, `${'socio'}2@ejemplo`);
    expect(byMail.miembros.map((m) => m.id)).toEqual([beto.id]);
  });

  it('a whole document number finds its holder alone; a fragment finds every document holding it', async () => {
    // Decision 0262: a text some member holds as whole words skips the fragment (trigram) search.
    const carla = await s.member([P.misCompras]);
    await s.t.db.update(users).set({ numeroIdentificacion: '9910203040508' }).where(eq(users.id, carla.id));
    expect((await search(s.admin, '1020304050')).miembros.map((m) => m.id)).toEqual([ana.id]);
    expect((await search(s.admin, '102030405')).miembros.map((m) => m.id).sort((a, b) => a - b)).toEqual(
      [ana.id, carla.id].sort((a, b) => a - b),
    );
    await s.t.db.update(users).set({ numeroIdentificacion: null }).where(eq(users.id, carla.id));
  });

  it('finds any purchase by number and every product, active or not', async () => {
    const found = await search(s.admin, String(purchaseOfBeto));
    expect(found.compras.map((c) => c.id)).toContain(purchaseOfBeto);
    expect(found.compras.find((c) => c.id === purchaseOfBeto)!.ruta).toBe(
      `/app/administracion/compras/view/${purchaseOfBeto}`,
    );
    const taza = await search(s.admin, 'taza');
    expect(taza.productos.map((p) => p.id)).toEqual([s.tazaId]);
    expect(taza.productos[0]!.detalle).toContain('Inactivo');
  });

  it('follows a rename at once: the old name is no longer found, the new one is', async () => {
    const row = (await s.t.db.select().from(users).where(eq(users.id, beto.id)).get())!;
    const res = await s.t.request('PUT', `/api/v1/seguridad/users/${beto.id}`, {
      cookie: s.admin,
      body: {
        user_name: row.userName,
        email: row.email,
        nombres: 'Humberto',
        apellidos: 'Gómez',
        activo: true,
        roles: [beto.roleId],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect((await search(s.admin, 'roberto')).miembros).toEqual([]);
    expect((await search(s.admin, 'humb')).miembros.map((m) => m.id)).toEqual([beto.id]);
  });
});

describe('global search for a member: only what he may see', () => {
  it('finds no members, not even by a document number', async () => {
    expect((await search(ana.cookie, 'roberto gomez')).miembros).toEqual([]);
    expect((await search(ana.cookie, '79888777')).miembros).toEqual([]);
  });

  it('finds his own purchase, not another member’s', async () => {
    const own = await search(ana.cookie, String(purchaseOfAna));
    expect(own.compras.map((c) => c.id)).toEqual([purchaseOfAna]);
    expect(own.compras[0]!.ruta).toBe(`/app/miscompras/view/${purchaseOfAna}`);
    expect((await search(ana.cookie, String(purchaseOfBeto))).compras).toEqual([]);
  });

  it('finds the shop’s active products only', async () => {
    expect((await search(ana.cookie, 'kit')).productos.map((p) => p.id)).toEqual([s.kitId]);
    expect((await search(ana.cookie, 'taza')).productos).toEqual([]);
  });

  it('a user who may consult registered users finds members (opening that screen) but no purchases or products', async () => {
    const found = await search(staff, 'jose');
    expect(found.miembros.map((m) => m.id)).toEqual([ana.id]);
    expect(found.miembros[0]!.ruta).toBe(`/app/consultas/usuariosregistrados/view/${ana.id}`);
    expect((await search(staff, String(purchaseOfAna))).compras).toEqual([]);
    expect((await search(staff, 'kit')).productos).toEqual([]);
  });
});

describe('masked readers (SECURITY row 19, docs/decisions/0343)', () => {
  it('a reader without the full-data permission sees the last four digits, as in the grids', async () => {
    const found = await search(staff, 'jose');
    expect(found.miembros.map((m) => m.id)).toEqual([ana.id]);
    expect(found.miembros[0]!.detalle).toContain('••••••4050');
    expect(found.miembros[0]!.detalle).not.toContain('1020304050');
    // The administrator holds it: he sees the whole number.
    expect((await search(s.admin, 'jose')).miembros[0]!.detalle).toContain('1020304050');
  });

  it('and cannot find a member by typing the digits he is not shown, whole or in part', async () => {
    for (const q of ['1020304050', '10203', '3040', '4050', '79888777', '8877'])
      expect((await search(staff, q)).miembros, q).toEqual([]);
    // By what he does see (user name, e-mail, names) the member is still found.
    expect((await search(staff, 'perez')).miembros.map((m) => m.id)).toEqual([ana.id]);
    expect((await search(s.admin, '10203')).miembros.map((m) => m.id)).toEqual([ana.id]);
  });

  it('nor through the registered-users grid’s document filter, which needs the full-data permission', async () => {
    const filtered = await s.t.request(
      'GET',
      `/api/v1/consultas/usuariosregistrados?filters=${encodeURIComponent(JSON.stringify({ numero_identificacion: '888' }))}`,
      { cookie: staff },
    );
    expect(filtered.status).toBe(422);
    expect(filtered.json.errors.filters).toEqual([
      'Filtrar por identificación requiere el permiso de ver los datos completos',
    ]);
    const grid = await s.t.request('GET', '/api/v1/consultas/usuariosregistrados', { cookie: staff });
    const row = grid.json.data.find((r: { id: number }) => r.id === beto.id);
    expect(row.numero_identificacion).toBe('••••8777');
  });
});

describe('search by payment reference (docs/decisions/0347)', () => {
  it('finds the purchase of a valid payment reference, typed as is, in lower case or after REF', async () => {
    const ref = referenceFor(purchaseOfBeto);
    for (const q of [ref, ref.toLowerCase(), `REF${ref}`, `ref ${ref}`])
      expect(
        (await search(s.admin, q)).compras.map((c) => c.id),
        q,
      ).toContain(purchaseOfBeto);
    const hit = (await search(s.admin, ref)).compras.find((c) => c.id === purchaseOfBeto)!;
    expect(hit.ruta).toBe(`/app/administracion/compras/view/${purchaseOfBeto}`);
  });

  it('only for who may see that purchase; a wrong check character finds nothing', async () => {
    const ref = referenceFor(purchaseOfBeto);
    expect((await search(beto.cookie, ref)).compras.map((c) => c.id)).toEqual([purchaseOfBeto]);
    expect((await search(ana.cookie, ref)).compras).toEqual([]);
    expect((await search(staff, ref)).compras).toEqual([]);
    const wrong = `${ref.slice(0, -1)}${ref.endsWith('2') ? '3' : '2'}`;
    expect((await search(s.admin, wrong)).compras.map((c) => c.id)).not.toContain(purchaseOfBeto);
  });
});

describe('global search input', () => {
  it('answers empty groups for nothing searchable, 422 in Spanish for a text too long, 401 without a session', async () => {
    expect(await search(s.admin, '  ')).toEqual({ miembros: [], compras: [], productos: [] });
    expect(await search(s.admin, '"*:(')).toEqual({ miembros: [], compras: [], productos: [] });
    const long = await s.t.request('GET', `/api/v1/buscar?q=${'a'.repeat(101)}`, { cookie: s.admin });
    expect(long.status).toBe(422);
    expect(long.text).toContain('La búsqueda admite hasta 100 caracteres');
    expect((await s.t.request('GET', '/api/v1/buscar?q=jose')).status).toBe(401);
  });

  it.runIf(TARGET === 'workerd')('reads the session and every group in one database round trip', async () => {
    const hrana = s.t.hrana!;
    const settle = () => new Promise((r) => setTimeout(r, 300));
    await search(s.admin, 'jose 1020'); // warm
    // The documents shown in full leave access records, written after the answer (decision 0405):
    // they are not the read's round trips.
    await settle();
    const [before, logged] = [hrana.requests.length, hrana.log.length];
    await search(s.admin, 'jose');
    await settle();
    const accessWrites = hrana.log
      .slice(logged)
      .filter((q) => /insert into "data_access_log"/i.test(q)).length;
    expect(hrana.requests.length - before - accessWrites).toBe(1);
  });
});

describe('grid text filters on the index', () => {
  it('the users grid filters user names and e-mails by fragment, accents and case ignored', async () => {
    const list = async (filters: object) =>
      (
        await s.t.request(
          'GET',
          `/api/v1/seguridad/users?filters=${encodeURIComponent(JSON.stringify(filters))}`,
          {
            cookie: s.admin,
          },
        )
      ).json.data.map((u: { id: number }) => u.id);
    expect(await list({ email: 'OCIO1@EJEMPLO' })).toEqual([ana.id]);
    expect(await list({ user_name: 'ocio2' })).toEqual([beto.id]);
  });

  it('the registered-users grid filters names by words and documents by fragment', async () => {
    const list = async (filters: object) =>
      (
        await s.t.request(
          'GET',
          `/api/v1/consultas/usuariosregistrados?filters=${encodeURIComponent(JSON.stringify(filters))}`,
          { cookie: s.admin },
        )
      ).json.data.map((u: { id: number }) => u.id);
    expect(await list({ nombres: 'maria perez' })).toEqual([ana.id]);
    expect(await list({ numero_identificacion: '888' })).toEqual([beto.id]);
  });
});
