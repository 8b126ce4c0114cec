// Saved views (issue 25, decision 0161): a personal view is its owner's alone, a view shared with
// a role reaches every user of that role and nobody else, a global one everybody; sharing needs
// its permission, and a role has at most one default view per grid.
import { beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../worker/db/schema';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

const GRID = '/general/bancos';
let t: TestApp;
let admin: string;
let ana: { cookie: string; roleId: number };
let beto: string;
let carla: string;

const view = (nombre: string, extra: Record<string, unknown> = {}) => ({
  grid: GRID,
  nombre,
  estado: { filters: { nombre: 'Banco' }, sorts: { nombre: 'asc' }, hidden: ['codigo'], perPage: 25 },
  ...extra,
});
const names = async (cookie: string, grid = GRID) => {
  const res = await t.request('GET', `/api/v1/vistas?grid=${encodeURIComponent(grid)}`, { cookie });
  expect(res.status).toBe(200);
  return (res.json.data as { nombre: string }[]).map((v) => v.nombre).sort();
};

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const a = await t.makeUser('ana', [P.miInformacionPersonal]);
  ana = { cookie: await a.session(), roleId: a.roleId };
  // Beto shares Ana's role; Carla has a role of her own.
  const b = await t.makeUser('beto');
  await t.db.insert(userRoles).values({ userId: b.id, roleId: a.roleId });
  beto = await b.session();
  carla = await (await t.makeUser('carla', [P.miInformacionPersonal])).session();
});

