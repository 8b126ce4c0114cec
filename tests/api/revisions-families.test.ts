// Issue 22, the write families wired last (decision 0250): every one leaves who, what, the values
// before and after, read back through the Actividad API; the profile forms and the users form are
// checked against the version they read; users and a member's records can be restored.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { totpCode } from '../../worker/shared/totp';
import { png } from '../setup/files';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
let adminId: number;
/** Sees the activity but not personal data in full. */
let auditor: string;
const MEMBER = [P.miInformacionPersonal, P.perfil];
const ids = {} as Record<
  'co' | 'cc' | 'hija' | 'banco' | 'cuenta' | 'es' | 'en' | 'masaje' | 'producto',
  number
>;
let n = 0;

type Row = {
  id: number;
  action: string;
  entity: string;
  entity_id: number;
  usuario: string | null;
  user_id: number | null;
  ip: string | null;
  revision_id: number | null;
  delta: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
};

/** The history of one record through the API, newest first. */
async function history(entidad: string, registro: number, cookie = admin): Promise<Row[]> {
  const res = await t.request('GET', `/api/v1/actividad?entidad=${entidad}&registro=${registro}&perPage=50`, {
    cookie,
  });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}
const latest = async (entidad: string, registro: number, cookie = admin) =>
  (await history(entidad, registro, cookie))[0]!;

async function create(path: string, body: object) {
  const res = await t.request('POST', `/api/v1${path}`, { cookie: admin, body });
  expect(res.status, res.text).toBe(201);
  return res.json.data.id as number;
}

const upload = (path: string, cookie: string, files: Record<string, File>) => {
  const form = new FormData();
  for (const [k, f] of Object.entries(files)) form.append(k, f);
  return t.fetch(`${ORIGIN}/api/v1${path}`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, Origin: ORIGIN },
  });
};

async function member() {
  const u = await t.makeUser(`fam${++n}`, MEMBER);
  return { id: u.id, cookie: await u.session(), name: `fam${n}` };
}

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  adminId = (await t.request('GET', '/api/v1/auth/session', { cookie: admin })).json.user.id;
  auditor = await (await t.makeUser('auditora', [P.actividad])).session();
  const form = (await t.request('GET', '/api/v1/auth/initForm')).json;
  ids.co = form.paises[0].id;
  ids.cc = form.tiposIdentificacion.find((x: { codigo: string }) => x.codigo === 'CC').id;
  ids.hija = await create('/general/parentescos', { nombre: 'Hija' });
  ids.banco = await create('/general/bancos', { codigo: '007', nombre: 'Bancolombia' });
  ids.cuenta = await create('/general/metodosdepago', { nombre: 'Transferencia', tipo: 'CUENTA_BANCARIA' });
  ids.es = await create('/miperfil/idiomas', { nombre: 'Español' });
  ids.en = await create('/miperfil/idiomas', { nombre: 'Inglés' });
  ids.masaje = await create('/miperfil/tiposmasajes', { nombre: 'Relajante' });
  const cat = await create('/catalogo/categoriasproductos', { nombre: 'Kits' });
  ids.producto = await create('/catalogo/productos', {
    codigo: 'KIT-A',
    nombre: 'Kit A',
    categoria_id: cat,
    precio: 100_000,
  });
});

const personal = (over: object = {}) => ({
  nombres: 'Ana',
  apellidos: 'Gómez',
  tipo_identificacion_id: ids.cc,
  numero_identificacion: '1020304050',
  fecha_nacimiento: '1990-05-20',
  genero: 'F',
  celular: '3001234567',
  pais_id: ids.co,
  departamento_id: null,
  ciudad_id: null,
  direccion: null,
  nivel_educativo_id: null,
  ...over,
});

