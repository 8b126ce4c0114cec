// Who looked (docs/privacy.md «Quién consultó», decision 0405): staff shown a member's
// identity documents, sensitive profile fields, document number, phone or payment data in full leave
// an access record (who, role, what, when, from where) on every read path — the registered user's
// tabs, the review queues, the documents themselves, global search and an Excel export. Staff
// without «Ver datos completos» see those data masked and leave no record. The member reads his
// records (GET /privacidad/accesos), the rights desk reads them per member with who it was.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { tabPermission } from '../../worker/shared/user-tabs';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { png } from '../setup/files';

let t: TestApp;
let admin: string;
let member: { id: number; cookie: string };
let limited: string;
const DOC = '1029384756';
const PHONE = '3015550123';
const ACCOUNT = '445566778899';

const create = (endpoint: string, body: object) => t.createRow(endpoint, body, admin);

/** The member's access records once the writes after the answers have landed. */
async function accesses(cookie = member.cookie, expected = 1): Promise<any[]> {
  let rows: any[] = [];
  for (let i = 0; i < 60; i++) {
    rows = (await t.request('GET', '/api/v1/privacidad/accesos', { cookie })).json.data;
    if (rows.length >= expected) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return rows;
}
const count = async () =>
  (
    await t.db.get<{ n: number }>(
      sql`select count(*) as n from data_access_log where owner_id = ${member.id}`,
    )
  ).n;
const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const orientacion = await create('/miperfil/orientacionessexuales', { nombre: 'Bisexual' });
  const banco = await create('/general/bancos', { codigo: 'B705', nombre: 'Banco Accesos' });
  const u = await t.makeUser('titular.accesos', [P.miInformacionPersonal, P.perfil]);
  member = { id: u.id, cookie: await u.cookie() };
  const initForm = (await t.request('GET', '/api/v1/auth/initForm')).json;
  await t.db.run(
    sql`update users set numero_identificacion = ${DOC}, celular = ${PHONE}, apellidos = 'Ruiz',
      tipo_identificacion_id = ${initForm.tiposIdentificacion[0].id}, pais_id = ${initForm.paises[0].id},
      fecha_nacimiento = '1990-05-04', genero = 'F' where id = ${u.id}`,
  );
  await t.db.run(
    sql`insert into metodos_pago (nombre, tipo, created_at, updated_at) values ('Cuenta bancaria', 'CUENTA_BANCARIA', 0, 0) on conflict do nothing`,
  );
  const metodo = await t.db.get<{ id: number }>(
    sql`select id from metodos_pago where tipo = 'CUENTA_BANCARIA'`,
  );
  await t.db
    .run(sql`insert into informacion_pago (user_id, metodo_pago_id, banco_id, tipo_cuenta, numero_cuenta, titular, created_at, updated_at)
    values (${u.id}, ${metodo.id}, ${banco}, 'AH', ${ACCOUNT}, 'Titular Ruiz', 0, 0)`);
  const profile = await t.request('PUT', '/api/v1/general/perfil', {
    cookie: member.cookie,
    body: { nombre_publico: 'Accesos', orientacion_sexual_id: orientacion },
  });
  expect(profile.status, profile.text).toBe(200);
  expect((await t.request('POST', '/api/v1/general/perfil/enviar', { cookie: member.cookie })).status).toBe(
    200,
  );
  const form = new FormData();
  for (const d of ['frente', 'respaldo', 'selfie']) form.append(d, png(`${d}.png`));
  const sent = await t.fetch('http://localhost/api/v1/general/validacionIdentidad', {
    method: 'POST',
    headers: { Cookie: member.cookie, Origin: 'http://localhost' },
    body: form,
  });
  expect(sent.status).toBe(201);
  limited = await (
    await t.makeUser('consulta.sin.datos', [
      P.usuariosRegistrados,
      tabPermission('personal'),
      tabPermission('pago'),
      tabPermission('perfil'),
      P.controlPerfil,
    ])
  ).session();
});

