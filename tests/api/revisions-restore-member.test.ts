// Issue 22, "Restaurar estos campos" on the member records decision 0253 left out (decisions 0254,
// 0255): personal identification data, the profile's social networks and locations, the gallery and
// the identity documents. Each restore goes through the record's own write (checks, version guard,
// review state), is a new revision with action `restaurar`, and a file comes back only while it is
// still kept.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScheduled } from '../../worker/modules/jobs/scheduled';
import type { BlobStore } from '../../worker/platform/ports';
import { changeState } from '../../worker/platform/state-change';
import { perfiles, validacionesIdentidad } from '../../worker/db/schema';
import { configPermission, P } from '../../worker/shared/permissions';
import { png } from '../setup/files';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
/** Sees the activity, not personal data in full, edits nobody. */
let auditor: string;
/** Sees the activity and edits the users screen, but not registered members' records. */
let usersEditor: string;
const MEMBER = [P.miInformacionPersonal, P.perfil];
const ids = {} as Record<'co' | 'cc' | 'ig' | 'x', number>;
let n = 0;

type Row = {
  restaurables?: string[];
  action: string;
  user_id: number | null;
  revision_id: number | null;
  delta: Record<string, unknown> | null;
};

async function history(entidad: string, registro: number, cookie = admin): Promise<Row[]> {
  const res = await t.request('GET', `/api/v1/actividad?entidad=${entidad}&registro=${registro}&perPage=20`, {
    cookie,
  });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}
const latest = async (entidad: string, registro: number, cookie = admin) =>
  (await history(entidad, registro, cookie))[0]!;
/** The newest row with that action (a restore may be followed by the review's state change). */
const lastOf = async (action: string, entidad: string, registro: number) =>
  (await history(entidad, registro)).find((r) => r.action === action)!;

/** A reviewer's approval of a profile, as the review queue writes it. */
const approveProfile = (pid: number) =>
  changeState(t.db, {
    entity: 'perfil',
    table: perfiles,
    idColumn: perfiles.id,
    stateColumn: perfiles.estado,
    id: pid,
    to: 'APROBADO',
    allowed: ['APROBADO'],
    actorId: 1,
    at: t.clock.now(),
  });
const restore = (revisionId: number, campos: string[], cookie = admin, version?: number) =>
  t.request('POST', `/api/v1/revisiones/${revisionId}/restaurar`, {
    cookie,
    body: { campos, ...(version ? { version } : {}) },
  });

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
  const u = await t.makeUser(`rm${++n}`, MEMBER);
  return { id: u.id, cookie: await u.session() };
}

/** The blob store the app under test writes to: memory on node, the Worker's R2 bucket on workerd. */
// The app's files as it sees them (decrypted; on workerd Miniflare's R2 under the encrypting port).
const appBlobs = (): Promise<BlobStore> => t.appBlobs();
const stored = async (key: string) => {
  const found = await (await appBlobs()).get(key);
  await found?.body.cancel();
  return found !== null;
};

/** Whether a file waits in the bin (deleted by the daily cron after the grace period). */
const binned = async (key: string) =>
  (await t.db.all(sql`select 1 from deleted_files where blob_key = ${key}`)).length === 1;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  auditor = await (await t.makeUser('auditor', [P.actividad])).session();
  usersEditor = await (
    await t.makeUser('usuarios', [P.actividad, configPermission('seguridad:usuarios', 'edit')])
  ).session();
  const form = (await t.request('GET', '/api/v1/auth/initForm')).json;
  ids.co = form.paises[0].id;
  ids.cc = form.tiposIdentificacion.find((x: { codigo: string }) => x.codigo === 'CC').id;
  const red = async (nombre: string) => {
    const res = await t.request('POST', '/api/v1/miperfil/redes', { cookie: admin, body: { nombre } });
    expect(res.status, res.text).toBe(201);
    return res.json.data.id as number;
  };
  ids.ig = await red('Instagram Pruebas');
  ids.x = await red('X Pruebas');
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

