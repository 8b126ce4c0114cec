// Issue 7: the help centre. Each form's validation with the spec's Spanish messages (§5), the
// upper-casing rules, past dates refused in Bogotá time, ownership of one's own submissions
// (SECURITY row 6), state changes with history (row 15), mails through the mailer port.
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox, stateHistory } from '../../worker/db/schema';
import { MEMBER_PERMISSIONS, P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { png } from '../setup/files';

const SUPPORT = 'soporte@example.co';
const REQUIRED = 'Este campo es requerido';
const INVALID = 'El campo es inválido';
const BASE = '/api/v1/centrodeayuda';

let t: TestApp;
let admin: string;
let ana: { id: number; cookie: string };
let beto: { id: number; cookie: string };

beforeAll(async () => {
  // 2026-11-15 15:00 UTC = 10:00 in Bogotá.
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const a = await t.makeUser('ana', MEMBER_PERMISSIONS);
  const b = await t.makeUser('beto', MEMBER_PERMISSIONS);
  ana = { id: a.id, cookie: await a.session() };
  beto = { id: b.id, cookie: await b.session() };
});

const post = (path: string, body: unknown, cookie = ana.cookie) =>
  t.request('POST', `${BASE}${path}`, { cookie, body });
const get = (path: string, cookie = ana.cookie) => t.request('GET', `${BASE}${path}`, { cookie });
const put = (path: string, body: unknown, cookie = admin) =>
  t.request('PUT', `${BASE}${path}`, { cookie, body });
const mails = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id));
const steps = async (entity: string, id: number) =>
  (
    await t.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.entity, entity), eq(stateHistory.entityId, id)))
      .orderBy(asc(stateHistory.id))
  ).map((h) => `${h.fromState ?? '∅'}→${h.toState}${h.comentario ? ` (${h.comentario})` : ''}`);
const inbox = async (cookie: string) =>
  (await t.request('GET', '/api/v1/general/notificaciones', { cookie })).json.data as {
    titulo: string;
    mensaje: string;
  }[];

describe('suggestions', () => {
  let id: number;

  it('requires correo (a valid e-mail) and descripcion, with the spec messages', async () => {
    const empty = await post('/sugerencias', {});
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({ correo: [REQUIRED], descripcion: [REQUIRED] });
    expect(empty.json.message).toBe(REQUIRED);
    const bad = await post('/sugerencias', { correo: 'no-es-un-correo', descripcion: '   ' });
    expect(bad.json.errors).toEqual({ correo: [INVALID], descripcion: [REQUIRED] });
    expect(bad.json.message).toBe(`${INVALID}, ${REQUIRED}`);
  });

  it('upper-cases modulo, titulo, descripcion and tipo_sugerencia but not correo, and mails support', async () => {
    const res = await post('/sugerencias', {
      correo: 'Ana.Perez@Example.co',
      modulo: 'Mis compras',
      titulo: 'Carrito más claro',
      descripcion: 'Quisiera ver el total en la cabecera',
      tipo_sugerencia: 'Mejora',
      estado: 'APROBADO',
      user_id: beto.id,
    });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe('Registro creado correctamente');
    expect(res.json.data).toMatchObject({
      correo: 'Ana.Perez@Example.co',
      modulo: 'MIS COMPRAS',
      titulo: 'CARRITO MÁS CLARO',
      descripcion: 'QUISIERA VER EL TOTAL EN LA CABECERA',
      tipo_sugerencia: 'MEJORA',
      estado: 'PENDIENTE',
      user_id: ana.id,
      comentario: null,
    });
    id = res.json.data.id;
    const mail = await t.lastMail(SUPPORT);
    expect(mail?.subject).toBe(`Nueva sugerencia #${id}: CARRITO MÁS CLARO`);
    expect(mail?.body).toContain('Correo: Ana.Perez@Example.co');
    expect(mail?.body).toContain('Descripción: QUISIERA VER EL TOTAL EN LA CABECERA');
    expect(await steps('sugerencia', id)).toEqual(['∅→PENDIENTE (Sugerencia enviada)']);
  });

  it('keeps each member to their own suggestions (another one is a 404)', async () => {
    await post('/sugerencias', { correo: 'beto@test.local', descripcion: 'otra idea' }, beto.cookie);
    const mine = await get('/sugerencias');
    expect(mine.json.total).toBe(1);
    expect(mine.json.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await get(`/sugerencias/${id}`)).status).toBe(200);
    expect((await get(`/sugerencias/${id}`, beto.cookie)).status).toBe(404);
    expect((await get('/sugerencias/control')).status).toBe(403);
    expect((await put(`/sugerencias/estado/${id}`, { estado: 'APROBADO' }, ana.cookie)).status).toBe(403);
  });

  it('lets administrators see all and change the state with comentario, with history and a notification', async () => {
    const all = await get(
      '/sugerencias/control?filters=' + encodeURIComponent(JSON.stringify({ estado: 'PENDIENTE' })),
      admin,
    );
    expect(all.json.total).toBe(2);
    expect(all.json.data.map((r: { user_name: string }) => r.user_name).sort()).toEqual(['ana', 'beto']);
    // The administrators' list filters and sorts by member and by the suggestion's own fields; a
    // member's own list only by date and state.
    const byMember = await get(
      '/sugerencias/control?filters=' +
        encodeURIComponent(JSON.stringify({ user_name: 'bet', correo: 'beto@' })) +
        '&sorts=' +
        encodeURIComponent(JSON.stringify({ user_name: 'asc', modulo: 'desc' })),
      admin,
    );
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.json.data.map((r: { user_name: string }) => r.user_name)).toEqual(['beto']);
    const own = await get('/sugerencias?filters=' + encodeURIComponent(JSON.stringify({ user_name: 'bet' })));
    expect(own.status).toBe(422);
    expect(own.json.errors.filters).toEqual(['No se puede filtrar por user_name']);
    const res = await put(`/sugerencias/estado/${id}`, {
      estado: 'APROBADO',
      comentario: 'Lo incluimos en la próxima versión',
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Registro actualizado correctamente');
    expect((await put(`/sugerencias/estado/${id}`, { estado: 'PENDIENTE' })).status).toBe(409);
    const mine = await get(`/sugerencias/${id}`);
    expect(mine.json.data).toMatchObject({
      estado: 'APROBADO',
      comentario: 'Lo incluimos en la próxima versión',
    });
    expect((await inbox(ana.cookie))[0]).toMatchObject({
      titulo: `Sugerencia #${id}`,
      mensaje: 'Nuevo estado: APROBADO. Comentario: Lo incluimos en la próxima versión',
    });
    expect(await steps('sugerencia', id)).toEqual([
      '∅→PENDIENTE (Sugerencia enviada)',
      'PENDIENTE→APROBADO (Lo incluimos en la próxima versión)',
    ]);
    expect((await put('/sugerencias/estado/999999', { estado: 'APROBADO' })).status).toBe(404);
  });
});

