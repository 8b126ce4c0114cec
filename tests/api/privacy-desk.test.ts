// The rights desk (docs/privacy.md, decisions 0415–0421), on both runtimes: requests with their
// radicado and due dates in Colombian business days across a holiday and a weekend (the app's
// clock, in Bogotá), the extension once, the request for missing information, the «reclamo en
// trámite» mark, the answer mailed and kept, the member's ZIP, the suppression that keeps the books
// and scrubs every other table, the daily job and alerts, and the incidents register.
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  compraAdjuntos,
  jobRuns,
  opsAlerts,
  outbox,
  perfilMedia,
  perfiles,
  revisions,
  stateHistory,
  users,
  validacionesIdentidad,
} from '../../worker/db/schema';
import { PRIVACY_RECORD_TABLES } from '../../worker/modules/privacy-desk';
import { MEMBER_PERMISSIONS, P } from '../../worker/shared/permissions';
import { baseCatalogue, paid, snapshot } from '../setup/bonus-data';
import { PNG } from '../setup/files';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

const BASE = '/api/v1/privacidad';
// Friday 2026-11-13, 10:00 in Bogotá. Monday 16 is a holiday (Independencia de Cartagena).
const FRIDAY = Date.UTC(2026, 10, 13, 15, 0, 0);

let t: TestApp;
let admin: string;
let deskCookie: string;
let ana: { id: number; email: string; cookie: string };

beforeAll(async () => {
  t = await makeApp({ start: FRIDAY });
  admin = await t.login(ADMIN.email, ADMIN.password);
  const d = await t.makeUser('mesa', [P.solicitudesDatos]);
  deskId = d.id;
  deskCookie = await d.session();
  const a = await t.makeUser('ana', MEMBER_PERMISSIONS);
  ana = { id: a.id, email: a.email, cookie: await a.session() };
});

/** Moves the app's clock and opens fresh sessions (they last 8 hours). */
async function travel(ms: number) {
  t.clock.set(ms);
  ana.cookie = await t.sessionCookie(ana.id);
  deskCookie = await t.sessionCookie(deskId);
}
let deskId: number;

const file = (body: unknown, cookie = ana.cookie) =>
  t.request('POST', `${BASE}/solicitudes`, { cookie, body });
const act = (id: number, body: unknown, cookie = deskCookie) =>
  t.request('PUT', `${BASE}/admin/solicitudes/${id}`, { cookie, body });

describe('filing a request', () => {
  it('gives a radicado and the 10th business day after receipt for a consulta, over a weekend and a holiday', async () => {
    const res = await file({ tipo: 'CONSULTA', descripcion: 'Quiero conocer mis datos' });
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({
      id: expect.any(Number),
      radicado: expect.stringMatching(/^PD-2026-\d{6}$/),
      vence_el: '2026-11-30',
    });
    const list = await t.request('GET', `${BASE}/solicitudes`, { cookie: ana.cookie });
    expect(list.json.data[0]).toMatchObject({
      radicado: res.json.data.radicado,
      estado: 'RADICADA',
      vence_el: '2026-11-30',
    });
    const mail = await t.lastMail(ana.email);
    expect(mail?.subject).toBe(`Solicitud ${res.json.data.radicado} radicada`);
    expect(mail?.body).toContain('2026-11-30');
  });

  it('counts the day of receipt in Bogotá: 22:00 on Friday is still Friday', async () => {
    await travel(Date.UTC(2026, 10, 14, 3, 0, 0)); // Saturday 03:00 UTC = Friday 22:00 in Bogotá
    const res = await file({ tipo: 'PRUEBA', descripcion: 'Pruebe mi autorización' });
    expect(res.json.data.vence_el).toBe('2026-11-30');
    await travel(FRIDAY);
  });

  it('gives a reclamo 15 business days and marks the record «reclamo en trámite» at once', async () => {
    const res = await file({
      tipo: 'RECLAMO',
      motivo: 'RECTIFICAR',
      descripcion: 'Mi apellido está mal escrito',
    });
    expect(res.json.data.vence_el).toBe('2026-12-07');
    const desk = await t.request('GET', `${BASE}/admin/solicitudes/${res.json.data.id}`, {
      cookie: deskCookie,
    });
    expect(desk.json.data).toMatchObject({ en_tramite: true, motivo: 'RECTIFICAR' });
  });

  it('refuses bad input with Spanish messages (422)', async () => {
    const none = await file({});
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual({
      tipo: ['Este campo es requerido'],
      descripcion: ['Este campo es requerido'],
    });
    const other = await file({ tipo: 'OTRO', descripcion: 'x' });
    expect(other.json.errors).toEqual({ tipo: ['Elija el tipo de solicitud'] });
    const noReason = await file({ tipo: 'RECLAMO', descripcion: 'x' });
    expect(noReason.json.errors).toEqual({
      motivo: ['Indique si el reclamo es para actualizar o para rectificar'],
    });
  });

  it('keeps requests to their owner and the desk to its permission', async () => {
    const own = await file({ tipo: 'CONSULTA', descripcion: 'otra' });
    const beto = await (await t.makeUser('beto', MEMBER_PERMISSIONS)).session();
    expect((await t.request('GET', `${BASE}/solicitudes/${own.json.data.id}`, { cookie: beto })).status).toBe(
      404,
    );
    expect((await t.request('GET', `${BASE}/admin/solicitudes`, { cookie: beto })).status).toBe(403);
  });
});