describe('restoring personal identification data', () => {
  it("goes through the personal-data form's write, stays masked in the history, and is checked like an edit", async () => {
    const m = await member();
    const put = (body: object) =>
      t.request('PUT', '/api/v1/general/miinformacion', { cookie: m.cookie, body });
    const first = await put(personal());
    expect(first.status, first.text).toBe(200);
    const good = (await latest('users', m.id)).revision_id!;
    const read = first.json.data.version as number;
    expect(
      (await put(personal({ numero_identificacion: '99887766', celular: '3109998888', version: read })))
        .status,
    ).toBe(200);

    // Whoever may edit the users screen but not members' records may not restore personal data.
    expect((await restore(good, ['numero_identificacion'], usersEditor)).status).toBe(403);
    expect((await restore(good, ['numero_identificacion'], auditor)).status).toBe(403);
    // Account fields and personal data are two forms: one restore each.
    const mixed = await restore(good, ['email', 'celular']);
    expect(mixed.status).toBe(422);
    expect(mixed.json.errors.campos[0]).toMatch(/^Restaura por separado/);

    const res = await restore(good, ['numero_identificacion', 'celular']);
    expect(res.status, res.text).toBe(200);
    const now = (await t.request('GET', '/api/v1/general/miinformacion', { cookie: m.cookie })).json.data;
    expect(now).toMatchObject({ numero_identificacion: '1020304050', celular: '3001234567', nombres: 'Ana' });
    expect(now.version).toBe(read + 2);
    const row = await latest('users', m.id);
    expect(row.action).toBe('restaurar');
    expect(row.delta).toMatchObject({ numero_identificacion: '1020304050', celular: '3001234567' });
    // Masked for whoever may not see personal data in full, as in the grids.
    const masked = (await latest('users', m.id, auditor)).delta!;
    expect(masked.numero_identificacion).not.toBe('1020304050');
    expect(String(masked.numero_identificacion)).toMatch(/4050$/);

    // With the version the panel read, a restore is refused once another write came first.
    const stale = await restore(good, ['celular'], admin, read);
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(
      /^El registro fue modificado por .+ Recarga o compara antes de guardar\.$/,
    );
    // The form's checks hold: a minor's birth date is refused as in the form.
    await t.db.run(
      sql`update revisions set snapshot = json_set(snapshot, '$.fecha_nacimiento', '2020-01-01') where id = ${good}`,
    );
    const minor = await restore(good, ['fecha_nacimiento']);
    expect(minor.status).toBe(422);
    expect(minor.json.errors.fecha_nacimiento).toEqual(['Debes ser mayor de edad (18 años o más)']);
  });
});

