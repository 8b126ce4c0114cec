// Issue 22: every write leaves who/when/what (activity) and the record as it left it (revision),
// in the same batch as the change; a stale `version` is a 409 naming who changed the record.
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, revisions, users, validacionesIdentidad } from '../../worker/db/schema';
import { changeState } from '../../worker/platform/state-change';
import { appMeta } from '../../worker/db/schema';
import { pruneActivity, RETENTION_KEY } from '../../worker/platform/audit';
import { configPermission, P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
let ana: { id: number; cookie: string };
let n = 0;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const all = [
    P.actividad,
    ...['view', 'new', 'edit', 'delete'].map((a) => configPermission('generales:bancos', a as 'view')),
    ...['view', 'new', 'edit'].map((a) => configPermission('seguridad:roles', a as 'view')),
  ];
  const u = await t.makeUser('ana', all);
  await t.db.update(users).set({ nombres: 'Ana', apellidos: 'Pérez' }).where(eq(users.id, u.id));
  ana = { id: u.id, cookie: await u.session() };
});

const BANCOS = '/api/v1/general/bancos';
const unique = () => `${Date.now().toString(36)}${++n}`;

async function newBank(cookie = admin) {
  const code = unique();
  const res = await t.request('POST', BANCOS, {
    cookie,
    body: { codigo: `B${code}`, nombre: `Banco ${code}` },
  });
  expect(res.status).toBe(201);
  return res.json.data as { id: number; nombre: string; codigo: string; version: number };
}

/** A bank written outside the API, as the reference data and imports are: no revision yet. */
async function seededBank(nombre: string) {
  const codigo = `S${unique()}`;
  await t.db.run(
    sql`insert into bancos (codigo, nombre, activo, created_at, updated_at) values (${codigo}, ${nombre}, 1, 0, 0)`,
  );
  const { id } = (await t.db.get<{ id: number }>(sql`select id from bancos where codigo = ${codigo}`))!;
  return { id, codigo };
}

const revisionsOf = (entity: string, id: number) =>
  t.db
    .select()
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, id)))
    .orderBy(revisions.id);
const activityOf = (entity: string, id: number) =>
  t.db
    .select()
    .from(activity)
    .where(and(eq(activity.entity, entity), eq(activity.entityId, id)))
    .orderBy(activity.id);