describe('saved views', () => {
  it('keeps a personal view to its owner', async () => {
    const res = await t.request('POST', '/api/v1/vistas', { cookie: ana.cookie, body: view('Mis bancos') });
    expect(res.status).toBe(201);
    expect(await names(ana.cookie)).toEqual(['Mis bancos']);
    expect(await names(beto)).toEqual([]);
    expect(await names(carla)).toEqual([]);
    expect(await names(ana.cookie, '/general/monedas')).toEqual([]);
    const got = await t.request('GET', `/api/v1/vistas?grid=${GRID}`, { cookie: ana.cookie });
    expect(got.json.data[0]).toMatchObject({
      alcance: 'PERSONAL',
      propia: true,
      estado: { filters: { nombre: 'Banco' }, sorts: { nombre: 'asc' }, hidden: ['codigo'], perPage: 25 },
    });
    expect(got.json.puede_compartir).toBe(false);
  });

  it('shows a view shared with a role to every user of that role and to no one else', async () => {
    const res = await t.request('POST', '/api/v1/vistas', {
      cookie: admin,
      body: view('Del equipo', { alcance: 'ROL', role_id: ana.roleId }),
    });
    expect(res.status).toBe(201);
    expect(await names(ana.cookie)).toEqual(['Del equipo', 'Mis bancos']);
    expect(await names(beto)).toEqual(['Del equipo']);
    expect(await names(carla)).toEqual([]);
    expect(await names(admin)).toEqual([]);
    const global = await t.request('POST', '/api/v1/vistas', {
      cookie: admin,
      body: view('Para todos', { alcance: 'GLOBAL' }),
    });
    expect(global.status).toBe(201);
    expect(await names(carla)).toEqual(['Para todos']);
    expect(await names(beto)).toEqual(['Del equipo', 'Para todos']);
  });

  it('refuses sharing without the permission and stores nothing', async () => {
    for (const extra of [
      { alcance: 'ROL', role_id: ana.roleId },
      { alcance: 'GLOBAL' },
      { alcance: 'PERSONAL', predeterminada: true },
    ]) {
      const res = await t.request('POST', '/api/v1/vistas', { cookie: ana.cookie, body: view('Mía', extra) });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('No tienes permiso para compartir vistas.');
    }
    expect(await names(beto)).toEqual(['Del equipo', 'Para todos']);
    // Nor may he change a shared view he can see.
    const shared = (await t.request('GET', `/api/v1/vistas?grid=${GRID}`, { cookie: beto })).json.data[0];
    const put = await t.request('PUT', `/api/v1/vistas/${shared.id}`, {
      cookie: beto,
      body: view('Cambiada'),
    });
    expect(put.status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/vistas/${shared.id}`, { cookie: beto })).status).toBe(404);
  });

  it('keeps one default per role and grid', async () => {
    const first = await t.request('POST', '/api/v1/vistas', {
      cookie: admin,
      body: view('Predeterminada 1', { alcance: 'ROL', role_id: ana.roleId, predeterminada: true }),
    });
    const second = await t.request('POST', '/api/v1/vistas', {
      cookie: admin,
      body: view('Predeterminada 2', { alcance: 'ROL', role_id: ana.roleId, predeterminada: true }),
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const list = (await t.request('GET', `/api/v1/vistas?grid=${GRID}`, { cookie: beto })).json.data as {
      nombre: string;
      predeterminada: boolean;
    }[];
    expect(list.filter((v) => v.predeterminada).map((v) => v.nombre)).toEqual(['Predeterminada 2']);
    const global = await t.request('POST', '/api/v1/vistas', {
      cookie: admin,
      body: view('Global predeterminada', { alcance: 'GLOBAL', predeterminada: true }),
    });
    expect(global.status).toBe(422);
  });

  it('lets the owner change and delete his view, and nobody else', async () => {
    const mine = (
      await t.request('GET', `/api/v1/vistas?grid=${GRID}`, { cookie: ana.cookie })
    ).json.data.find((v: { nombre: string }) => v.nombre === 'Mis bancos');
    expect((await t.request('DELETE', `/api/v1/vistas/${mine.id}`, { cookie: beto })).status).toBe(404);
    const put = await t.request('PUT', `/api/v1/vistas/${mine.id}`, {
      cookie: ana.cookie,
      body: view('Mis bancos 2'),
    });
    expect(put.status).toBe(200);
    expect(await names(ana.cookie)).toContain('Mis bancos 2');
    expect((await t.request('DELETE', `/api/v1/vistas/${mine.id}`, { cookie: ana.cookie })).status).toBe(200);
    expect(await names(ana.cookie)).not.toContain('Mis bancos 2');
  });

  it('answers bad input with a Spanish 4xx', async () => {
    expect((await t.request('GET', '/api/v1/vistas', { cookie: ana.cookie })).status).toBe(422);
    const noRole = await t.request('POST', '/api/v1/vistas', {
      cookie: admin,
      body: view('X', { alcance: 'ROL' }),
    });
    expect(noRole.status).toBe(422);
    expect(noRole.json.message).toBe('Elige el rol con el que se comparte la vista.');
    const noName = await t.request('POST', '/api/v1/vistas', { cookie: ana.cookie, body: view('  ') });
    expect(noName.status).toBe(422);
  });
});

describe('saved views: who may change a shared one, and how many (docs/decisions/0344)', () => {
  let dora: { id: number; cookie: string; roleId: number };
  const listOf = async (cookie: string) =>
    (await t.request('GET', `/api/v1/vistas?grid=${GRID}`, { cookie })).json as {
      data: { id: number; nombre: string; alcance: string; editable: boolean }[];
      roles: { id: number; nombre: string }[];
    };

  beforeAll(async () => {
    const d = await t.makeUser('dora', [P.compartirVistas]);
    dora = { id: d.id, cookie: await d.session(), roleId: d.roleId };
  });

  it('a user who may share cannot change, delete or make personal a global view of another user', async () => {
    const global = (await listOf(dora.cookie)).data.find((v) => v.nombre === 'Para todos')!;
    for (const body of [
      view('Para todos (editada)', { alcance: 'GLOBAL' }),
      view('Para todos', { alcance: 'PERSONAL' }),
    ]) {
      const put = await t.request('PUT', `/api/v1/vistas/${global.id}`, { cookie: dora.cookie, body });
      expect(put.status).toBe(404);
    }
    expect((await t.request('DELETE', `/api/v1/vistas/${global.id}`, { cookie: dora.cookie })).status).toBe(
      404,
    );
    expect(await names(carla)).toEqual(['Para todos']);
    // The list says so, and the grid's «Administrar vistas…» offers it no rename or delete.
    expect((await listOf(dora.cookie)).data.find((v) => v.id === global.id)).toMatchObject({
      alcance: 'GLOBAL',
      editable: false,
    });
  });

  it('shares with a role, or makes a role’s default, only for a role she holds', async () => {
    for (const extra of [
      { alcance: 'ROL', role_id: ana.roleId },
      { alcance: 'ROL', role_id: ana.roleId, predeterminada: true },
    ]) {
      const res = await t.request('POST', '/api/v1/vistas', {
        cookie: dora.cookie,
        body: view('Ajena', extra),
      });
      expect([res.status, res.json.errors?.role_id]).toEqual([
        422,
        ['Solo puedes compartir una vista con un rol que tienes.'],
      ]);
    }
    expect(await names(ana.cookie)).not.toContain('Ajena');
    // The roles offered to share with are hers alone.
    expect((await listOf(dora.cookie)).roles.map((r) => r.id)).toEqual([dora.roleId]);
    const own = await t.request('POST', '/api/v1/vistas', {
      cookie: dora.cookie,
      body: view('Del rol de Dora', { alcance: 'ROL', role_id: dora.roleId, predeterminada: true }),
    });
    expect(own.status, own.text).toBe(201);
    const mine = (await listOf(dora.cookie)).data.find((v) => v.nombre === 'Del rol de Dora')!;
    expect(mine.editable).toBe(true);
    // Nor can she move her own view onto a role she does not hold.
    const moved = await t.request('PUT', `/api/v1/vistas/${mine.id}`, {
      cookie: dora.cookie,
      body: view('Del rol de Dora', { alcance: 'ROL', role_id: ana.roleId }),
    });
    expect(moved.status).toBe(422);
  });

  it('a view administrator changes another user’s shared view, but does not make it that user’s personal one', async () => {
    const res = await t.request('POST', '/api/v1/vistas', {
      cookie: dora.cookie,
      body: view('De Dora', { alcance: 'GLOBAL' }),
    });
    expect(res.status).toBe(201);
    const id = res.json.data.id;
    expect((await listOf(admin)).data.find((v) => v.id === id)!.editable).toBe(true);
    const renamed = await t.request('PUT', `/api/v1/vistas/${id}`, {
      cookie: admin,
      body: view('De Dora (revisada)', { alcance: 'GLOBAL' }),
    });
    expect(renamed.status).toBe(200);
    const personal = await t.request('PUT', `/api/v1/vistas/${id}`, {
      cookie: admin,
      body: view('De Dora (revisada)', { alcance: 'PERSONAL' }),
    });
    expect([personal.status, personal.json.errors?.alcance]).toEqual([
      422,
      ['Solo quien creó la vista puede volverla personal.'],
    ]);
    expect(await names(carla)).toContain('De Dora (revisada)');
  });

  it('keeps at most 50 views per user, also when they are saved at once', async () => {
    const eva = await (await t.makeUser('eva')).session();
    const results = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        t.request('POST', '/api/v1/vistas', {
          cookie: eva,
          body: view(`Vista ${i}`, { grid: `/grilla/${i % 3}` }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json.errors.nombre).toEqual([
      'Puedes guardar hasta 50 vistas. Elimina alguna para guardar otra.',
    ]);
    const kept = await Promise.all(['/grilla/0', '/grilla/1', '/grilla/2'].map((g) => names(eva, g)));
    expect(kept.flat()).toHaveLength(50);
  });
});