describe('the desk', () => {
  it('lists open requests by due date with overdue and due-soon chips', async () => {
    await travel(Date.UTC(2026, 10, 25, 15, 0, 0)); // Wednesday 25: the consultas are due on Monday 30
    const grid = await t.request('GET', `${BASE}/admin/solicitudes`, { cookie: deskCookie });
    expect(grid.status).toBe(200);
    const dues = grid.json.data.map((r: { vence_el: string }) => r.vence_el);
    expect(dues).toEqual([...dues].sort());
    expect(grid.json.data[0].alerta).toEqual({ tone: 'warning', label: 'Por vencer' });
    await travel(Date.UTC(2026, 11, 1, 15, 0, 0));
    const later = await t.request('GET', `${BASE}/admin/solicitudes`, { cookie: deskCookie });
    expect(later.json.data[0].alerta).toEqual({ tone: 'danger', label: 'Vencida' });
    await travel(FRIDAY);
  });

  it('extends once, with its reason, notified: +5 business days for a consulta, +8 for a reclamo', async () => {
    const c = await file({ tipo: 'CONSULTA', descripcion: 'para prorrogar' });
    const ext = await act(c.json.data.id, {
      estado: 'PRORROGADA',
      respuesta: 'Reunimos datos de varias áreas',
    });
    expect(ext.status).toBe(200);
    expect(ext.json.data).toMatchObject({
      estado: 'PRORROGADA',
      vence_el: '2026-12-07',
      motivo_prorroga: 'Reunimos datos de varias áreas',
    });
    expect((await t.lastMail(ana.email))?.body).toContain('Motivo: Reunimos datos de varias áreas');
    const again = await act(c.json.data.id, { estado: 'PRORROGADA', respuesta: 'otra vez' });
    expect(again.status).toBe(409);
    const r = await file({ tipo: 'RECLAMO', motivo: 'ACTUALIZAR', descripcion: 'para prorrogar' });
    // 2026-12-07 + 8 business days, skipping Tuesday 8 (La inmaculada concepción): Friday 18.
    expect(
      (await act(r.json.data.id, { estado: 'PRORROGADA', respuesta: 'Motivo' })).json.data.vence_el,
    ).toBe('2026-12-18');
  });

  it('asks for what is missing within 5 business days; the member completes it and the term restarts', async () => {
    const r = await file({ tipo: 'RECLAMO', motivo: 'ACTUALIZAR', descripcion: 'incompleto' });
    await travel(Date.UTC(2026, 10, 24, 15, 0, 0)); // Tuesday 24: the 5th business day after Friday 13 was Monday 23
    expect(
      (await act(r.json.data.id, { estado: 'INCOMPLETA', respuesta: 'Falta el dato nuevo' })).status,
    ).toBe(409);
    await travel(Date.UTC(2026, 10, 18, 15, 0, 0));
    const inc = await act(r.json.data.id, { estado: 'INCOMPLETA', respuesta: 'Falta el dato nuevo' });
    expect(inc.json.data).toMatchObject({ estado: 'INCOMPLETA', requerimiento: 'Falta el dato nuevo' });
    const done = await t.request('POST', `${BASE}/solicitudes/${r.json.data.id}/completar`, {
      cookie: ana.cookie,
      body: { descripcion: 'Mi nueva dirección es otra' },
    });
    expect(done.json.data).toMatchObject({
      estado: 'RADICADA',
      recibida_el: '2026-11-18',
      vence_el: '2026-12-10',
    });
    await travel(FRIDAY);
  });

  it('withdraws an incomplete request after two months, and warns the desk daily of what falls due', async () => {
    const r = await file({ tipo: 'RECLAMO', motivo: 'ACTUALIZAR', descripcion: 'se desiste' });
    await act(r.json.data.id, { estado: 'INCOMPLETA', respuesta: 'Falta información' });
    const { privacyDeadlines } = await import('../../worker/modules/privacy-desk');
    await travel(Date.UTC(2026, 10, 26, 15, 0, 0));
    const warned = await privacyDeadlines({ ...t.ports, clock: { now: () => t.clock.now() } });
    expect(warned.avisadas).toBeGreaterThan(0);
    const mail = await t.lastMail(t.ports.config.supportEmail);
    expect(mail?.subject).toMatch(/^Solicitudes de datos por vencer: \d+$/);
    // Once a day.
    expect((await privacyDeadlines({ ...t.ports, clock: { now: () => t.clock.now() } })).avisadas).toBe(0);
    await travel(Date.UTC(2027, 0, 14, 15, 0, 0));
    expect((await privacyDeadlines({ ...t.ports, clock: { now: () => t.clock.now() } })).desistidas).toBe(1);
    const row = await t.request('GET', `${BASE}/admin/solicitudes/${r.json.data.id}`, { cookie: deskCookie });
    expect(row.json.data.estado).toBe('DESISTIDA');
    await travel(FRIDAY);
  });

  it('answers before the due date: the answer is mailed and kept, the mark cleared', async () => {
    const r = await file({ tipo: 'RECLAMO', motivo: 'RECTIFICAR', descripcion: 'corregir' });
    const res = await act(r.json.data.id, { estado: 'RESUELTA', respuesta: 'Corregimos su apellido.' });
    expect(res.json.data).toMatchObject({
      estado: 'RESUELTA',
      respuesta: 'Corregimos su apellido.',
      en_tramite: false,
    });
    expect((await t.lastMail(ana.email))?.body).toContain('Corregimos su apellido.');
    const own = await t.request('GET', `${BASE}/solicitudes/${r.json.data.id}`, { cookie: ana.cookie });
    expect(own.json.data.respuesta).toBe('Corregimos su apellido.');
  });
});