describe('a revision per write', () => {
  it('registry rows: create, edit, toggle and delete each leave who, when, what and the changed fields', async () => {
    const bank = await newBank();
    expect(bank.version).toBe(1);
    const edited = await t.request('PUT', `${BANCOS}/${bank.id}`, {
      cookie: admin,
      body: { codigo: bank.codigo, nombre: 'Banco Editado', version: 1 },
      headers: { 'User-Agent': 'prueba/1.0', 'X-Test-Ip': '10.1.2.3' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data.version).toBe(2);
    const read = await t.request('GET', `${BANCOS}/${bank.id}`, { cookie: admin });
    expect(read.json.data.version).toBe(2);
    expect(
      (await t.request('PUT', `${BANCOS}/toggle`, { cookie: admin, body: { id: bank.id, value: false } }))
        .status,
    ).toBe(200);
    expect((await t.request('DELETE', `${BANCOS}/${bank.id}`, { cookie: admin })).status).toBe(204);

    const acts = await activityOf('bancos', bank.id);
    expect(acts.map((a) => a.action)).toEqual(['crear', 'editar', 'desactivar', 'eliminar']);
    expect(acts[1]).toMatchObject({ userId: 1, ip: '10.1.2.3', userAgent: 'prueba/1.0' });
    const revs = await revisionsOf('bancos', bank.id);
    expect(revs.map((r) => r.activityId)).toEqual(acts.map((a) => a.id));
    expect(JSON.parse(revs[0]!.snapshot)).toMatchObject({
      nombre: bank.nombre,
      codigo: bank.codigo,
      version: 1,
    });
    // Only what the edit changed (and the bookkeeping it moved), against the previous revision.
    const delta = JSON.parse(revs[1]!.delta!);
    expect(delta.nombre).toBe('Banco Editado');
    expect(delta).not.toHaveProperty('codigo');
    expect(revs[1]!.parentId).toBe(revs[0]!.id);
    expect(JSON.parse(revs[2]!.delta!)).toMatchObject({ activo: 0 });
    expect(revs[3]!.delta).toBeNull();
    expect(JSON.parse(revs[3]!.snapshot).nombre).toBe('Banco Editado');
  });

  it('roles: the snapshot carries the permission codes', async () => {
    const res = await t.request('POST', '/api/v1/seguridad/roles', {
      cookie: admin,
      body: { nombre: `ROL ${unique()}`, permisos: [P.actividad] },
    });
    expect(res.status).toBe(201);
    const role = res.json.data;
    const put = await t.request('PUT', `/api/v1/seguridad/roles/${role.id}`, {
      cookie: admin,
      body: { nombre: role.nombre, permisos: [P.actividad, P.bonos], version: role.version },
    });
    expect(put.status).toBe(200);
    const revs = await revisionsOf('roles', role.id);
    expect(JSON.parse(revs[0]!.snapshot).permisos).toEqual([P.actividad]);
    expect(JSON.parse(revs[1]!.delta!).permisos).toEqual([P.bonos, P.actividad].sort());
  });

  it('users: a password set leaves a revision, and no secret ever enters one', async () => {
    const created = await t.request('POST', '/api/v1/seguridad/users', {
      cookie: admin,
      body: {
        user_name: `u${unique()}`,
        email: `u${unique()}@test.local`,
        nombres: 'Nuevo',
        password: 'Clave-12345x',
        confirmar_password: 'Clave-12345x',
        roles: [await t.memberRoleId()],
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    expect(
      (
        await t.request('PUT', `/api/v1/seguridad/users/${id}/password`, {
          cookie: admin,
          body: { password: 'Otra-Clave-123', confirmar_password: 'Otra-Clave-123' },
        })
      ).status,
    ).toBe(200);
    const revs = await revisionsOf('users', id);
    expect(revs).toHaveLength(2);
    expect(JSON.parse(revs[0]!.snapshot).roles).toEqual([await t.memberRoleId()]);
    for (const r of revs) {
      expect(r.snapshot).not.toContain('password');
      expect(r.snapshot).not.toContain('pbkdf2');
      expect(r.delta ?? '').not.toContain('password');
    }
  });

  it('state changes: the change and its revision together, none when the change loses', async () => {
    const now = t.clock.now();
    const v = await t.db
      .insert(validacionesIdentidad)
      .values({ userId: ana.id, createdAt: now, updatedAt: now })
      .returning()
      .get();
    const change = () =>
      changeState(t.db, {
        entity: 'validacion_identidad',
        table: validacionesIdentidad,
        idColumn: validacionesIdentidad.id,
        stateColumn: validacionesIdentidad.estado,
        id: v.id,
        to: 'APROBADO',
        actorId: 1,
        at: now,
      });
    await change();
    await expect(change()).rejects.toThrow();
    const revs = await revisionsOf('validacion_identidad', v.id);
    // The row was written outside any history: first its baseline (no one's change), then the
    // change's own revision, which lists only what the change changed, each with its value before.
    expect(revs.map((r) => r.activityId === 0)).toEqual([true, false]);
    const delta = JSON.parse(revs[1]!.delta!);
    expect(delta).toMatchObject({ estado: 'APROBADO', version: 2 });
    expect(Object.keys(delta)).not.toContain('user_id');
    const res = await t.request(
      'GET',
      `/api/v1/actividad?entidad=validacion_identidad&registro=${v.id}&perPage=10`,
      { cookie: admin },
    );
    const [row] = res.json.data as { action: string; before: Record<string, unknown> }[];
    expect(row).toMatchObject({ action: 'estado', before: { estado: v.estado, version: 1 } });
    expect(res.json.data).toHaveLength(1);
  });
});

describe('atomicity', () => {
  it('a change that fails mid-batch leaves no activity and no revision', async () => {
    const bank = await newBank();
    await t.db.run(
      sql.raw(`create trigger if not exists falla_banco before update on bancos when new.nombre = 'FALLA'
        begin select raise(abort, 'falla provocada'); end`),
    );
    try {
      const res = await t.request('PUT', `${BANCOS}/${bank.id}`, {
        cookie: admin,
        body: { codigo: bank.codigo, nombre: 'FALLA' },
      });
      expect(res.status).toBe(500);
    } finally {
      await t.db.run(sql.raw('drop trigger if exists falla_banco'));
    }
    expect((await activityOf('bancos', bank.id)).map((a) => a.action)).toEqual(['crear']);
    expect(await revisionsOf('bancos', bank.id)).toHaveLength(1);
  });

  it('a revision that fails leaves no change and no activity', async () => {
    const bank = await newBank();
    await t.db.run(
      sql.raw(`create trigger if not exists falla_revision before insert on revisions
        when new.entity = 'bancos' and json_extract(new.snapshot, '$.nombre') = 'SIN REVISION'
        begin select raise(abort, 'falla provocada'); end`),
    );
    try {
      const res = await t.request('PUT', `${BANCOS}/${bank.id}`, {
        cookie: admin,
        body: { codigo: bank.codigo, nombre: 'SIN REVISION' },
      });
      expect(res.status).toBe(500);
    } finally {
      await t.db.run(sql.raw('drop trigger if exists falla_revision'));
    }
    const read = await t.request('GET', `${BANCOS}/${bank.id}`, { cookie: admin });
    expect(read.json.data).toMatchObject({ nombre: bank.nombre, version: 1 });
    expect((await activityOf('bancos', bank.id)).map((a) => a.action)).toEqual(['crear']);
  });
});

describe('no lost updates', () => {
  it('two sessions edit one record: the second, with the version it read, gets 409 naming the first', async () => {
    const bank = await newBank();
    const first = await t.request('PUT', `${BANCOS}/${bank.id}`, {
      cookie: ana.cookie,
      body: { codigo: bank.codigo, nombre: 'Cambio de Ana', version: bank.version },
    });
    expect(first.status).toBe(200);
    const second = await t.request('PUT', `${BANCOS}/${bank.id}`, {
      cookie: admin,
      body: { codigo: bank.codigo, nombre: 'Cambio del administrador', version: bank.version },
    });
    expect(second.status).toBe(409);
    // The test clock: 2026-11-15 15:00 UTC is 10:00 in Bogotá.
    expect(second.json.message).toBe(
      'El registro fue modificado por Ana Pérez el 15/11/2026 10:00. Recarga o compara antes de guardar.',
    );
    const read = await t.request('GET', `${BANCOS}/${bank.id}`, { cookie: admin });
    expect(read.json.data).toMatchObject({ nombre: 'Cambio de Ana', version: 2 });
    expect((await activityOf('bancos', bank.id)).map((a) => a.action)).toEqual(['crear', 'editar']);
  });

  it('a stale role edit is refused too, and leaves its permissions alone', async () => {
    const role = (
      await t.request('POST', '/api/v1/seguridad/roles', {
        cookie: admin,
        // A permission Ana holds: she may take it out (the role ceiling, SECURITY row 18).
        body: { nombre: `ROL ${unique()}`, permisos: [P.actividad] },
      })
    ).json.data;
    const ok = await t.request('PUT', `/api/v1/seguridad/roles/${role.id}`, {
      cookie: ana.cookie,
      body: { nombre: role.nombre, permisos: [], version: role.version },
    });
    expect(ok.status).toBe(200);
    const stale = await t.request('PUT', `/api/v1/seguridad/roles/${role.id}`, {
      cookie: admin,
      body: { nombre: role.nombre, permisos: [P.actividad, P.referidos], version: role.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toContain('Ana Pérez');
    const read = await t.request('GET', `/api/v1/seguridad/roles/${role.id}`, { cookie: admin });
    expect(read.json.data.permisos_codes).toEqual([]);
  });

  it('a deleted record answers 404, not 409', async () => {
    const bank = await newBank();
    await t.request('DELETE', `${BANCOS}/${bank.id}`, { cookie: admin });
    const res = await t.request('PUT', `${BANCOS}/${bank.id}`, {
      cookie: admin,
      body: { codigo: bank.codigo, nombre: 'x', version: 1 },
    });
    expect(res.status).toBe(404);
  });
});

describe('GET /actividad and restore', () => {
  it('lists a record history newest first with each delta, paged', async () => {
    const bank = await newBank();
    for (const nombre of ['Uno', 'Dos', 'Tres'])
      await t.request('PUT', `${BANCOS}/${bank.id}`, {
        cookie: admin,
        body: { codigo: bank.codigo, nombre },
      });
    const res = await t.request('GET', `/api/v1/actividad?entidad=bancos&registro=${bank.id}&perPage=10`, {
      cookie: ana.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(4);
    expect(res.json.data.map((r: any) => r.action)).toEqual(['editar', 'editar', 'editar', 'crear']);
    expect(res.json.data[0]).toMatchObject({
      usuario: 'Administrador',
      entidad_label: 'Bancos',
      delta: { nombre: 'Tres' },
      before: { nombre: 'Dos' },
    });
    const grid = await t.request(
      'GET',
      `/api/v1/actividad?filters=${encodeURIComponent(JSON.stringify({ accion: 'crear', entidad: 'bancos', registro: bank.id }))}`,
      { cookie: ana.cookie },
    );
    expect(grid.json.data).toHaveLength(1);
    const bad = await t.request('GET', '/api/v1/actividad?registro=abc', { cookie: ana.cookie });
    expect(bad.status).toBe(422);
  });

  it('diffs the first edit of a row that had no history (seeded, imported) against what was there', async () => {
    // A row written outside the API, as the reference data and imports are: no revision yet.
    const { id, codigo } = await seededBank('Banco Sembrado');
    const history = async () =>
      (
        await t.request('GET', `/api/v1/actividad?entidad=bancos&registro=${id}&perPage=10`, {
          cookie: ana.cookie,
        })
      ).json.data as { action: string; delta: Record<string, unknown>; before: Record<string, unknown> }[];
    const put = (nombre: string) =>
      t.request('PUT', `${BANCOS}/${id}`, { cookie: admin, body: { codigo, nombre } });
    expect((await put('Banco Renombrado')).status).toBe(200);
    const [first] = await history();
    // Only what changed, each with its value before; the code, untouched, is not listed.
    expect(first!.delta).toMatchObject({ nombre: 'Banco Renombrado' });
    expect(first!.before).toMatchObject({ nombre: 'Banco Sembrado' });
    expect(Object.keys(first!.delta)).not.toContain('codigo');
    // The row changed again by a write that keeps no revision of its own (an import moves the
    // version as every write does): the next edit still shows the value it replaced.
    await t.db.run(
      sql`update bancos set nombre = 'Banco Cambiado Aparte', version = version + 1 where id = ${id}`,
    );
    expect((await put('Banco Final')).status).toBe(200);
    const [second] = await history();
    expect(second!.before).toMatchObject({ nombre: 'Banco Cambiado Aparte' });
    // One that leaves the version alone but sets its update time (a user's e-mail verification).
    await t.db.run(
      sql`update bancos set nombre = 'Banco Tocado', updated_at = updated_at + 1 where id = ${id}`,
    );
    expect((await put('Banco Casi Final')).status).toBe(200);
    const [third] = await history();
    expect(third!.before).toMatchObject({ nombre: 'Banco Tocado' });
    // The baselines are no one's change: the history lists the two edits only.
    expect((await history()).map((r) => r.action)).toEqual(['editar', 'editar', 'editar']);
    // A write over a record whose latest revision is current keeps no baseline.
    const kept = (await revisionsOf('bancos', id)).length;
    expect((await put('Banco Final Dos')).status).toBe(200);
    expect((await revisionsOf('bancos', id)).length).toBe(kept + 1);
  });

  it('a bulk deactivation of rows that had no history lists only what it changed', async () => {
    const { id } = await seededBank('Banco de Lote');
    const off = await t.request('POST', `${BANCOS}/lote/desactivar`, {
      cookie: ana.cookie,
      body: { ids: [id] },
    });
    expect(off.status).toBe(201);
    expect(off.json.data).toMatchObject({ total: 1, hechos: 1, terminado: true });
    const res = await t.request('GET', `/api/v1/actividad?entidad=bancos&registro=${id}&perPage=10`, {
      cookie: ana.cookie,
    });
    const [row] = res.json.data as {
      action: string;
      delta: Record<string, unknown>;
      before: Record<string, unknown>;
    }[];
    expect(row!.action).toBe('desactivar');
    expect(row!.delta).toMatchObject({ activo: 0 });
    expect(row!.before).toMatchObject({ activo: 1 });
    expect(Object.keys(row!.delta)).not.toContain('nombre');
  });

  it('masks personal data unless the caller may see it in full', async () => {
    const now = t.clock.now();
    const [a] = await t.db
      .insert(activity)
      .values({ action: 'editar', entity: 'perfil_prueba', entityId: 77, at: now, userId: 1 })
      .returning();
    await t.db.insert(revisions).values({
      activityId: a!.id,
      entity: 'perfil_prueba',
      entityId: 77,
      snapshot: '{}',
      delta: JSON.stringify({ numero_identificacion: '1234567890', nombres: 'Luz' }),
    });
    const url = '/api/v1/actividad?entidad=perfil_prueba&registro=77';
    const masked = (await t.request('GET', url, { cookie: ana.cookie })).json.data[0].delta;
    expect(masked).toEqual({ numero_identificacion: '••••••7890', nombres: 'Luz' });
    const full = (await t.request('GET', url, { cookie: admin })).json.data[0].delta;
    expect(full.numero_identificacion).toBe('1234567890');
  });

  it('restores chosen fields from a revision as a new revision, through the version check', async () => {
    const bank = await newBank();
    const original = bank.nombre;
    await t.request('PUT', `${BANCOS}/${bank.id}`, {
      cookie: admin,
      body: { codigo: `${bank.codigo}X`, nombre: 'Nombre Malo' },
    });
    const [first] = await revisionsOf('bancos', bank.id);
    const res = await t.request('POST', `/api/v1/revisiones/${first!.id}/restaurar`, {
      cookie: ana.cookie,
      body: { campos: ['nombre'] },
    });
    expect(res.status).toBe(200);
    const read = (await t.request('GET', `${BANCOS}/${bank.id}`, { cookie: admin })).json.data;
    expect(read).toMatchObject({ nombre: original, codigo: `${bank.codigo}X`, version: 3 });
    const revs = await revisionsOf('bancos', bank.id);
    const last = revs[revs.length - 1]!;
    expect(JSON.parse(last.delta!)).toMatchObject({ nombre: original });
    expect(JSON.parse(last.delta!)).not.toHaveProperty('codigo');
    const [act] = await t.db.select().from(activity).where(eq(activity.id, last.activityId));
    expect(act).toMatchObject({ action: 'restaurar', userId: ana.id });

    const stale = await t.request('POST', `/api/v1/revisiones/${first!.id}/restaurar`, {
      cookie: ana.cookie,
      body: { campos: ['codigo'], version: 1 },
    });
    expect(stale.status).toBe(409);
    const bad = await t.request('POST', `/api/v1/revisiones/${first!.id}/restaurar`, {
      cookie: ana.cookie,
      body: { campos: ['id'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe('No se puede restaurar el campo id');
  });

  it("restores a role's permissions from its history", async () => {
    const role = (
      await t.request('POST', '/api/v1/seguridad/roles', {
        cookie: admin,
        body: { nombre: `ROL ${unique()}`, permisos: [P.bonos, P.referidos] },
      })
    ).json.data;
    await t.request('PUT', `/api/v1/seguridad/roles/${role.id}`, {
      cookie: admin,
      body: { nombre: role.nombre, permisos: [] },
    });
    const [first] = await revisionsOf('roles', role.id);
    const res = await t.request('POST', `/api/v1/revisiones/${first!.id}/restaurar`, {
      cookie: admin,
      body: { campos: ['permisos'] },
    });
    expect(res.status).toBe(200);
    const read = (await t.request('GET', `/api/v1/seguridad/roles/${role.id}`, { cookie: admin })).json.data;
    expect(read.permisos_codes).toEqual([P.bonos, P.referidos].sort());
  });

  it('refuses a restore to whoever may not edit that record (403)', async () => {
    const bank = await newBank();
    const [rev] = await revisionsOf('bancos', bank.id);
    const viewer = await (await t.makeUser(`solo${unique()}`, [P.actividad])).session();
    const res = await t.request('POST', `/api/v1/revisiones/${rev!.id}/restaurar`, {
      cookie: viewer,
      body: { campos: ['nombre'] },
    });
    expect(res.status).toBe(403);
    const latest = await t.db.select().from(activity).orderBy(desc(activity.id)).limit(1);
    expect(latest[0]!.entityId).toBe(bank.id);
  });
});

describe('retention', () => {
  it('the daily step deletes activity and revisions older than the retention setting, and nothing newer', async () => {
    const bank = await newBank();
    // A row with no history edited once: its baseline (decision 0295) ages out with that edit.
    const { id: seeded, codigo: seededCode } = await seededBank('Banco Viejo');
    const put = await t.request('PUT', `${BANCOS}/${seeded}`, {
      cookie: admin,
      body: { codigo: seededCode, nombre: 'Banco Viejo Editado' },
    });
    expect(put.status).toBe(200);
    expect(await revisionsOf('bancos', seeded)).toHaveLength(2);
    const day = 86_400_000;
    await t.db.insert(appMeta).values({ key: RETENTION_KEY, value: '30' });
    try {
      expect(await pruneActivity(t.db, t.clock.now() + 29 * day)).toBe(0);
      expect(await revisionsOf('bancos', bank.id)).toHaveLength(1);
      expect(await revisionsOf('bancos', seeded)).toHaveLength(2);
      expect(await pruneActivity(t.db, t.clock.now() + 31 * day)).toBeGreaterThan(0);
      expect(await revisionsOf('bancos', bank.id)).toHaveLength(0);
      expect(await activityOf('bancos', bank.id)).toHaveLength(0);
      expect(await revisionsOf('bancos', seeded)).toHaveLength(0);
    } finally {
      await t.db.delete(appMeta).where(eq(appMeta.key, RETENTION_KEY));
    }
  });
});