describe('every family leaves who, what, before and after', () => {
  it("a product's images: added and removed, as an edit of the product with its image list", async () => {
    const added = await upload(`/catalogo/productos/${ids.producto}/images`, admin, { files: png() });
    expect(added.status).toBe(201);
    const images = (
      await t.request('GET', `/api/v1/catalogo/productos/${ids.producto}/images`, { cookie: admin })
    ).json.data;
    const imageId = images[0].id;
    const add = await latest('productos', ids.producto);
    expect(add).toMatchObject({ action: 'editar', user_id: adminId });
    const file = expect.stringMatching(/^imagenes\/productos\//);
    expect(add.delta!.imagenes).toEqual([{ id: imageId, archivo: file }]);
    expect(add.before!.imagenes).toEqual([]);
    const gone = await t.request('DELETE', `/api/v1/catalogo/productos/${ids.producto}/images/${imageId}`, {
      cookie: admin,
    });
    expect(gone.status).toBe(204);
    const del = await latest('productos', ids.producto);
    expect(del.delta!.imagenes).toEqual([]);
    expect(del.before!.imagenes).toEqual([{ id: imageId, archivo: file }]);
    // Removing an image that is not there writes nothing.
    const before = (await history('productos', ids.producto)).length;
    expect(
      (
        await t.request('DELETE', `/api/v1/catalogo/productos/${ids.producto}/images/${imageId}`, {
          cookie: admin,
        })
      ).status,
    ).toBe(404);
    expect(await history('productos', ids.producto)).toHaveLength(before);
  });

  it("a member's personal data and photo, as edits of the user", async () => {
    const m = await member();
    const first = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: m.cookie,
      body: personal(),
    });
    expect(first.status, first.text).toBe(200);
    const second = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: m.cookie,
      body: personal({ nombres: 'Ana María', version: first.json.data.version }),
      headers: { 'User-Agent': 'navegador/2.0' },
    });
    expect(second.status, second.text).toBe(200);
    const edit = await latest('users', m.id);
    expect(edit).toMatchObject({ action: 'editar', user_id: m.id });
    expect(edit.delta).toMatchObject({ nombres: 'Ana María' });
    expect(edit.before).toMatchObject({ nombres: 'Ana' });
    expect(edit.delta).not.toHaveProperty('numero_identificacion');
    // The first save set the identification number: masked for whoever may not see it in full.
    const firstRow = (await history('users', m.id, auditor))[1]!;
    expect(firstRow.delta!.numero_identificacion).toMatch(/^•+4050$/);
    expect(await upload('/general/miinformacion/foto', m.cookie, { file: png() })).toMatchObject({
      status: 200,
    });
    const photo = await latest('users', m.id);
    expect(photo.delta!.photo_key).toEqual(expect.stringMatching(/^usuarios\//));
    expect(photo.before!.photo_key).toBeNull();
  });

  it("an administrator's photo change and two-factor sign-in off, as edits of the user", async () => {
    const u = await t.makeUser(`dos${++n}`);
    const cookie = await u.cookie();
    const setup = await t.request('POST', '/api/v1/auth/account/2fa/setup', { cookie });
    const on = await t.request('POST', '/api/v1/auth/account/2fa/enable', {
      cookie,
      body: { code: await totpCode(setup.json.data.secret, t.clock.now()) },
    });
    expect(on.status).toBe(200);
    const enabled = await latest('users', u.id);
    expect(enabled).toMatchObject({
      action: 'editar',
      user_id: u.id,
      delta: expect.objectContaining({ dos_pasos: 1 }),
    });
    expect((await t.request('DELETE', `/api/v1/seguridad/users/${u.id}/2fa`, { cookie: admin })).status).toBe(
      200,
    );
    const off = await latest('users', u.id);
    expect(off).toMatchObject({ action: 'editar', user_id: adminId });
    expect(off.delta!.dos_pasos).toBe(0);
    expect(off.before!.dos_pasos).toBe(1);
    expect((await upload(`/seguridad/users/${u.id}/image`, admin, { file: png() })).status).toBe(200);
    expect((await latest('users', u.id)).delta!.photo_key).toEqual(expect.stringMatching(/^usuarios\//));
    // No secret and no code ever reaches the history.
    for (const r of await history('users', u.id))
      expect(JSON.stringify(r)).not.toMatch(/secret|recovery|password/);
  });

  it("a member's sponsor changed by an administrator, as an edit of the member", async () => {
    const m = await member();
    const first = await t.makeUser(`padrino${++n}`);
    const second = await t.makeUser(`padrino${++n}`);
    for (const sponsor of [first, second]) {
      const res = await t.request('PUT', `/api/v1/consultas/usuariosregistrados/${m.id}/sponsor`, {
        cookie: admin,
        body: { referral_code: sponsor.referralCode },
      });
      expect(res.status, res.text).toBe(200);
    }
    const row = await latest('users', m.id);
    expect(row).toMatchObject({
      action: 'editar',
      user_id: adminId,
      delta: expect.objectContaining({ sponsor_id: second.id }),
      before: expect.objectContaining({ sponsor_id: first.id }),
    });
  });

  it('identity documents sent for review', async () => {
    const m = await member();
    const res = await upload('/general/validacionIdentidad', m.cookie, {
      frente: png('frente.png'),
      respaldo: png('respaldo.png'),
      selfie: png('selfie.png'),
    });
    expect(res.status).toBe(201);
    const id = (await res.json()).data.id as number;
    const sent = await latest('validacion_identidad', id);
    expect(sent).toMatchObject({ action: 'crear', user_id: m.id });
    expect(sent.delta).toMatchObject({ estado: 'PENDIENTE', user_id: m.id });
  });

  it('beneficiaries: created, edited and deleted', async () => {
    const m = await member();
    const body = {
      nombre: 'Laura',
      numero_identificacion: '11223344',
      parentesco_id: ids.hija,
      porcentaje: 5000,
    };
    const made = await t.request('POST', '/api/v1/general/beneficiarios', { cookie: m.cookie, body });
    expect(made.status).toBe(201);
    const id = made.json.data.id as number;
    const put = await t.request('PUT', `/api/v1/general/beneficiarios/${id}`, {
      cookie: m.cookie,
      body: { ...body, porcentaje: 7000, version: 1 },
    });
    expect(put.status, put.text).toBe(200);
    expect(
      (await t.request('DELETE', `/api/v1/general/beneficiarios/${id}`, { cookie: m.cookie })).status,
    ).toBe(204);
    const rows = await history('beneficiarios', id);
    expect(rows.map((r) => r.action)).toEqual(['eliminar', 'editar', 'crear']);
    expect(rows[1]).toMatchObject({
      delta: expect.objectContaining({ porcentaje: 7000 }),
      before: expect.objectContaining({ porcentaje: 5000, version: 1 }),
    });
    expect(rows[2]!.delta).toMatchObject({ nombre: 'Laura', porcentaje: 5000 });
    // Over 100 % nothing is written, activity included.
    const over = await t.request('POST', '/api/v1/general/beneficiarios', {
      cookie: m.cookie,
      body: { ...body, porcentaje: 10_001 },
    });
    expect(over.status).toBe(422);
  });

  it('payment information, the account number masked for whoever may not see it', async () => {
    const m = await member();
    const body = {
      metodo_pago_id: ids.cuenta,
      banco_id: ids.banco,
      tipo_cuenta: 'AH',
      numero_cuenta: '12345678901',
      titular: 'Ana',
    };
    const first = await t.request('PUT', '/api/v1/general/informacionpago', { cookie: m.cookie, body });
    expect(first.status, first.text).toBe(200);
    const again = await t.request('PUT', '/api/v1/general/informacionpago', {
      cookie: m.cookie,
      body: { ...body, numero_cuenta: '99998888777', version: first.json.data.version },
    });
    expect(again.status, again.text).toBe(200);
    const rowId = (
      await t.request('GET', '/api/v1/actividad?entidad=informacion_pago&perPage=50', { cookie: admin })
    ).json.data.find((r: Row) => r.user_id === m.id).entity_id as number;
    const full = await history('informacion_pago', rowId);
    expect(full.map((r) => r.action)).toEqual(['editar', 'crear']);
    expect(full[0]).toMatchObject({ delta: expect.objectContaining({ numero_cuenta: '99998888777' }) });
    expect(full[0]!.before!.numero_cuenta).toBe('12345678901');
    const masked = await latest('informacion_pago', rowId, auditor);
    expect(masked.delta!.numero_cuenta).toMatch(/^•+8777$/);
    expect(masked.before!.numero_cuenta).toMatch(/^•+8901$/);
  });

  it("a member's public profile: its text, physical description, options, locations and gallery", async () => {
    const m = await member();
    const p1 = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Luna', descripcion: 'Hola', idiomas: [ids.es] },
    });
    expect(p1.status, p1.text).toBe(200);
    const pid = p1.json.data.perfil_id as number;
    const p2 = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Luna Llena', idiomas: [ids.es, ids.en], version: p1.json.data.version },
    });
    expect(p2.status, p2.text).toBe(200);
    let row = await latest('perfil', pid);
    expect(row).toMatchObject({ action: 'editar', user_id: m.id });
    expect(row.delta).toMatchObject({
      nombre_publico: 'Luna Llena',
      idiomas: [ids.es, ids.en].sort((a, b) => a - b),
    });
    expect(row.before).toMatchObject({ nombre_publico: 'Luna', idiomas: [ids.es] });
    expect(
      (
        await t.request('PUT', '/api/v1/general/perfil/fisica', {
          cookie: m.cookie,
          body: { estatura_cm: 170 },
        })
      ).status,
    ).toBe(200);
    expect((await latest('perfil', pid)).delta).toMatchObject({ estatura_cm: 170 });
    const services = await t.request('PUT', '/api/v1/general/perfil/servicios', {
      cookie: m.cookie,
      body: {
        servicios: [],
        tiposdeoral: [],
        tiposdefantasiasyfetiches: [],
        tiposdemasajes: [ids.masaje],
        serviciosvirtuales: [],
      },
    });
    expect(services.status, services.text).toBe(200);
    row = await latest('perfil', pid);
    expect(row.delta!.tiposdemasajes).toEqual([ids.masaje]);
    expect(row.before!.tiposdemasajes).toEqual([]);
    expect(row.delta).not.toHaveProperty('idiomas');
    const places = await t.request('PUT', '/api/v1/general/perfil/ubicaciones', {
      cookie: m.cookie,
      body: { ubicaciones: [{ pais_id: ids.co, zona: 'Centro' }] },
    });
    expect(places.status, places.text).toBe(200);
    expect((await latest('perfil', pid)).delta!.ubicaciones).toEqual([
      { pais_id: ids.co, departamento_id: null, ciudad_id: null, zona: 'Centro' },
    ]);
    expect((await upload('/general/perfilmedia', m.cookie, { files: png() })).status).toBe(201);
    const media = (await t.request('GET', '/api/v1/general/perfilmedia', { cookie: m.cookie })).json.data[0];
    const listed = [{ id: media.id, portada: 1, archivo: expect.stringMatching(/^galeria\//) }];
    expect((await latest('perfil', pid)).delta!.galeria).toEqual(listed);
    expect(
      (await t.request('DELETE', `/api/v1/general/perfilmedia/${media.id}`, { cookie: m.cookie })).status,
    ).toBe(204);
    row = await latest('perfil', pid);
    expect(row.delta!.galeria).toEqual([]);
    expect(row.before!.galeria).toEqual(listed);
  });

  it('a purchase created at checkout, once: a repeat of the same checkout adds no second row', async () => {
    const m = await t.makeUser(`fam${++n}`, [P.misCompras]);
    const cookie = await m.session();
    expect(
      (await t.request('POST', '/api/v1/miscompras/cart', { cookie, body: { producto_id: ids.producto } }))
        .status,
    ).toBe(201);
    const cart = (await t.request('GET', '/api/v1/miscompras/cart', { cookie })).json;
    const body = { total_items: cart.total_items, total: cart.total };
    const first = await t.request('POST', '/api/v1/miscompras/compras', { cookie, body });
    expect(first.status, first.text).toBe(201);
    const again = await t.request('POST', '/api/v1/miscompras/compras', { cookie, body });
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(first.json.data.id);
    const rows = await history('compra', first.json.data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'crear', user_id: m.id });
    expect(rows[0]!.revision_id).not.toBeNull();
    expect(rows[0]!.delta).toMatchObject({ estado: 'NO_PAGADO', total: 100_000, user_id: m.id });
  });

  it('bonus rates: an edit with who, the percentage before and after; a stale version is a 409', async () => {
    const rates = (await t.request('GET', '/api/v1/bonos/detallebonos', { cookie: admin })).json.data;
    const rate = rates[0];
    const edit = (porcentaje: number, version: number) =>
      t.request('PUT', `/api/v1/bonos/detallebonos/${rate.id}`, {
        cookie: admin,
        body: { porcentaje, descripcion: rate.descripcion, version },
      });
    const put = await edit(rate.porcentaje + 100, rate.version);
    expect(put.status, put.text).toBe(200);
    expect(put.json.data.version).toBe(rate.version + 1);
    expect((await edit(rate.porcentaje + 200, rate.version + 1)).status).toBe(200);
    const row = await latest('detallebonos', rate.id);
    expect(row).toMatchObject({
      action: 'editar',
      user_id: adminId,
      delta: expect.objectContaining({ porcentaje: rate.porcentaje + 200 }),
      before: expect.objectContaining({ porcentaje: rate.porcentaje + 100 }),
    });
    const stale = await t.request('PUT', `/api/v1/bonos/detallebonos/${rate.id}`, {
      cookie: admin,
      body: { porcentaje: 1, descripcion: null, version: rate.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(
      /^El registro fue modificado por .+ el 15\/11\/2026 10:00\. Recarga o compara antes de guardar\.$/,
    );
  });

  it('a settlement start: one row naming the cycle, with what the start found', async () => {
    const run = await t.request('POST', '/api/v1/bonos/ciclos/liquidar', {
      cookie: admin,
      body: { clave: '2026-10' },
    });
    expect(run.status, run.text).toBe(200);
    const list = await t.request('GET', '/api/v1/actividad?entidad=ciclos_bonificacion', {
      cookie: admin,
    });
    const row = list.json.data[0] as Row;
    expect(row).toMatchObject({ action: 'liquidar', user_id: adminId });
    expect(row.delta).toMatchObject({ clave: '2026-10', estado: 'LIQUIDADO', segundo_plano: false });
    expect(row.entity_id).toBeGreaterThan(0);
  });

  it('an import: one row with the file and the counts, none for a preview', async () => {
    const imports = () =>
      t.request(
        'GET',
        `/api/v1/actividad?entidad=bancos&filters=${encodeURIComponent('{"accion":"importar"}')}`,
        {
          cookie: admin,
        },
      );
    const before = (await imports()).json.total as number;
    const file = new File(['Código,Nombre\n901,Banco Importado Uno\n007,Bancolombia S.A.\n'], 'bancos.csv', {
      type: 'text/csv',
    });
    const send = (apply: boolean) => {
      const form = new FormData();
      form.append('file', file);
      return t.request('POST', `/api/v1/general/bancos/import${apply ? '?aplicar=1' : ''}`, {
        cookie: admin,
        raw: form,
      });
    };
    expect((await send(false)).status).toBe(200);
    const applied = await send(true);
    expect(applied.status, applied.text).toBe(200);
    const rows = (await imports()).json;
    expect(rows.total).toBe(before + 1);
    expect(rows.data[0]).toMatchObject({
      action: 'importar',
      entity_id: 0,
      user_id: adminId,
      delta: { archivo: 'bancos.csv', crear: 1, actualizar: 1 },
    });
    // The updated row moved its version: a form opened before the import is warned.
    const bank = (await t.request('GET', `/api/v1/general/bancos/${ids.banco}`, { cookie: admin })).json.data;
    expect(bank).toMatchObject({ nombre: 'Bancolombia S.A.', version: 2 });
  });
});

describe('atomic with the change', () => {
  it('a profile revision that fails leaves the profile, its options and the activity as they were', async () => {
    const m = await member();
    const ok = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Estable', idiomas: [ids.es] },
    });
    const pid = ok.json.data.perfil_id as number;
    const before = (await history('perfil', pid)).length;
    await t.db.run(
      sql.raw(`create trigger if not exists falla_perfil before insert on revisions
        when new.entity = 'perfil' and json_extract(new.snapshot, '$.nombre_publico') = 'SIN REVISION'
        begin select raise(abort, 'falla provocada'); end`),
    );
    try {
      const res = await t.request('PUT', '/api/v1/general/perfil', {
        cookie: m.cookie,
        body: { nombre_publico: 'SIN REVISION', idiomas: [ids.en] },
      });
      expect(res.status).toBe(500);
    } finally {
      await t.db.run(sql.raw('drop trigger if exists falla_perfil'));
    }
    const read = (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data;
    expect(read.perfil).toMatchObject({ nombre_publico: 'Estable', idiomas: [ids.es] });
    expect(read.version).toBe(ok.json.data.version);
    expect(await history('perfil', pid)).toHaveLength(before);
  });
});

describe('no lost updates on the users form and the profile forms', () => {
  it('two sessions edit one user: the second, with the version it read, gets 409 naming the first', async () => {
    const u = await t.makeUser(`dosses${++n}`);
    const read = (await t.request('GET', `/api/v1/seguridad/users/${u.id}`, { cookie: admin })).json.data;
    const body = (nombres: string) => ({
      user_name: read.user_name,
      email: read.email,
      nombres,
      apellidos: '',
      roles: read.roles,
      activo: true,
      version: read.version,
    });
    expect(
      (await t.request('PUT', `/api/v1/seguridad/users/${u.id}`, { cookie: admin, body: body('Primera') }))
        .status,
    ).toBe(200);
    const second = await t.request('PUT', `/api/v1/seguridad/users/${u.id}`, {
      cookie: admin,
      body: body('Segunda'),
    });
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(
      'El registro fue modificado por Administrador el 15/11/2026 10:00. Recarga o compara antes de guardar.',
    );
    expect(
      (await t.request('GET', `/api/v1/seguridad/users/${u.id}`, { cookie: admin })).json.data.nombres,
    ).toBe('Primera');
  });

  it('personal data, a beneficiary, payment details and the profile: a stale version is a 409 and changes nothing', async () => {
    const m = await member();
    const p = await t.request('PUT', '/api/v1/general/miinformacion', { cookie: m.cookie, body: personal() });
    const v1 = p.json.data.version as number;
    expect(
      (
        await t.request('PUT', '/api/v1/general/miinformacion', {
          cookie: m.cookie,
          body: personal({ nombres: 'Uno', version: v1 }),
        })
      ).status,
    ).toBe(200);
    const stale = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie: m.cookie,
      body: personal({ nombres: 'Dos', version: v1 }),
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(
      'El registro fue modificado por Uno Gómez el 15/11/2026 10:00. Recarga o compara antes de guardar.',
    );
    expect(
      (await t.request('GET', '/api/v1/general/miinformacion', { cookie: m.cookie })).json.data.nombres,
    ).toBe('Uno');

    const b = {
      nombre: 'Laura',
      numero_identificacion: '11223344',
      parentesco_id: ids.hija,
      porcentaje: 5000,
    };
    const bid = (await t.request('POST', '/api/v1/general/beneficiarios', { cookie: m.cookie, body: b })).json
      .data.id;
    const listed = (await t.request('GET', '/api/v1/general/beneficiarios', { cookie: m.cookie })).json
      .data[0];
    expect(listed.version).toBe(1);
    expect(
      (
        await t.request('PUT', `/api/v1/general/beneficiarios/${bid}`, {
          cookie: m.cookie,
          body: { ...b, porcentaje: 6000, version: 1 },
        })
      ).status,
    ).toBe(200);
    const staleB = await t.request('PUT', `/api/v1/general/beneficiarios/${bid}`, {
      cookie: m.cookie,
      body: { ...b, porcentaje: 7000, version: 1 },
    });
    expect(staleB.status).toBe(409);
    expect(staleB.json.message).toMatch(/^El registro fue modificado por Uno Gómez el /);

    const pay = {
      metodo_pago_id: ids.cuenta,
      banco_id: ids.banco,
      tipo_cuenta: 'AH',
      numero_cuenta: '1234567',
      titular: 'Ana',
    };
    const pv = (await t.request('PUT', '/api/v1/general/informacionpago', { cookie: m.cookie, body: pay }))
      .json.data.version;
    expect(
      (
        await t.request('PUT', '/api/v1/general/informacionpago', {
          cookie: m.cookie,
          body: { ...pay, titular: 'Uno', version: pv },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/v1/general/informacionpago', {
          cookie: m.cookie,
          body: { ...pay, titular: 'Dos', version: pv },
        })
      ).status,
    ).toBe(409);
    expect(
      (await t.request('GET', '/api/v1/general/informacionpago', { cookie: m.cookie })).json.data.titular,
    ).toBe('Uno');

    const prof = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Sol', idiomas: [] },
    });
    const pver = prof.json.data.version as number;
    expect(
      (
        await t.request('PUT', '/api/v1/general/perfil/fisica', {
          cookie: m.cookie,
          body: { peso_kg: 60, version: pver },
        })
      ).status,
    ).toBe(200);
    const staleP = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Luna', idiomas: [ids.es], version: pver },
    });
    expect(staleP.status).toBe(409);
    const after = (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data;
    expect(after.perfil).toMatchObject({ nombre_publico: 'Sol', idiomas: [] });
  });
});

