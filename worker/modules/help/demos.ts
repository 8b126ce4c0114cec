// Demonstration requests (decision 0012): three future date-time options (Bogotá time, checked
// against the clock port); administrators confirm one, which is e-mailed to the requester, or
// decline the request.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { demostraciones, demostracionOpciones, users } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { conflict, invalid, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { changeState, changeStateOnRequest } from '../../platform/state-change';
import { json } from '../../platform/validate';
import type { ListQuery } from '../../shared/list-query';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import {
  bogotaDateTime,
  bogotaDateTimeMs,
  confirmDemoSchema,
  DEMO_DECLINE,
  demoErrors,
  demoSchema,
} from '../../shared/schemas/help';
import { stateChangeSchema } from '../../shared/schemas/state';
import { fieldLines, idParam, sendMail, submittedHistory, toSupport, submissionSpecs } from './common';
import { paginate } from '../../platform/paginate';
import { STATE } from '../../shared/workflow';

const ENTITY = 'demostracion';
const member = requires(P.agendarDemostraciones);
const admin = requires(P.controlCentroDeAyuda);

const columns = {
  id: demostraciones.id,
  user_id: demostraciones.userId,
  user_name: users.userName,
  empresa: demostraciones.empresa,
  nombre: demostraciones.nombre,
  email: demostraciones.email,
  cargo: demostraciones.cargo,
  celular: demostraciones.celular,
  estado: demostraciones.estado,
  comentario: demostraciones.comentario,
  opcion_confirmada_id: demostraciones.opcionConfirmadaId,
  confirmada_at: demostraciones.confirmadaAt,
  created_at: demostraciones.createdAt,
  updated_at: demostraciones.updatedAt,
};

const { OWN, ALL } = submissionSpecs(demostraciones, {
  sorts: { empresa: demostraciones.empresa },
  text: {
    empresa: demostraciones.empresa,
    nombre: demostraciones.nombre,
    email: demostraciones.email,
  },
});

type Option = { id: number; orden: number; fecha: string; fecha_at: number };