describe("restoring the profile's social networks and locations", () => {
  it('sets each list as the revision left it; an approved profile goes back to review', async () => {
    const m = await member();
    const p1 = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Sol', redes: [{ red_id: ids.ig, usuario: '@sol' }] },
    });
    expect(p1.status, p1.text).toBe(200);
    const pid = p1.json.data.perfil_id as number;
    const places = await t.request('PUT', '/api/v1/general/perfil/ubicaciones', {
      cookie: m.cookie,
      body: { ubicaciones: [{ pais_id: ids.co, zona: 'Norte' }], version: p1.json.data.version },
    });
    expect(places.status, places.text).toBe(200);
    const good = (await latest('perfil', pid)).revision_id!;
    const read = places.json.data.version as number;
    const p3 = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Sol', redes: [{ red_id: ids.x, usuario: 'sol_x' }], version: read },
    });
    expect(p3.status, p3.text).toBe(200);
    await t.request('PUT', '/api/v1/general/perfil/ubicaciones', {
      cookie: m.cookie,
      body: {
        ubicaciones: [
          { pais_id: ids.co, zona: 'Sur' },
          { pais_id: ids.co, zona: 'Este' },
        ],
      },
    });
    await approveProfile(pid);

    expect((await restore(good, ['redes', 'ubicaciones'], auditor)).status).toBe(403);
    expect((await restore(good, ['redes'], admin, read)).status).toBe(409);
    const res = await restore(good, ['redes', 'ubicaciones']);
    expect(res.status, res.text).toBe(200);
    const profile = (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data;
    expect(profile.perfil.redes).toEqual([{ red_id: ids.ig, usuario: '@sol' }]);
    expect(profile.ubicaciones.map((u: { zona: string }) => u.zona)).toEqual(['Norte']);
    expect(profile.estado).toBe('PENDIENTE');
    const reopened = await latest('perfil', pid);
    expect(reopened.action).toBe('estado');
    // The review goes back to PENDIENTE under the administrator who restored, not the member.
    const restorer = (await lastOf('restaurar', 'perfil', pid)).user_id;
    expect(restorer).not.toBe(m.id);
    expect(reopened.user_id).toBe(restorer);
    expect(
      await t.db.all(
        sql`select comentario, user_id from state_history where entity = 'perfil' and entity_id = ${pid} order by id desc limit 1`,
      ),
    ).toEqual([{ comentario: 'Perfil restaurado desde su historial', user_id: restorer }]);
    // The member is told, as of a reviewer's decision.
    const [note] = (await t.request('GET', '/api/v1/general/notificaciones', { cookie: m.cookie })).json.data;
    expect(note).toMatchObject({
      titulo: 'Revisión de tu perfil',
      mensaje: 'Nuevo estado: PENDIENTE. Comentario: Perfil restaurado desde su historial',
    });
    const row = await lastOf('restaurar', 'perfil', pid);
    expect(row.delta).toMatchObject({
      redes: [{ red_id: ids.ig, usuario: '@sol' }],
      ubicaciones: [{ pais_id: ids.co, departamento_id: null, ciudad_id: null, zona: 'Norte' }],
    });

    // The forms' reference checks hold: a network deactivated since is refused, nothing written.
    const off = await t.request('GET', `/api/v1/miperfil/redes/${ids.ig}`, { cookie: admin });
    expect(
      (
        await t.request('PUT', `/api/v1/miperfil/redes/${ids.ig}`, {
          cookie: admin,
          body: { ...off.json.data, activo: false },
        })
      ).status,
    ).toBe(200);
    await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Sol', redes: [] },
    });
    const refused = await restore(good, ['redes']);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toHaveProperty('redes');
    expect(
      (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data.perfil.redes,
    ).toEqual([]);
    await t.request('PUT', `/api/v1/miperfil/redes/${ids.ig}`, {
      cookie: admin,
      body: { ...off.json.data, activo: true },
    });
  });
});

describe('a profile edit and the review it reopens', () => {
  it('commit together: when the reopen fails, the edit is not kept either', async () => {
    const m = await member();
    const first = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Luna', redes: [] },
    });
    expect(first.status, first.text).toBe(200);
    const pid = first.json.data.perfil_id as number;
    await approveProfile(pid);
    await t.db.run(
      sql.raw(`create trigger if not exists falla_reapertura before insert on state_history
        when new.entity = 'perfil' and new.to_state = 'PENDIENTE'
        begin select raise(abort, 'falla provocada'); end`),
    );
    try {
      const edit = await t.request('PUT', '/api/v1/general/perfil', {
        cookie: m.cookie,
        body: { nombre_publico: 'Luna Nueva', redes: [] },
      });
      expect(edit.status).toBe(500);
    } finally {
      await t.db.run(sql.raw('drop trigger if exists falla_reapertura'));
    }
    const profile = (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data;
    expect([profile.perfil.nombre_publico, profile.estado]).toEqual(['Luna', 'APROBADO']);
    // Without the failure, the edit sends the approved profile back to review in the same write.
    const edit = await t.request('PUT', '/api/v1/general/perfil', {
      cookie: m.cookie,
      body: { nombre_publico: 'Luna Nueva', redes: [] },
    });
    expect(edit.status, edit.text).toBe(200);
    expect([edit.json.data.perfil.nombre_publico, edit.json.data.estado]).toEqual([
      'Luna Nueva',
      'PENDIENTE',
    ]);
  });
});