describe('restore beyond the registry and roles', () => {
  const restore = (revisionId: number, campos: string[], cookie = admin, version?: number) =>
    t.request('POST', `/api/v1/revisiones/${revisionId}/restaurar`, {
      cookie,
      body: { campos, ...(version ? { version } : {}) },
    });

  it("a user's names and roles, as a new revision through the users form's checks", async () => {
    const u = await t.makeUser(`rest${++n}`);
    const read = (await t.request('GET', `/api/v1/seguridad/users/${u.id}`, { cookie: admin })).json.data;
    const member = await t.memberRoleId();
    const edit = (nombres: string, roles: number[], version: number) =>
      t.request('PUT', `/api/v1/seguridad/users/${u.id}`, {
        cookie: admin,
        body: {
          user_name: read.user_name,
          email: read.email,
          nombres,
          apellidos: '',
          roles,
          activo: true,
          version,
        },
      });
    expect((await edit('Antes', read.roles, read.version)).status).toBe(200);
    const good = (await latest('users', u.id)).revision_id!;
    expect((await edit('Después', [member], read.version + 1)).status).toBe(200);
    const res = await restore(good, ['nombres', 'roles']);
    expect(res.status, res.text).toBe(200);
    const now = (await t.request('GET', `/api/v1/seguridad/users/${u.id}`, { cookie: admin })).json.data;
    expect(now).toMatchObject({ nombres: 'Antes', roles: read.roles });
    const row = await latest('users', u.id);
    expect(row.action).toBe('restaurar');
    expect(row.delta).toMatchObject({ nombres: 'Antes', roles: read.roles });
    // With the version it read, a restore is checked like an edit.
    expect((await restore(good, ['nombres'], admin, read.version)).status).toBe(409);
    // Once back at that revision's values, a restore that would change nothing is refused without
    // writing an entry, and the restore itself can be undone (its «Antes» differs from now).
    const [undo] = (await history('users', u.id)) as unknown as { action: string; restaurables: string[] }[];
    expect(undo).toMatchObject({
      action: 'restaurar',
      restaurables: expect.arrayContaining(['nombres', 'roles']),
    });
    const entries = (await history('users', u.id)).length;
    const noop = await restore(good, ['nombres', 'roles']);
    expect(noop.status).toBe(422);
    expect(noop.json.errors.campos).toEqual([
      'Estos campos ya tienen esos valores: no hay nada que restaurar.',
    ]);
    expect(await history('users', u.id)).toHaveLength(entries);
    // Fields outside the users form are refused (two-step sign-in is the user's own to turn on).
    const bad = await restore(good, ['dos_pasos']);
    expect(bad.status).toBe(422);
    expect(bad.json.errors.campos).toEqual(['No se puede restaurar el campo dos_pasos']);
  });

  it("a member's profile, beneficiary and payment details", async () => {
    const m = await member();
    const p1 = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Primero', idiomas: [ids.es] },
    });
    const pid = p1.json.data.perfil_id as number;
    const good = (await latest('perfil', pid)).revision_id!;
    await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Segundo', idiomas: [ids.en] },
    });
    const res = await restore(good, ['nombre_publico', 'idiomas']);
    expect(res.status, res.text).toBe(200);
    expect(
      (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data.perfil,
    ).toMatchObject({
      nombre_publico: 'Primero',
      idiomas: [ids.es],
    });
    expect((await latest('perfil', pid)).action).toBe('restaurar');

    const b = {
      nombre: 'Laura',
      numero_identificacion: '11223344',
      parentesco_id: ids.hija,
      porcentaje: 3000,
    };
    const bid = (await t.request('POST', '/api/v1/general/beneficiarios', { cookie: m.cookie, body: b })).json
      .data.id;
    const bgood = (await latest('beneficiarios', bid)).revision_id!;
    await t.request('PUT', `/api/v1/general/beneficiarios/${bid}`, {
      cookie: m.cookie,
      body: { ...b, porcentaje: 9000 },
    });
    expect((await restore(bgood, ['porcentaje'])).status).toBe(200);
    expect(
      (await t.request('GET', '/api/v1/general/beneficiarios', { cookie: m.cookie })).json.data[0].porcentaje,
    ).toBe(3000);

    const pay = {
      metodo_pago_id: ids.cuenta,
      banco_id: ids.banco,
      tipo_cuenta: 'AH',
      numero_cuenta: '1234567',
      titular: 'Ana',
    };
    await t.request('PUT', '/api/v1/general/informacionpago', { cookie: m.cookie, body: pay });
    const rowId = (
      await t.request('GET', '/api/v1/actividad?entidad=informacion_pago&perPage=50', { cookie: admin })
    ).json.data.find((r: Row) => r.user_id === m.id).entity_id as number;
    const pgood = (await latest('informacion_pago', rowId)).revision_id!;
    await t.request('PUT', '/api/v1/general/informacionpago', {
      cookie: m.cookie,
      body: { ...pay, titular: 'Otra' },
    });
    expect((await restore(pgood, ['titular'])).status).toBe(200);
    expect(
      (await t.request('GET', '/api/v1/general/informacionpago', { cookie: m.cookie })).json.data.titular,
    ).toBe('Ana');
    // Whoever sees the activity but may not edit members' records gets 403.
    expect((await restore(pgood, ['titular'], auditor)).status).toBe(403);
  });
});