describe('questions and FAQs', () => {
  let id: number;
  let faqId: number;

  it('requires pregunta', async () => {
    const res = await post('/enviarpreguntas', { modulo: 'MIS COMPRAS' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ pregunta: [REQUIRED] });
  });

  it('stores the question PENDIENTE, mails support and keeps it to its owner', async () => {
    const res = await post('/enviarpreguntas', {
      modulo: 'MIS COMPRAS',
      pregunta: '¿Cómo adjunto el comprobante de pago?',
      funcionalidad: 'Adjuntos',
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      estado: 'PENDIENTE',
      respuesta: null,
      faq_id: null,
      modulo: 'MIS COMPRAS',
      funcionalidad: 'Adjuntos',
    });
    id = res.json.data.id;
    const mail = await t.lastMail(SUPPORT);
    expect(mail?.subject).toBe(`Nueva pregunta #${id}: ¿Cómo adjunto el comprobante de pago?`);
    expect(mail?.body).toContain('ana (ana@test.local)');
    expect((await get(`/enviarpreguntas/${id}`, beto.cookie)).status).toBe(404);
    expect((await get('/enviarpreguntas', beto.cookie)).json.total).toBe(0);
    expect((await put(`/enviarpreguntas/${id}/respuesta`, { respuesta: 'x' }, ana.cookie)).status).toBe(403);
  });

  it('refuses to approve or publish a question without an answer', async () => {
    expect((await put(`/enviarpreguntas/estado/${id}`, { estado: 'APROBADO' })).json.message).toBe(
      'Responde la pregunta para aprobarla',
    );
    const faq = await post(`/enviarpreguntas/${id}/faq`, {}, admin);
    expect(faq.status).toBe(409);
    expect(faq.json.message).toBe('Responde la pregunta antes de convertirla en pregunta frecuente');
    expect((await put(`/enviarpreguntas/${id}/respuesta`, { respuesta: '  ' })).json.errors).toEqual({
      respuesta: [REQUIRED],
    });
  });

  it('answering approves the question, tells the member, and writes history', async () => {
    const res = await put(`/enviarpreguntas/${id}/respuesta`, {
      respuesta: 'En Mis compras abre la compra y usa «Adjuntar comprobante».',
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ estado: 'APROBADO', respondida_por: 'admin' });
    const mine = await get(`/enviarpreguntas/${id}`);
    expect(mine.json.data.respuesta).toBe('En Mis compras abre la compra y usa «Adjuntar comprobante».');
    expect((await inbox(ana.cookie))[0]).toMatchObject({ titulo: `Tu pregunta #${id} tiene respuesta` });
    // Correcting the answer keeps the state and adds no history.
    await put(`/enviarpreguntas/${id}/respuesta`, {
      respuesta: 'En Mis compras abre la compra y usa «Adjuntar comprobante» (PDF).',
    });
    expect(await steps('pregunta', id)).toEqual([
      '∅→PENDIENTE (Pregunta enviada)',
      'PENDIENTE→APROBADO (Pregunta respondida)',
    ]);
  });

  it('turns the answered question into a FAQ in one action, once', async () => {
    const res = await post(`/enviarpreguntas/${id}/faq`, {}, admin);
    expect(res.status).toBe(201);
    faqId = res.json.data.faq_id;
    expect(faqId).toBeGreaterThan(0);
    const faq = await t.request('GET', `${BASE}/preguntasfrecuentes/${faqId}`, { cookie: admin });
    expect(faq.json.data).toMatchObject({
      pregunta: '¿Cómo adjunto el comprobante de pago?',
      respuesta: 'En Mis compras abre la compra y usa «Adjuntar comprobante» (PDF).',
      modulo: 'MIS COMPRAS',
      activo: true,
    });
    expect((await post(`/enviarpreguntas/${id}/faq`, {}, admin)).json.message).toBe(
      'Esta pregunta ya es una pregunta frecuente',
    );
    expect((await get(`/enviarpreguntas/${id}`)).json.data.faq_id).toBe(faqId);
  });

  it('refuses a second FAQ with the same question', async () => {
    const dup = (
      await post('/enviarpreguntas', { pregunta: '¿Cómo adjunto el comprobante de pago?' }, beto.cookie)
    ).json.data.id;
    await put(`/enviarpreguntas/${dup}/respuesta`, { respuesta: 'Igual que antes.' });
    const res = await post(`/enviarpreguntas/${dup}/faq`, {}, admin);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Ya existe una pregunta frecuente igual');
    expect((await get(`/enviarpreguntas/${dup}`, beto.cookie)).json.data.faq_id).toBeNull();
    expect(
      (await put(`/enviarpreguntas/estado/${dup}`, { estado: 'NO_APROBADO', comentario: 'Repetida' })).status,
    ).toBe(200);
    expect(await steps('pregunta', dup)).toEqual([
      '∅→PENDIENTE (Pregunta enviada)',
      'PENDIENTE→APROBADO (Pregunta respondida)',
      'APROBADO→NO_APROBADO (Repetida)',
    ]);
  });

  it('serves FAQs grouped by module, searchable without accents, with their graphic aids', async () => {
    const aid = await t.request('POST', `${BASE}/ayudasgraficas`, {
      cookie: admin,
      body: { titulo: 'Adjuntar comprobante', modulo: 'Mis compras', descripcion: 'Paso a paso' },
    });
    expect(aid.status).toBe(201);
    const form = new FormData();
    form.append('files', png('paso1.png'));
    const up = await t.fetch(`${ORIGIN}${BASE}/ayudasgraficas/${aid.json.data.id}/images`, {
      method: 'POST',
      body: form,
      headers: { Cookie: admin, Origin: ORIGIN },
    });
    expect(up.status).toBe(201);
    await t.request('PUT', `${BASE}/preguntasfrecuentes/${faqId}`, {
      cookie: admin,
      body: {
        pregunta: '¿Cómo adjunto el comprobante de pago?',
        respuesta: 'Abre la compra y adjunta el PDF.',
        modulo: 'MIS COMPRAS',
        orden: 1,
        ayudas_ids: [aid.json.data.id],
        activo: true,
      },
    });
    await t.request('POST', `${BASE}/preguntasfrecuentes`, {
      cookie: admin,
      body: {
        pregunta: '¿Cómo cambio mi contraseña?',
        respuesta: 'Desde el menú de usuario.',
        modulo: 'Mi información personal',
        orden: 1,
        activo: true,
      },
    });
    await t.request('POST', `${BASE}/preguntasfrecuentes`, {
      cookie: admin,
      body: {
        pregunta: 'Pregunta inactiva',
        respuesta: 'No se ve.',
        modulo: 'MIS COMPRAS',
        orden: 2,
        activo: false,
      },
    });

    const all = await get('/faq');
    expect(all.json.total).toBe(2);
    expect(all.json.data.map((g: { label: string }) => g.label)).toEqual([
      'Mi información personal',
      'Mis compras',
    ]);
    const found = await get(`/faq?q=${encodeURIComponent('comprobante PAGO')}`);
    expect(found.json.total).toBe(1);
    const [group] = found.json.data;
    expect(group).toMatchObject({ label: 'Mis compras', modulo: 'MIS COMPRAS' });
    const [q] = group.preguntas;
    expect(q.ayudas).toHaveLength(1);
    expect(q.ayudas[0].titulo).toBe('Adjuntar comprobante');
    const image = await t.fetch(`${ORIGIN}${q.ayudas[0].imagenes[0].url}`, {
      headers: { Cookie: ana.cookie },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect((await get(`/faq?q=${encodeURIComponent('contrasena')}`)).json.total).toBe(1);
    expect((await get('/faq?q=inexistente')).json).toEqual({ data: [], total: 0 });
    expect((await get('/faq?modulo=miinformacionpersonal')).json.total).toBe(1);
  });

  it('serves the graphic aids of one module to any signed-in user', async () => {
    const nobody = await (await t.makeUser('sinpermisos')).session();
    const res = await get('/ayudas?modulo=miscompras', nobody);
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({ titulo: 'Adjuntar comprobante', modulo_label: 'Mis compras' });
    expect(res.json.data[0].imagenes[0].url).toMatch(/^\/api\/v1\/general\/images\/\d+$/);
    expect((await get('/ayudas?modulo=perfil', nobody)).json.data).toEqual([]);
    expect((await get('/faq', nobody)).status).toBe(403);
  });
});

describe('demonstration requests', () => {
  const valid = (fechas = ['2026-11-20 09:00', '2026-11-21T15:30', '2026-11-22 11:00:00']) => ({
    empresa: 'Acme Andina',
    nombre: 'Ana Pérez',
    email: 'Ana@Acme.co',
    cargo: 'Gerente',
    celular: '+57 300 123 4567',
    opciones: fechas.map((fecha) => ({ fecha })),
  });
  let id: number;

  it('requires empresa, nombre, email, cargo, celular and the options', async () => {
    const res = await post('/agendardemostraciones', {});
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      empresa: [REQUIRED],
      nombre: [REQUIRED],
      email: [REQUIRED],
      cargo: [REQUIRED],
      celular: [REQUIRED],
      opciones: [REQUIRED],
    });
    const bad = await post('/agendardemostraciones', { ...valid(), email: 'acme', celular: 'llámame' });
    expect(bad.json.errors).toEqual({ email: [INVALID], celular: [INVALID] });
  });

  it('needs exactly three options, each a real date-time', async () => {
    expect(
      (await post('/agendardemostraciones', { ...valid(), opciones: [{ fecha: '2026-11-20 09:00' }] })).json
        .errors,
    ).toEqual({ opciones: ['Debes indicar tres opciones de fecha'] });
    const res = await post('/agendardemostraciones', {
      ...valid(),
      opciones: [{ fecha: '' }, { fecha: 'mañana' }, { fecha: '2026-02-30 10:00' }],
    });
    expect(res.json.errors).toEqual({
      'opciones.0.fecha': [REQUIRED],
      'opciones.1.fecha': [INVALID],
      'opciones.2.fecha': [INVALID],
    });
  });

  it('refuses past and repeated dates, in Bogotá time by the test clock', async () => {
    // 09:59 Bogotá is a minute ago; 14:00 Bogotá is still ahead (though 14:00 UTC has passed).
    const res = await post(
      '/agendardemostraciones',
      valid(['2026-11-15 09:59', '2026-11-15 14:00', '2026-11-15 14:00']),
    );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      'opciones.0.fecha': ['La fecha debe ser posterior a la fecha y hora actual'],
      'opciones.2.fecha': ['Las opciones de fecha deben ser diferentes'],
    });
  });

  it('upper-cases empresa and nombre, stores three options and mails support', async () => {
    const res = await post('/agendardemostraciones', {
      ...valid(),
      estado: 'APROBADO',
      opcion_confirmada_id: 1,
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      empresa: 'ACME ANDINA',
      nombre: 'ANA PÉREZ',
      email: 'Ana@Acme.co',
      cargo: 'Gerente',
      estado: 'PENDIENTE',
      opcion_confirmada_id: null,
    });
    expect(
      res.json.data.opciones.map((o: { orden: number; fecha: string }) => `${o.orden} ${o.fecha}`),
    ).toEqual(['1 2026-11-20 09:00', '2 2026-11-21 15:30', '3 2026-11-22 11:00']);
    expect(res.json.data.opciones[0].fecha_at).toBe(Date.UTC(2026, 10, 20, 14, 0));
    id = res.json.data.id;
    const mail = await t.lastMail(SUPPORT);
    expect(mail?.subject).toBe(`Nueva solicitud de demostración #${id}`);
    expect(mail?.body).toContain('Opción 2: 2026-11-21 15:30');
    expect(await steps('demostracion', id)).toEqual(['∅→PENDIENTE (Solicitud enviada)']);
    expect((await get(`/agendardemostraciones/${id}`, beto.cookie)).status).toBe(404);
    expect((await get('/agendardemostraciones')).json.total).toBe(1);
  });

  it('confirms one option: APROBADO, history, a notification and a mail to the requester', async () => {
    const demo = (await get(`/agendardemostraciones/${id}`)).json.data;
    const other = (await post('/agendardemostraciones', valid(), beto.cookie)).json.data;
    expect(
      (await put(`/agendardemostraciones/${id}/confirmar`, { opcion_id: other.opciones[0].id })).json.errors,
    ).toEqual({ opcion_id: ['La opción no pertenece a esta solicitud'] });
    expect(
      (await put(`/agendardemostraciones/${id}/confirmar`, { opcion_id: demo.opciones[1].id }, ana.cookie))
        .status,
    ).toBe(403);
    const before = (await mails('Ana@Acme.co')).length;
    const res = await put(`/agendardemostraciones/${id}/confirmar`, {
      opcion_id: demo.opciones[1].id,
      comentario: 'Te esperamos por videollamada',
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      estado: 'APROBADO',
      opcion_confirmada_id: demo.opciones[1].id,
      fecha_confirmada: '2026-11-21 15:30',
    });
    const sent = await mails('Ana@Acme.co');
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.subject).toBe('Demostración confirmada');
    expect(sent.at(-1)!.body).toContain(
      'Confirmamos tu demostración para ACME ANDINA el 2026-11-21 15:30 (hora de Bogotá).',
    );
    expect((await inbox(ana.cookie))[0]).toMatchObject({ titulo: `Demostración #${id} confirmada` });
    expect(await steps('demostracion', id)).toEqual([
      '∅→PENDIENTE (Solicitud enviada)',
      'PENDIENTE→APROBADO (Te esperamos por videollamada)',
    ]);
    expect(
      (await put(`/agendardemostraciones/${id}/confirmar`, { opcion_id: demo.opciones[0].id })).status,
    ).toBe(409);
    expect((await put(`/agendardemostraciones/estado/${id}`, { estado: 'NO_APROBADO' })).status).toBe(409);
  });

  it('refuses to confirm an option that has passed, and declines with a mail', async () => {
    const other = (
      await post(
        '/agendardemostraciones',
        valid(['2026-11-15 11:00', '2026-11-16 10:00', '2026-11-17 10:00']),
        beto.cookie,
      )
    ).json.data;
    t.clock.advance(2 * 3_600_000); // 12:00 in Bogotá: option 1 has passed
    const late = await put(`/agendardemostraciones/${other.id}/confirmar`, {
      opcion_id: other.opciones[0].id,
    });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('La opción elegida ya pasó; pide al solicitante nuevas fechas');
    expect((await put(`/agendardemostraciones/estado/${other.id}`, { estado: 'APROBADO' })).status).toBe(409);
    const res = await put(`/agendardemostraciones/estado/${other.id}`, {
      estado: 'NO_APROBADO',
      comentario: 'Sin agenda esa semana',
    });
    expect(res.status).toBe(200);
    const mail = (await mails('Ana@Acme.co')).at(-1)!;
    expect(mail.subject).toBe('Solicitud de demostración no confirmada');
    expect(mail.body).toContain('Sin agenda esa semana');
    expect(await steps('demostracion', other.id)).toEqual([
      '∅→PENDIENTE (Solicitud enviada)',
      'PENDIENTE→NO_APROBADO (Sin agenda esa semana)',
    ]);
    const list = await get(
      '/agendardemostraciones/control?sorts=' + encodeURIComponent(JSON.stringify({ id: 'asc' })),
      admin,
    );
    expect(list.json.data.map((d: { estado: string }) => d.estado)).toEqual([
      'APROBADO',
      'PENDIENTE',
      'NO_APROBADO',
    ]);
  });

  it('needs the scheduling permission', async () => {
    const other = await (await t.makeUser('sinagenda', [P.sugerencias])).session();
    expect(
      (
        await post(
          '/agendardemostraciones',
          valid(['2026-12-01 10:00', '2026-12-02 10:00', '2026-12-03 10:00']),
          other,
        )
      ).status,
    ).toBe(403);
  });
});