/** Each request with its three options and the confirmed one's date. */
async function withOptions<R extends { id: number; opcion_confirmada_id: number | null }>(db: Db, rows: R[]) {
  if (!rows.length) return [];
  const opts = await db
    .select()
    .from(demostracionOpciones)
    .where(
      inArray(
        demostracionOpciones.demostracionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(demostracionOpciones.demostracionId), asc(demostracionOpciones.orden));
  return rows.map((r) => {
    const opciones: Option[] = opts
      .filter((o) => o.demostracionId === r.id)
      .map((o) => ({ id: o.id, orden: o.orden, fecha: bogotaDateTime(o.fecha), fecha_at: o.fecha }));
    return {
      ...r,
      opciones,
      fecha_confirmada: opciones.find((o) => o.id === r.opcion_confirmada_id)?.fecha ?? null,
    };
  });
}

async function list(db: Db, query: ListQuery, spec: ListSpec, ownerId?: number) {
  const where = whereOf(query, spec, [ownerId ? eq(demostraciones.userId, ownerId) : undefined]);
  const { data: rows, total } = await paginate(
    db,
    db
      .select(columns)
      .from(demostraciones)
      .innerJoin(users, eq(users.id, demostraciones.userId))
      .where(where)
      .orderBy(...orderOf(query, spec, demostraciones.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(demostraciones)
      .innerJoin(users, eq(users.id, demostraciones.userId))
      .where(where),
  );
  return { data: await withOptions(db, rows), total };
}

async function find(db: Db, id: number, ownerId?: number) {
  const row = await db
    .select(columns)
    .from(demostraciones)
    .innerJoin(users, eq(users.id, demostraciones.userId))
    .where(and(eq(demostraciones.id, id), ownerId ? eq(demostraciones.userId, ownerId) : undefined))
    .get();
  if (!row) throw notFound();
  return (await withOptions(db, [row]))[0]!;
}
type Demo = Awaited<ReturnType<typeof find>>;

const optionLines = (d: Demo) => d.opciones.map((o) => `Opción ${o.orden}: ${o.fecha}`).join('\n');
const requestLines = (d: Demo) =>
  fieldLines([
    ['Empresa', d.empresa],
    ['Nombre', d.nombre],
    ['Correo', d.email],
    ['Cargo', d.cargo],
    ['Celular', d.celular],
  ]);

function mailRequester(c: Context<AppEnv>, d: Demo, subject: string, text: string) {
  return sendMail(c, {
    to: d.email,
    subject,
    body: `Hola ${d.nombre},\n\n${text}\n\nSi tienes preguntas, escríbenos a ${c.var.config.supportEmail}.`,
  });
}

export const demoRoutes = new Hono<AppEnv>()
  .post('/', member, json(demoSchema), async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const now = clock.now();
    const errors = demoErrors(body, now);
    if (Object.keys(errors).length) throw invalid(errors);
    // The batch is one transaction, so the member's newest request is the one just inserted.
    const newId = sql`(select max(${demostraciones.id}) from ${demostraciones} where ${demostraciones.userId} = ${user.id})`;
    await db.batch([
      db.insert(demostraciones).values({
        userId: user.id,
        empresa: body.empresa,
        nombre: body.nombre,
        email: body.email,
        cargo: body.cargo,
        celular: body.celular,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(demostracionOpciones).values(
        body.opciones.map((o, i) => ({
          demostracionId: newId,
          orden: i + 1,
          fecha: bogotaDateTimeMs(o.fecha)!,
        })),
      ),
      submittedHistory(db, ENTITY, newId, user.id, now, 'Solicitud enviada'),
    ]);
    const last = await db
      .select({ id: sql<number>`max(${demostraciones.id})` })
      .from(demostraciones)
      .where(eq(demostraciones.userId, user.id))
      .get();
    const data = await find(db, last!.id, user.id);
    await toSupport(
      c,
      `Nueva solicitud de demostración #${data.id}`,
      `${user.userName} pidió una demostración.\n\n${requestLines(data)}\n\nFechas propuestas (hora de Bogotá):\n${optionLines(data)}`,
    );
    return c.json({ data, message: MSG.created }, 201);
  })
  .get('/', member, async (c) =>
    c.json(await list(c.var.db, parseListQuery(c.req.query(), OWN), OWN, c.var.user.id)),
  )
  .get('/:id{[0-9]+}', member, idParam, async (c) =>
    c.json({ data: await find(c.var.db, c.req.valid('param').id, c.var.user.id) }),
  )
  .get('/control', admin, async (c) => c.json(await list(c.var.db, parseListQuery(c.req.query(), ALL), ALL)))
  // Confirms one of the three options: APROBADO, then the date goes to the requester by mail.
  .put('/:id{[0-9]+}/confirmar', admin, idParam, json(confirmDemoSchema), async (c) => {
    const { db, clock, user } = c.var;
    const demo = await find(db, c.req.valid('param').id);
    const { opcion_id, comentario } = c.req.valid('json');
    const option = demo.opciones.find((o) => o.id === opcion_id);
    if (!option) throw invalid({ opcion_id: [MSG.demoOptionUnknown] });
    const now = clock.now();
    if (option.fecha_at <= now) throw conflict(MSG.demoOptionPast);
    await changeState(db, {
      entity: ENTITY,
      table: demostraciones,
      idColumn: demostraciones.id,
      stateColumn: demostraciones.estado,
      id: demo.id,
      to: STATE.APROBADO,
      allowed: demo.estado === STATE.PENDIENTE ? [STATE.APROBADO] : [],
      comentario: comentario ?? `Confirmada para el ${option.fecha}`,
      actorId: user.id,
      at: now,
      set: {
        opcionConfirmadaId: option.id,
        confirmadaPor: user.id,
        confirmadaAt: now,
        comentario,
        updatedAt: now,
      },
      notify: {
        userId: demo.user_id,
        titulo: `Demostración #${demo.id} confirmada`,
        mensaje: `Tu demostración quedó para el ${option.fecha} (hora de Bogotá).`,
      },
    });
    const data = await find(db, demo.id);
    await mailRequester(
      c,
      data,
      'Demostración confirmada',
      `Confirmamos tu demostración para ${data.empresa} el ${option.fecha} (hora de Bogotá).${comentario ? `\n\n${comentario}` : ''}`,
    );
    return c.json({ data, message: MSG.demoConfirmed });
  })
  // Declining (the only other change): NO_APROBADO, told to the requester by mail as well.
  .put('/estado/:id{[0-9]+}', admin, idParam, json(stateChangeSchema), async (c) => {
    const db = c.var.db;
    const demo = await find(db, c.req.valid('param').id);
    const { comentario } = c.req.valid('json');
    await changeStateOnRequest(c, c.req.valid('json'), {
      entity: ENTITY,
      table: demostraciones,
      idColumn: demostraciones.id,
      stateColumn: demostraciones.estado,
      id: demo.id,
      transitions: DEMO_DECLINE,
      set: (at, comment) => ({ comentario: comment, updatedAt: at }),
      notify: { userId: demo.user_id, titulo: `Demostración #${demo.id}` },
    });
    const data = await find(db, demo.id);
    await mailRequester(
      c,
      data,
      'Solicitud de demostración no confirmada',
      `No pudimos confirmar ninguna de las fechas que propusiste para ${data.empresa}.${comentario ? `\n\n${comentario}` : ''}\n\nPuedes enviar una nueva solicitud con otras fechas.`,
    );
    return c.json({ data, message: MSG.updated });
  });