describe('the alerts and the job registry', () => {
  it('declares the daily jobs and opens an alert for an overdue request', async () => {
    const { JOBS } = await import('../../worker/modules/jobs/registry');
    expect(JOBS.map((j) => j.key)).toEqual(
      expect.arrayContaining(['privacidad_plazos', 'privacidad_conservacion']),
    );
    const { runAlertChecks } = await import('../../worker/modules/jobs/checks');
    const at = Date.UTC(2026, 11, 20, 15, 0, 0);
    await runAlertChecks({ ...t.ports, clock: { now: () => at } } as never, at);
    const alerts = await t.db
      .select()
      .from(opsAlerts)
      .where(sql`${opsAlerts.clave} like 'privacidad:solicitud:%'`);
    expect(alerts.length).toBeGreaterThan(0);
    void jobRuns;
  });
});

describe('«Descargar mis datos»', () => {
  it('is a ZIP with one JSON per area and his files', async () => {
    const blobs = await t.appBlobs();
    const now = t.clock.now();
    await blobs.put(`galeria/${ana.id}/foto1.png`, new Blob([PNG]).stream(), {
      contentType: 'image/png',
      size: PNG.length,
      fileName: 'playa.png',
    });
    await t.db.insert(perfilMedia).values({
      userId: ana.id,
      blobKey: `galeria/${ana.id}/foto1.png`,
      fileName: 'playa.png',
      contentType: 'image/png',
      size: PNG.length,
      createdAt: now,
      updatedAt: now,
    });
    const res = await t.fetch(`http://localhost${BASE}/mis-datos`, { headers: { cookie: ana.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'cuenta.json',
        'perfil.json',
        'compras.json',
        'bonos.json',
        'solicitudes_de_datos.json',
        'actividad.json',
      ]),
    );
    const cuenta = JSON.parse(strFromU8(files['cuenta.json']!));
    expect(cuenta.email).toBe(ana.email);
    expect(cuenta).not.toHaveProperty('passwordHash');
    expect(JSON.parse(strFromU8(files['solicitudes_de_datos.json']!)).length).toBeGreaterThan(3);
    const image = Object.keys(files).find((k) => k.startsWith('archivos/galeria/'));
    expect(image).toBeDefined();
    expect(Buffer.from(files[image!]!).equals(PNG)).toBe(true);
    const audit = await t.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, 'exportacion:mis-datos'), eq(stateHistory.entityId, ana.id)));
    expect(audit.length).toBe(1);
  });

  it('is what the desk downloads for a consulta', async () => {
    const r = await file({ tipo: 'CONSULTA', descripcion: 'mis datos' });
    const res = await t.fetch(`http://localhost${BASE}/admin/solicitudes/${r.json.data.id}/datos`, {
      headers: { cookie: deskCookie },
    });
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(JSON.parse(strFromU8(files['cuenta.json']!)).email).toBe(ana.email);
  });

  it('is not opened for any other kind of request (409, said why)', async () => {
    const r = await file({ tipo: 'PRUEBA', descripcion: 'la prueba de mi autorización' });
    const res = await t.request('GET', `${BASE}/admin/solicitudes/${r.json.data.id}/datos`, {
      cookie: deskCookie,
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Los datos del titular se descargan sólo para responder una consulta');
  });
});