describe('restoring the gallery', () => {
  it('brings back an image deleted since while its file is kept; not once the file is gone', async () => {
    const m = await member();
    expect((await upload('/general/perfilmedia', m.cookie, { files: png('a.png') })).status).toBe(201);
    expect((await upload('/general/perfilmedia', m.cookie, { files: png('b.png') })).status).toBe(201);
    const [a, b] = (await t.request('GET', '/api/v1/general/perfilmedia', { cookie: m.cookie })).json.data;
    const pid = (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data
      .perfil_id as number;
    const goodRow = await latest('perfil', pid);
    const good = goodRow.revision_id!;
    const files = goodRow.delta!.galeria as { id: number; portada: number; archivo: string }[];
    expect(files.map((f) => f.id)).toEqual([a.id, b.id]);
    expect(files[0]!.archivo).toMatch(new RegExp(`^galeria/${m.id}/`));
    const aKey = files[0]!.archivo;
    const read = (await t.request('GET', '/api/v1/general/perfil', { cookie: m.cookie })).json.data.version;

    // Deleting an image keeps its file (in the bin); a later upload adds a third.
    expect(
      (await t.request('DELETE', `/api/v1/general/perfilmedia/${a.id}`, { cookie: m.cookie })).status,
    ).toBe(204);
    expect(await stored(aKey)).toBe(true);
    expect(await binned(aKey)).toBe(true);
    expect((await upload('/general/perfilmedia', m.cookie, { files: png('c.png') })).status).toBe(201);
    const c = (await t.request('GET', '/api/v1/general/perfilmedia', { cookie: m.cookie })).json.data.find(
      (x: { file_name: string }) => x.file_name === 'c.png',
    );

    expect((await restore(good, ['galeria'], auditor)).status).toBe(403);
    expect((await restore(good, ['galeria'], admin, read)).status).toBe(409);
    const res = await restore(good, ['galeria']);
    expect(res.status, res.text).toBe(200);
    const gallery = (await t.request('GET', '/api/v1/general/perfilmedia', { cookie: m.cookie })).json.data;
    expect(gallery.map((g: { id: number }) => g.id)).toEqual([a.id, b.id]);
    expect(gallery[0]).toMatchObject({ file_name: 'a.png', estado: 'PENDIENTE', portada: true });
    const file = await t.fetch(`${ORIGIN}/api/v1/general/perfilmedia/${a.id}/file`, {
      headers: { Cookie: m.cookie },
    });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await latest('perfil', pid)).action).toBe('restaurar');
    expect(await binned(aKey)).toBe(false);
    // The image the restore took out went to the bin, its file kept.
    const cKey = (
      await t.db.all<{ k: string }>(
        sql`select blob_key as k from deleted_files where blob_key like ${`galeria/${m.id}/%`}`,
      )
    ).map((r) => r.k);
    expect(cKey).toHaveLength(1);
    expect(c).toBeTruthy();
    expect(await stored(cKey[0]!)).toBe(true);

    // Deleted again and left past the grace period: the daily cron deletes the file, and a restore
    // says why it cannot bring the image back, writing nothing.
    expect(
      (await t.request('DELETE', `/api/v1/general/perfilmedia/${a.id}`, { cookie: m.cookie })).status,
    ).toBe(204);
    await t.db.run(sql`update deleted_files set deleted_at = deleted_at - ${31 * 86_400_000}`);
    const cron = await runScheduled({ ...t.ports, blobs: await appBlobs() }, '10 5 * * *', t.clock.now());
    expect(cron.purgedFiles).toBeGreaterThanOrEqual(2);
    expect(await stored(aKey)).toBe(false);
    // A revision written before the history named the files cannot bring one back.
    await t.db.run(
      sql`update revisions set snapshot = json_remove(snapshot, '$.galeria[0].archivo') where id = ${good}`,
    );
    const unnamed = await restore(good, ['galeria']);
    expect(unnamed.status).toBe(409);
    expect(unnamed.json.message).toMatch(
      new RegExp(`^No se puede restaurar la imagen ${a.id} de la galería: esta revisión es anterior`),
    );
    await t.db.run(
      sql`update revisions set snapshot = json_set(snapshot, '$.galeria[0].archivo', ${aKey}) where id = ${good}`,
    );
    const gone = await restore(good, ['galeria']);
    expect(gone.status).toBe(409);
    expect(gone.json.message).toBe(
      `No se puede restaurar la imagen ${a.id} de la galería: el archivo ya no existe (los archivos borrados se conservan 30 días).`,
    );
    expect(
      (await t.request('GET', '/api/v1/general/perfilmedia', { cookie: m.cookie })).json.data.map(
        (g: { id: number }) => g.id,
      ),
    ).toEqual([b.id]);
  });
});

