// Issue 22 on the administrator's view of a member: the member's header read names his audited
// records (user, profile, payment details, identity validation) with their id and version, so the
// history panel under each tab reads `GET /actividad?entidad=…&registro=…` and a restore sends the
// version it saw.
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
let banco: number;
let cuenta: number;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const create = async (path: string, body: object) => {
    const res = await t.request('POST', `/api/v1${path}`, { cookie: admin, body });
    expect(res.status, res.text).toBe(201);
    return res.json.data.id as number;
  };
  banco = await create('/general/bancos', { codigo: '007', nombre: 'Bancolombia' });
  cuenta = await create('/general/metodosdepago', { nombre: 'Transferencia', tipo: 'CUENTA_BANCARIA' });
});

const header = async (id: number) => {
  const res = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${id}`, { cookie: admin });
  expect(res.status, res.text).toBe(200);
  return res.json.data.registros;
};
const historyIds = async (entidad: string, registro: number) =>
  (
    await t.request('GET', `/api/v1/actividad?entidad=${entidad}&registro=${registro}`, { cookie: admin })
  ).json.data.map((r: { entity_id: number }) => r.entity_id);

describe("a member's records on the administrator's view", () => {
  it('names only the user while the member has saved nothing else', async () => {
    const u = await t.makeUser('sinregistros', [P.miInformacionPersonal, P.perfil]);
    expect(await header(u.id)).toEqual({
      users: { id: u.id, version: expect.any(Number) },
      perfil: null,
      informacion_pago: null,
      validacion_identidad: null,
    });
  });

  it('names the profile and the payment details the member saved, with the ids their history uses and their versions', async () => {
    const pay = (cookie: string, titular: string) =>
      t.request('PUT', '/api/v1/general/informacionpago', {
        cookie,
        body: {
          metodo_pago_id: cuenta,
          banco_id: banco,
          tipo_cuenta: 'AH',
          numero_cuenta: '12345678901',
          titular,
        },
      });
    // Someone else's payment details first, so the member's profile and payment rows differ in id.
    const before = await t.makeUser('previo', [P.miInformacionPersonal]);
    expect((await pay(await before.session(), 'Previo')).status).toBe(200);
    const u = await t.makeUser('conregistros', [P.miInformacionPersonal, P.perfil]);
    const cookie = await u.session();
    const perfil = await t.request('PUT', '/api/v1/general/perfil', {
      cookie,
      body: { nombre_publico: 'Luna', idiomas: [] },
    });
    expect(perfil.status, perfil.text).toBe(200);
    const again = await t.request('PUT', '/api/v1/general/perfil', {
      cookie,
      body: { nombre_publico: 'Luna Llena', idiomas: [], version: perfil.json.data.version },
    });
    expect(again.status, again.text).toBe(200);
    const pago = await pay(cookie, 'Luna');
    expect(pago.status, pago.text).toBe(200);

    const r = await header(u.id);
    expect(r.perfil).toEqual({ id: perfil.json.data.perfil_id, version: again.json.data.version });
    expect(r.perfil.version).toBeGreaterThan(perfil.json.data.version);
    expect(r.informacion_pago).toEqual({ id: expect.any(Number), version: pago.json.data.version });
    expect(r.validacion_identidad).toBeNull();
    // The ids are the ones the history is kept under.
    expect(r.perfil.id).not.toBe(r.informacion_pago.id);
    const perfilRows = await historyIds('perfil', r.perfil.id);
    expect(perfilRows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(perfilRows)).toEqual(new Set([r.perfil.id]));
    expect(await historyIds('informacion_pago', r.informacion_pago.id)).toEqual([r.informacion_pago.id]);
    // Another member's records are not his.
    const other = await t.makeUser('otroregistro', [P.perfil]);
    expect((await header(other.id)).perfil).toBeNull();
  });

  it('each revision names the fields this caller may restore: none without the permission to edit members', async () => {
    const u = await t.makeUser('restaurables', [P.perfil]);
    const cookie = await u.session();
    const made = await t.request('PUT', '/api/v1/general/perfil', {
      cookie,
      body: { nombre_publico: 'Antes', idiomas: [] },
    });
    expect(made.status, made.text).toBe(200);
    const edited = await t.request('PUT', '/api/v1/general/perfil', {
      cookie,
      body: { nombre_publico: 'Después', descripcion: 'Hola', idiomas: [], version: made.json.data.version },
    });
    expect(edited.status, edited.text).toBe(200);
    const rows = async (who: string) =>
      (
        await t.request('GET', `/api/v1/actividad?entidad=perfil&registro=${made.json.data.perfil_id}`, {
          cookie: who,
        })
      ).json.data as { action: string; delta: Record<string, unknown>; restaurables: string[] }[];
    const [edit, first, ...older] = await rows(admin);
    // Each edit can be undone field by field (back to its «Antes»): the fields whose value before
    // differs from the record's now; never the owner or the review state.
    expect(edit!.restaurables.sort()).toEqual(['descripcion', 'nombre_publico']);
    expect(first!.restaurables).toEqual(['nombre_publico']);
    expect(first!.restaurables).not.toContain('estado');
    // A creation has nothing before it to go back to.
    const created = older.at(-1)!;
    expect(created.delta).toHaveProperty('user_id');
    expect(created.restaurables).toEqual([]);
    // Whoever reads the activity without the permission to edit members is offered nothing.
    const auditor = await (await t.makeUser('auditor', [P.actividad])).session();
    expect((await rows(auditor)).every((r) => r.restaurables.length === 0)).toBe(true);
  });
});