describe('who looked', () => {
  it('records nothing while the member reads his own data in full', async () => {
    const own = await t.request('GET', '/api/v1/general/miinformacion', { cookie: member.cookie });
    expect(own.json.data).toMatchObject({ numero_identificacion: DOC, celular: PHONE });
    const doc = await t.fetch(`http://localhost/api/v1/general/validacionIdentidad/${member.id}/frente`, {
      headers: { Cookie: member.cookie },
    });
    expect(doc.status).toBe(200);
    await settle();
    expect(await count()).toBe(0);
    const res = await t.request('GET', '/api/v1/privacidad/accesos', { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
  });

  it('masks document, phone, account and sensitive fields for staff without «Ver datos completos», and records nothing', async () => {
    const personal = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/personal`, {
      cookie: limited,
    });
    expect(personal.status, personal.text).toBe(200);
    expect(personal.json.data.numero_identificacion).toBe('••••••4756');
    expect(personal.json.data.celular).toBe('••••••0123');
    const pago = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/pago`, {
      cookie: limited,
    });
    expect(pago.json.data.numero_cuenta).toBe('••••••••8899');
    const perfil = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/perfil`, {
      cookie: limited,
    });
    expect(perfil.json.data).toMatchObject({ nombre_publico: 'Accesos', orientacion_sexual_id: null });
    const pid = (await t.request('GET', '/api/v1/general/perfil', { cookie: member.cookie })).json.data
      .perfil_id;
    const review = await t.request('GET', `/api/v1/administracion/perfil/control/${pid}`, {
      cookie: limited,
    });
    expect(review.status, review.text).toBe(200);
    expect(review.json.data.perfil.perfil.orientacion_sexual_id).toBeNull();
    await settle();
    expect(await count()).toBe(0);
  });

  it('keeps the stored phone when staff who see it masked save the personal form unchanged', async () => {
    const editor = await (
      await t.makeUser('editor.sin.datos', [
        P.usuariosRegistrados,
        P.usuariosRegistradosEdit,
        tabPermission('personal'),
      ])
    ).session();
    const shown = (
      await t.request('GET', `/api/v1/consultas/usuariosregistrados/${member.id}/personal`, {
        cookie: editor,
      })
    ).json.data;
    const { beneficiarios: _b, ...form } = shown;
    const saved = await t.request('PUT', `/api/v1/consultas/usuariosregistrados/${member.id}`, {
      cookie: editor,
      body: { ...form, apellidos: 'Ruiz Gómez' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data.celular).toBe('••••••0123');
    const stored = await t.db.get<{ celular: string; numero: string }>(
      sql`select celular, numero_identificacion as numero from users where id = ${member.id}`,
    );
    expect(stored).toEqual({ celular: PHONE, numero: DOC });
  });

  it('records each datum staff are shown in full, on every read path, with area, role and from where', async () => {
    const get = (path: string) => t.request('GET', `/api/v1${path}`, { cookie: admin });
    const personal = await get(`/consultas/usuariosregistrados/${member.id}/personal`);
    expect(personal.json.data).toMatchObject({ numero_identificacion: DOC, celular: PHONE });
    expect((await get(`/consultas/usuariosregistrados/${member.id}/pago`)).json.data.numero_cuenta).toBe(
      ACCOUNT,
    );
    const pid = (await t.request('GET', '/api/v1/general/perfil', { cookie: member.cookie })).json.data
      .perfil_id;
    expect(
      (await get(`/administracion/perfil/control/${pid}`)).json.data.perfil.perfil.orientacion_sexual_id,
    ).not.toBeNull();
    const doc = await t.fetch(`http://localhost/api/v1/general/validacionIdentidad/${member.id}/selfie`, {
      headers: { Cookie: admin, 'User-Agent': 'Navegador de revisión' },
    });
    expect(doc.status).toBe(200);
    const found = await get(`/buscar?q=${DOC}`);
    expect(found.json.data.miembros[0].detalle).toContain(DOC);

    const rows = await accesses(member.cookie, 6);
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(['area', 'dato', 'fecha', 'rol']);
    expect(rows.every((r) => r.rol.includes('ADMINISTRADOR'))).toBe(true);
    const seen = rows.map((r) => `${r.area} · ${r.dato}`).sort();
    expect(seen).toEqual(
      [
        'Búsqueda global · Número de identificación',
        'Consultas · Celular',
        'Consultas · Número de cuenta bancaria',
        'Consultas · Número de identificación',
        'Control de información personal · Selfie con el documento',
        'Control de perfiles · Orientación sexual e identidad de género',
      ].sort(),
    );
    // Newest first.
    const dates = rows.map((r) => r.fecha);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('records the rows of an Excel export as the export area', async () => {
    const before = await count();
    await t.db.run(sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen)
      values ('2026-10', 0, 1, 'LIQUIDADO', 0, 'prueba')`);
    const ciclo = await t.db.get<{ id: number }>(
      sql`select id from ciclos_bonificacion where clave = '2026-10'`,
    );
    await t.db
      .run(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, neto, lineas, estado, created_at)
      values (${ciclo.id}, ${member.id}, 10000, 10000, 10000, 1, 'NO_PAGADO', 0)`);
    const file = await t.fetch(`http://localhost/api/v1/bonos/ciclos/${ciclo.id}/excel`, {
      headers: { Cookie: admin },
    });
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    const rows = await accesses(member.cookie, before + 2);
    expect(
      rows
        .filter((r) => r.area === 'Liquidación y pago de bonos (exportación)')
        .map((r) => r.dato)
        .sort(),
    ).toEqual(['Número de cuenta bancaria', 'Número de identificación']);
  });

  it("reads a profile's sensitive changes in Actividad through their purpose: recorded in full, empty without the permission", async () => {
    const pid = (await t.request('GET', '/api/v1/general/perfil', { cookie: member.cookie })).json.data
      .perfil_id;
    const path = `/api/v1/actividad?entidad=perfil&registro=${pid}&perPage=10`;
    const withDelta = (rows: any[]) => rows.find((r) => r.delta && 'orientacion_sexual_id' in r.delta);
    const auditor = await (await t.makeUser('auditor.sin.datos', [P.actividad])).session();
    const masked = withDelta((await t.request('GET', path, { cookie: auditor })).json.data);
    expect(masked.delta.orientacion_sexual_id).toBeNull();
    expect(masked.delta.nombre_publico).toBe('Accesos');
    const before = await count();
    const full = withDelta((await t.request('GET', path, { cookie: admin })).json.data);
    expect(full.delta.orientacion_sexual_id).not.toBeNull();
    const rows = await accesses(member.cookie, before + 1);
    expect(rows[0]).toMatchObject({ area: 'Actividad', dato: 'Orientación sexual e identidad de género' });
  });

  it('shows the rights desk who looked, the route and from where; not to the member', async () => {
    const desk = await (await t.makeUser('mesa.accesos', [P.solicitudesDatos])).session();
    const res = await t.request('GET', `/api/v1/privacidad/admin/accesos/${member.id}`, { cookie: desk });
    expect(res.status).toBe(200);
    const selfie = res.json.data.find((r: any) => r.dato === 'Selfie con el documento');
    expect(selfie).toMatchObject({
      usuario: 'admin',
      area: 'Control de información personal',
      ruta: '/api/v1/general/validacionIdentidad/:userId{[0-9]+}/:doc{frente|respaldo|selfie}',
    });
    expect(selfie.rol).toContain('ADMINISTRADOR');
    // The desk's own copy of everything, for the answer to a consulta, is an access too.
    const filed = await t.request('POST', '/api/v1/privacidad/solicitudes', {
      cookie: member.cookie,
      body: { tipo: 'CONSULTA', descripcion: '¿Qué datos tienen de mí?' },
    });
    expect(filed.status).toBe(201);
    const zip = await t.fetch(
      `http://localhost/api/v1/privacidad/admin/solicitudes/${filed.json.data.id}/datos`,
      {
        headers: { Cookie: desk },
      },
    );
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    const mine = await accesses(member.cookie, res.json.data.length + 1);
    expect(mine.find((r) => r.dato === 'Todos sus datos (copia para responder una consulta)')).toMatchObject({
      area: 'Solicitudes de datos',
      rol: 'ROL_MESA.ACCESOS',
    });
    expect(
      (await t.request('GET', `/api/v1/privacidad/admin/accesos/${member.id}`, { cookie: member.cookie }))
        .status,
    ).toBe(403);
  });

  it('cannot be updated nor deleted, not even by SQL', async () => {
    await expect(t.db.run(sql`update data_access_log set area = 'x'`)).rejects.toThrow();
    await expect(t.db.run(sql`delete from data_access_log`)).rejects.toThrow();
    expect(await count()).toBeGreaterThan(0);
  });
});