describe('restoring identity documents', () => {
  it('puts back a replaced document while its file is kept; a decided validation goes back to review', async () => {
    const m = await member();
    const sent = await upload('/general/validacionIdentidad', m.cookie, {
      frente: png('frente-1.png'),
      respaldo: png('respaldo.png'),
      selfie: png('selfie.png'),
    });
    expect(sent.status).toBe(201);
    const vid = (await sent.json()).data.id as number;
    const first = await latest('validacion_identidad', vid);
    const k1 = first.delta!.frente_key as string;
    const decide = async (to: 'APROBADO' | 'NO_APROBADO') =>
      changeState(t.db, {
        entity: 'validacion_identidad',
        table: validacionesIdentidad,
        idColumn: validacionesIdentidad.id,
        stateColumn: validacionesIdentidad.estado,
        id: vid,
        to,
        allowed: [to],
        actorId: 1,
        at: t.clock.now(),
      });
    await decide('NO_APROBADO');
    expect(
      (await upload('/general/validacionIdentidad', m.cookie, { frente: png('frente-2.png') })).status,
    ).toBe(201);
    const k2 = (await lastOf('editar', 'validacion_identidad', vid)).delta!.frente_key as string;
    expect(k2).not.toBe(k1);
    const second = (await t.db
      .select()
      .from(validacionesIdentidad)
      .where(sql`id = ${vid}`)
      .get())!;
    expect(second.frenteKey).toBe(k2);
    expect(await stored(k1)).toBe(true);
    expect(await binned(k1)).toBe(true);
    await decide('APROBADO');

    expect((await restore(first.revision_id!, ['frente_key'], auditor)).status).toBe(403);
    // State columns change through their workflow only.
    const state = await restore(first.revision_id!, ['estado']);
    expect(state.status).toBe(422);
    expect(state.json.errors.campos).toEqual(['No se puede restaurar el campo estado']);
    expect((await restore(first.revision_id!, ['frente_key'], admin, second.version)).status).toBe(409);
    const res = await restore(first.revision_id!, ['frente_key']);
    expect(res.status, res.text).toBe(200);
    const doc = await t.fetch(`${ORIGIN}/api/v1/general/validacionIdentidad/${m.id}/frente`, {
      headers: { Cookie: m.cookie },
    });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-disposition')).toContain('frente-1.png');
    await doc.arrayBuffer();
    const identity = (await t.request('GET', '/api/v1/general/validacionIdentidad', { cookie: m.cookie }))
      .json.data;
    expect(identity.estado).toBe('PENDIENTE');
    expect((await latest('validacion_identidad', vid)).action).toBe('estado');
    expect((await lastOf('restaurar', 'validacion_identidad', vid)).delta).toMatchObject({ frente_key: k1 });

    // The restored file left the bin; the replaced one is kept in its turn. Once it is gone, the
    // restore says why.
    expect(await binned(k1)).toBe(false);
    expect(await binned(k2)).toBe(true);
    expect(await stored(k2)).toBe(true);
    await (await appBlobs()).delete(k2);
    const withK2 = (await lastOf('editar', 'validacion_identidad', vid)).revision_id!;
    const gone = await restore(withK2, ['frente_key']);
    expect(gone.status).toBe(409);
    expect(gone.json.message).toBe(
      'No se puede restaurar «Documento (frente)»: el archivo ya no existe (los archivos borrados se conservan 30 días).',
    );
  });
});