describe('suppression that keeps the books', () => {
  const NAME = { nombres: 'Gertrudis', apellidos: 'Zambrano Quintero' };
  const DOC = '1098765432';
  let gert: { id: number; email: string; cookie: string };
  let before: Awaited<ReturnType<typeof snapshot>>;
  let purchases: { n: number; total: number };

  beforeAll(async () => {
    const g = await t.makeUser('gertrudis', MEMBER_PERMISSIONS);
    gert = { id: g.id, email: g.email, cookie: await g.session() };
    const now = t.clock.now();
    await t.db
      .update(users)
      .set({ ...NAME, numeroIdentificacion: DOC, celular: '3001234567', direccion: 'Calle 45 # 12-30' })
      .where(eq(users.id, gert.id));
    await t.db.insert(perfiles).values({
      userId: gert.id,
      nombrePublico: 'Gertru',
      descripcion: 'Hola, soy Gertrudis',
      createdAt: now,
      updatedAt: now,
    });
    for (const k of ['frente', 'selfie'])
      await (
        await t.appBlobs()
      ).put(`identidad/${gert.id}/${k}.png`, new Blob([PNG]).stream(), {
        contentType: 'image/png',
        size: PNG.length,
        fileName: `${k}.png`,
      });
    await (
      await t.appBlobs()
    ).put(`galeria/${gert.id}/g.png`, new Blob([PNG]).stream(), {
      contentType: 'image/png',
      size: PNG.length,
      fileName: 'g.png',
    });
    await t.db.insert(perfilMedia).values({
      userId: gert.id,
      blobKey: `galeria/${gert.id}/g.png`,
      fileName: 'g.png',
      contentType: 'image/png',
      size: PNG.length,
      createdAt: now,
      updatedAt: now,
    });
    await t.db.insert(validacionesIdentidad).values({
      userId: gert.id,
      frenteKey: `identidad/${gert.id}/frente.png`,
      selfieKey: `identidad/${gert.id}/selfie.png`,
      createdAt: now,
      updatedAt: now,
    });
    // Histories that hold the values: revisions, activity with his address, a state history note.
    for (let i = 0; i < 30; i++) {
      const [a] = await t.db
        .insert(activity)
        .values({
          userId: gert.id,
          ip: '10.1.2.3',
          userAgent: 'Firefox',
          action: 'editar',
          entity: 'users',
          entityId: gert.id,
          at: now,
        })
        .returning();
      await t.db.insert(revisions).values({
        activityId: a!.id,
        entity: 'users',
        entityId: gert.id,
        snapshot: JSON.stringify({ email: gert.email, ...NAME, numero_identificacion: DOC }),
        delta: JSON.stringify({ nombres: NAME.nombres }),
      });
    }
    await t.db.insert(stateHistory).values({
      entity: 'perfil',
      entityId: gert.id,
      toState: 'APROBADO',
      comentario: `Aprobado el perfil de ${NAME.nombres} ${NAME.apellidos}`,
      userId: 1,
      createdAt: now,
    });
    // A help-centre suggestion: upper-cased text and his e-mail, plus the support mail with both.
    const sug = await t.request('POST', '/api/v1/centrodeayuda/sugerencias', {
      cookie: gert.cookie,
      body: { correo: gert.email, descripcion: `Soy ${NAME.nombres}, cédula ${DOC}` },
    });
    expect(sug.status).toBe(201);
    // Books: his purchases (one with a receipt) and bonus rows of his sponsor from them.
    await baseCatalogue(t.db);
    const c1 = await paid(t.db, gert.id, 5_000_000, now - 86_400_000);
    await paid(t.db, gert.id, 1_234_567, now - 86_400_000);
    await (
      await t.appBlobs()
    ).put(`compras/${c1}/r.pdf`, new Blob(['%PDF-1.4']).stream(), {
      contentType: 'application/pdf',
      size: 8,
      fileName: 'r.pdf',
    });
    await t.db.insert(compraAdjuntos).values({
      compraId: c1,
      tipo: 'COMPROBANTE',
      blobKey: `compras/${c1}/r.pdf`,
      fileName: 'r.pdf',
      contentType: 'application/pdf',
      size: 8,
      createdBy: 1,
      createdAt: now,
    });
    await t.db.run(
      sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen) values ('2026-10', 0, 1, 'LIQUIDADO', 0, 'prueba')`,
    );
    await t.db
      .run(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, lineas, bonos, created_at)
      values ((select id from ciclos_bonificacion where clave = '2026-10'), 1, 500000, 1, 500000, 0)`);
    await t.db
      .run(sql`insert into ciclo_bonificacion_user_referido (ciclo_id, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, created_at)
      values ((select id from ciclos_bonificacion where clave = '2026-10'), 1, ${c1}, ${gert.id}, 1, 5000000, 1000, 500000, 0)`);
    before = await snapshot(t.db);
    purchases = (await t.db.get<{ n: number; total: number }>(
      sql`select count(*) as n, sum(total) as total from compras where user_id = ${gert.id}`,
    ))!;
  });

  it('runs to the end when the desk resolves it: the person is anonymised, his sign-in disabled, his files gone', async () => {
    const r = await file({ tipo: 'SUPRESION', descripcion: 'Supriman mis datos' }, gert.cookie);
    expect(r.json.data.vence_el).toBe('2026-12-07');
    const res = await act(r.json.data.id, { estado: 'RESUELTA', respuesta: 'Procedemos con la supresión.' });
    expect(res.status).toBe(200);
    let sup = res.json.data.supresion;
    for (let i = 0; sup.estado === 'EN_CURSO' && i < 20; i++)
      sup = (
        await t.request('POST', `${BASE}/admin/solicitudes/${r.json.data.id}/supresion`, {
          cookie: deskCookie,
        })
      ).json.data;
    expect(sup.estado).toBe('TERMINADA');
    expect(sup.conservar_hasta).toBe('2036-11-13');
    // The answer went to him before his address was replaced.
    expect(
      (
        await t.db
          .select()
          .from(outbox)
          .where(sql`${outbox.subject} like ${`Respuesta a su solicitud ${r.json.data.radicado}`}`)
      ).length,
    ).toBe(1);
    expect((await t.request('GET', `${BASE}/solicitudes`, { cookie: gert.cookie })).status).toBe(401);
    const stored = await t.storedBlobs();
    for (const key of [
      `galeria/${gert.id}/g.png`,
      `identidad/${gert.id}/frente.png`,
      `identidad/${gert.id}/selfie.png`,
    ])
      expect(await stored.get(key)).toBeNull();
    // The receipt is a support of the books: kept.
    expect(
      await (
        await t.appBlobs()
      ).get(`compras/${(await t.db.select().from(compraAdjuntos).get())!.compraId}/r.pdf`),
    ).not.toBeNull();
    const u = await t.db.select().from(users).where(eq(users.id, gert.id)).get();
    expect(u).toMatchObject({ activo: false, numeroIdentificacion: null, celular: null, nombres: 'Titular' });
    expect(u!.userName).toBe(sup.seudonimo);
  });

  it('leaves his e-mail, names and document number in no table but the privacy records', async () => {
    const tables = await t.db.all<{ t: string; c: string }>(
      sql`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p
        where m.type = 'table' and m.sql not like 'CREATE VIRTUAL%' and m.name not like 'sqlite%'`,
    );
    const skip = new Set<string>(PRIVACY_RECORD_TABLES);
    const found: string[] = [];
    for (const needle of [gert.email, NAME.nombres, NAME.apellidos, DOC, NAME.nombres.toUpperCase()])
      for (const { t: table, c } of tables) {
        if (skip.has(table) || /_(fts|tri)_/.test(table)) continue;
        const hit = await t.db.get<{ n: number }>(
          sql`select count(*) as n from ${sql.raw(`"${table}"`)} where instr(cast(${sql.raw(`"${c}"`)} as text), ${needle}) > 0`,
        );
        if (hit!.n) found.push(`${table}.${c} ∋ ${needle}`);
      }
    expect(found).toEqual([]);
    const search = await t.request('GET', `/api/v1/buscar?q=${DOC}`, { cookie: admin });
    expect(JSON.stringify(search.json)).not.toContain(DOC);
    // His login records keep what happened, not from where.
    const acts = await t.db.select().from(activity).where(eq(activity.userId, gert.id));
    expect(acts.length).toBe(30);
    expect(acts.every((a) => a.ip === null && a.userAgent === null)).toBe(true);
  });

  it('keeps his purchases and bonus rows adding up, his node in the tree', async () => {
    expect(await snapshot(t.db)).toEqual(before);
    expect(
      await t.db.get(sql`select count(*) as n, sum(total) as total from compras where user_id = ${gert.id}`),
    ).toEqual(purchases);
    expect((await t.db.select().from(users).where(eq(users.id, gert.id)).get())?.referralCode).toBeTruthy();
    // His sign-in is disabled (tried last: a failed attempt is counted under the address typed).
    const login = await t.request('POST', '/api/v1/auth/login', {
      body: { email: gert.email, password: 'Clave-12345' },
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
  });

  it("removes the kept books after the retention period, except what other members' bonuses point at", async () => {
    const { purgeRetained } = await import('../../worker/modules/privacy-desk');
    expect(await purgeRetained(t.db, await t.appBlobs(), Date.UTC(2030, 0, 1))).toBe(0);
    expect(await purgeRetained(t.db, await t.appBlobs(), Date.UTC(2037, 0, 1))).toBe(1);
    const left = await t.db.all<{ id: number }>(sql`select id from compras where user_id = ${gert.id}`);
    expect(left.length).toBe(1); // the one the sponsor's bonus line refers to
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('incidents register', () => {
  let inc: string;
  beforeAll(async () => {
    inc = await (await t.makeUser('seguridad', [P.incidentesDatos])).session();
  });

  it('computes the SIC deadline (15 business days) and lists the members to notify', async () => {
    const res = await t.request('POST', `${BASE}/admin/incidentes`, {
      cookie: inc,
      body: {
        descripcion: 'Acceso indebido a un respaldo',
        detectado_el: '2026-11-13',
        datos: 'Correos y celulares',
        miembros: [ana.id],
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ vence_sic: '2026-12-07', total_miembros: 1 });
    const detail = await t.request('GET', `${BASE}/admin/incidentes/${res.json.data.id}`, { cookie: inc });
    expect(detail.json.data.notificar).toEqual([expect.objectContaining({ id: ana.id, email: ana.email })]);
  });

  it('refuses a future detection date and unknown members in Spanish', async () => {
    const res = await t.request('POST', `${BASE}/admin/incidentes`, {
      cookie: inc,
      body: { descripcion: 'x', detectado_el: '2030-01-01', datos: 'x', miembros: [999999] },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.detectado_el).toEqual(['La fecha de detección no puede ser futura']);
    expect((await t.request('GET', `${BASE}/admin/incidentes`, { cookie: deskCookie })).status).toBe(403);
  });
});