describe("restoring a user's photo", () => {
  it('keeps a replaced photo in the bin and puts it back, alone, while its file is kept', async () => {
    const m = await member();
    expect((await upload('/general/miinformacion/foto', m.cookie, { file: png('uno.png') })).status).toBe(
      200,
    );
    const first = await latest('users', m.id);
    const firstKey = first.delta!.photo_key as string;
    expect(firstKey).toMatch(/^usuarios\//);
    expect((await upload('/general/miinformacion/foto', m.cookie, { file: png('dos.png') })).status).toBe(
      200,
    );
    const secondKey = (await latest('users', m.id)).delta!.photo_key as string;
    // The replaced photo is kept, in the bin, not deleted at once.
    expect(await stored(firstKey)).toBe(true);
    expect(await binned(firstKey)).toBe(true);
    expect(first.revision_id).not.toBeNull();

    // The history offers the photo to whoever edits users; it goes back alone.
    const offered = (await history('users', m.id, usersEditor)).find(
      (r) => r.revision_id === first.revision_id,
    );
    expect((offered as unknown as { restaurables: string[] }).restaurables).toContain('photo_key');
    const mixed = await restore(first.revision_id!, ['photo_key', 'email'], usersEditor);
    expect(mixed.status).toBe(422);
    expect(mixed.json.errors.campos).toEqual(['Restaura la foto por separado de los demás campos.']);
    expect((await restore(first.revision_id!, ['photo_key'], auditor)).status).toBe(403);
    // As when uploading one: not for a user who holds permissions the caller lacks.
    const above = await restore(first.revision_id!, ['photo_key'], usersEditor);
    expect(above.status).toBe(403);
    expect(above.json.message).toBe('No puedes modificar este usuario: tiene permisos que tú no tienes');
    const res = await restore(first.revision_id!, ['photo_key']);
    expect(res.status, res.text).toBe(200);
    const now = await latest('users', m.id);
    expect(now).toMatchObject({ action: 'restaurar', delta: { photo_key: firstKey } });
    expect(await binned(firstKey)).toBe(false);
    expect(await binned(secondKey)).toBe(true);
    const photo = await t.fetch(`${ORIGIN}/api/v1/seguridad/users/image/${m.id}`, {
      headers: { Cookie: m.cookie },
    });
    expect(photo.status).toBe(200);

    // Past the grace period the cron deletes the replaced file; a restore says why it cannot.
    await t.db.run(sql`update deleted_files set deleted_at = deleted_at - ${31 * 86_400_000}`);
    await runScheduled({ ...t.ports, blobs: await appBlobs() }, '10 5 * * *', t.clock.now());
    expect(await stored(secondKey)).toBe(false);
    const secondRevision = (await history('users', m.id)).find((r) => r.delta?.photo_key === secondKey)!;
    const gone = await restore(secondRevision.revision_id!, ['photo_key']);
    expect(gone.status).toBe(409);
    expect(gone.json.message).toBe(
      'No se puede restaurar la foto: el archivo ya no existe (los archivos borrados se conservan 30 días).',
    );
    expect((await latest('users', m.id)).delta).toMatchObject({ photo_key: firstKey });
  });
});

describe("restoring a registry entry's images", () => {
  it('brings back a deleted product image with its id while its file is kept; an image added since goes to the bin', async () => {
    const post = async (path: string, body: object) => {
      const res = await t.request('POST', `/api/v1${path}`, { cookie: admin, body });
      expect(res.status, res.text).toBe(201);
      return res.json.data.id as number;
    };
    const cat = await post('/catalogo/categoriasproductos', { nombre: 'Kits restaurables' });
    const pid = await post('/catalogo/productos', {
      codigo: 'KIT-R',
      nombre: 'Kit R',
      categoria_id: cat,
      precio: 1000,
    });
    const images = () =>
      t
        .request('GET', `/api/v1/catalogo/productos/${pid}/images`, { cookie: admin })
        .then((r) => r.json.data as { id: number; file_name: string }[]);
    expect((await upload(`/catalogo/productos/${pid}/images`, admin, { files: png('a.png') })).status).toBe(
      201,
    );
    expect((await upload(`/catalogo/productos/${pid}/images`, admin, { files: png('b.png') })).status).toBe(
      201,
    );
    const goodRow = await latest('productos', pid);
    const kept = goodRow.delta!.imagenes as { id: number; archivo: string }[];
    const [a, b] = await images();
    expect(kept.map((k) => k.id)).toEqual([a!.id, b!.id]);
    const aKey = kept[0]!.archivo;

    // Deleting an image keeps its file in the bin; an image is added after.
    expect(
      (await t.request('DELETE', `/api/v1/catalogo/productos/${pid}/images/${a!.id}`, { cookie: admin }))
        .status,
    ).toBe(204);
    expect(await stored(aKey)).toBe(true);
    expect(await binned(aKey)).toBe(true);
    expect((await upload(`/catalogo/productos/${pid}/images`, admin, { files: png('c.png') })).status).toBe(
      201,
    );
    const cKey = ((await latest('productos', pid)).delta!.imagenes as { archivo: string }[])[1]!.archivo;

    // The history offers the images now that they differ; a restore sets them as that revision left them.
    expect(
      (await history('productos', pid)).find((r) => r.revision_id === goodRow.revision_id),
    ).toMatchObject({
      restaurables: ['imagenes'],
    });
    expect((await restore(goodRow.revision_id!, ['imagenes'], auditor)).status).toBe(403);
    const res = await restore(goodRow.revision_id!, ['imagenes']);
    expect(res.status, res.text).toBe(200);
    expect((await images()).map((i) => [i.id, i.file_name])).toEqual([
      [a!.id, 'a.png'],
      [b!.id, 'b.png'],
    ]);
    const served = await t.fetch(`${ORIGIN}/api/v1/general/images/${a!.id}`, { headers: { Cookie: admin } });
    expect(served.status).toBe(200);
    expect((await latest('productos', pid)).action).toBe('restaurar');
    expect(await binned(aKey)).toBe(false);
    expect(await binned(cKey)).toBe(true);
    expect(await stored(cKey)).toBe(true);

    // Deleted again and left past the grace period: the cron deletes the file; a restore says why.
    expect(
      (await t.request('DELETE', `/api/v1/catalogo/productos/${pid}/images/${a!.id}`, { cookie: admin }))
        .status,
    ).toBe(204);
    await t.db.run(sql`update deleted_files set deleted_at = deleted_at - ${31 * 86_400_000}`);
    await runScheduled({ ...t.ports, blobs: await appBlobs() }, '10 5 * * *', t.clock.now());
    expect(await stored(aKey)).toBe(false);
    const gone = await restore(goodRow.revision_id!, ['imagenes']);
    expect(gone.status).toBe(409);
    expect(gone.json.message).toBe(
      `No se puede restaurar la imagen ${a!.id}: el archivo ya no existe (los archivos borrados se conservan 30 días).`,
    );
    expect((await images()).map((i) => i.id)).toEqual([b!.id]);
  });
});
