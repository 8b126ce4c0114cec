// Questions (decision 0012): a member asks; administrators answer (which approves the question),
// change its state, and turn an answered one into a FAQ in one action.
import { and, count, eq, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { preguntas, preguntasfrecuentes, users } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { bulkRoutes } from '../../platform/bulk';
import { bulkStateAction, matchingIds } from '../../platform/bulk-state';
import { changeState, changeStateOnRequest } from '../../platform/state-change';
import { BULK_STATES } from '../../shared/schemas/bulk';
import { json } from '../../platform/validate';
import type { ListQuery } from '../../shared/list-query';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { answerSchema, moduleLabel, questionSchema } from '../../shared/schemas/help';
import { stateChangeSchema } from '../../shared/schemas/state';
import { STATE, REVIEW } from '../../shared/workflow';
import { fieldLines, idParam, oneLine, submittedHistory, toSupport, submissionSpecs } from './common';
import { paginate } from '../../platform/paginate';

const ENTITY = 'pregunta';
const member = requires(P.enviarPreguntas);
const admin = requires(P.controlCentroDeAyuda);
const answerer = alias(users, 'answerer');

const columns = {
  id: preguntas.id,
  user_id: preguntas.userId,
  user_name: users.userName,
  email: users.email,
  modulo: preguntas.modulo,
  pregunta: preguntas.pregunta,
  funcionalidad: preguntas.funcionalidad,
  estado: preguntas.estado,
  comentario: preguntas.comentario,
  respuesta: preguntas.respuesta,
  respondida_por: answerer.userName,
  respondida_at: preguntas.respondidaAt,
  faq_id: preguntas.faqId,
  created_at: preguntas.createdAt,
  updated_at: preguntas.updatedAt,
};

const { OWN, ALL } = submissionSpecs(preguntas, {
  sorts: { modulo: preguntas.modulo, respondida_at: preguntas.respondidaAt },
  text: { modulo: preguntas.modulo, pregunta: preguntas.pregunta },
});

const from = (db: Db) =>
  db
    .select(columns)
    .from(preguntas)
    .innerJoin(users, eq(users.id, preguntas.userId))
    .leftJoin(answerer, eq(answerer.id, preguntas.respondidaPor));

async function list(db: Db, query: ListQuery, spec: ListSpec, ownerId?: number) {
  const where = whereOf(query, spec, [ownerId ? eq(preguntas.userId, ownerId) : undefined]);
  const { data, total } = await paginate(
    db,
    from(db)
      .where(where)
      .orderBy(...orderOf(query, spec, preguntas.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(preguntas)
      .innerJoin(users, eq(users.id, preguntas.userId))
      .where(where),
  );
  return { data, total };
}

async function find(db: Db, id: number, ownerId?: number) {
  const row = await from(db)
    .where(and(eq(preguntas.id, id), ownerId ? eq(preguntas.userId, ownerId) : undefined))
    .get();
  if (!row) throw notFound();
  return row;
}

const isUnique = (err: unknown) =>
  /UNIQUE constraint failed/.test(`${(err as Error)?.message} ${(err as { cause?: Error })?.cause?.message}`);

// "Cambiar estado" on many questions: per record what PUT /estado/:id does, including its refusal
// to approve a question without an answer (that record is skipped) (decision 0260).
const bulkState = bulkStateAction({
  recurso: '/centrodeayuda/enviarpreguntas/control',
  permission: P.controlCentroDeAyuda,
  entity: ENTITY,
  table: preguntas,
  idColumn: preguntas.id,
  stateColumn: preguntas.estado,
  userIdColumn: preguntas.userId,
  transitions: REVIEW,
  targets: BULK_STATES.ayuda,
  matching: matchingIds(ALL, preguntas.id, (db, where, order, limit) =>
    db
      .select({ id: preguntas.id })
      .from(preguntas)
      .innerJoin(users, eq(users.id, preguntas.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  ),
  read: { respuesta: preguntas.respuesta },
  refuses: (row, to) => to === STATE.APROBADO && !row.respuesta,
  set: (at, comentario) => ({ comentario, updatedAt: at }),
  notifyTitle: (id) => `Pregunta #${id}`,
});

export const questionRoutes = new Hono<AppEnv>()
  .route('/control/lote/estado', bulkRoutes(bulkState))
  .post('/', member, json(questionSchema), async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const now = clock.now();
    const [[row]] = await db.batch([
      db
        .insert(preguntas)
        .values({
          userId: user.id,
          modulo: body.modulo,
          pregunta: body.pregunta,
          funcionalidad: body.funcionalidad,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: preguntas.id }),
      submittedHistory(db, ENTITY, sql`last_insert_rowid()`, user.id, now, 'Pregunta enviada'),
    ]);
    const data = await find(db, row!.id, user.id);
    await toSupport(
      c,
      `Nueva pregunta #${data.id}: ${oneLine(data.pregunta)}`,
      `${user.userName} (${user.email}) envió una pregunta.\n\n${fieldLines([
        ['Módulo', data.modulo],
        ['Funcionalidad', data.funcionalidad],
        ['Pregunta', data.pregunta],
      ])}`,
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
  .put('/estado/:id{[0-9]+}', admin, idParam, json(stateChangeSchema), async (c) => {
    const db = c.var.db;
    const row = await find(db, c.req.valid('param').id);
    const body = c.req.valid('json');
    // An approved question is an answered one: approving goes through the answer.
    if (body.estado === STATE.APROBADO && !row.respuesta) throw conflict(MSG.questionNeedsAnswer);
    await changeStateOnRequest(c, body, {
      entity: ENTITY,
      table: preguntas,
      idColumn: preguntas.id,
      stateColumn: preguntas.estado,
      id: row.id,
      transitions: REVIEW,
      set: (at, comentario) => ({ comentario, updatedAt: at }),
      notify: { userId: row.user_id, titulo: `Pregunta #${row.id}` },
    });
    return c.json({ data: await find(db, row.id), message: MSG.updated });
  })
  // Answers (or corrects the answer of) a question; a question not yet APROBADO becomes so.
  .put('/:id{[0-9]+}/respuesta', admin, idParam, json(answerSchema), async (c) => {
    const { db, clock, user } = c.var;
    const row = await find(db, c.req.valid('param').id);
    const { respuesta } = c.req.valid('json');
    const now = clock.now();
    const set = { respuesta, respondidaPor: user.id, respondidaAt: now, updatedAt: now };
    if (row.estado === STATE.APROBADO) await db.update(preguntas).set(set).where(eq(preguntas.id, row.id));
    else
      await changeState(db, {
        entity: ENTITY,
        table: preguntas,
        idColumn: preguntas.id,
        stateColumn: preguntas.estado,
        id: row.id,
        to: STATE.APROBADO,
        transitions: REVIEW,
        comentario: 'Pregunta respondida',
        actorId: user.id,
        at: now,
        set: { ...set, comentario: null },
        notify: {
          userId: row.user_id,
          titulo: `Tu pregunta #${row.id} tiene respuesta`,
          mensaje: oneLine(respuesta, 300),
        },
      });
    return c.json({ data: await find(db, row.id), message: MSG.updated });
  })
  // One action: the answered question becomes an active FAQ of its module, last in its order.
  .post('/:id{[0-9]+}/faq', admin, idParam, async (c) => {
    const { db, clock } = c.var;
    const row = await find(db, c.req.valid('param').id);
    if (!row.respuesta || row.estado !== STATE.APROBADO) throw conflict(MSG.questionUnanswered);
    if (row.faq_id) throw conflict(MSG.questionAlreadyFaq);
    const modulo = row.modulo ?? moduleLabel(null).toUpperCase();
    const now = clock.now();
    const [last] = await db
      .select({ orden: max(preguntasfrecuentes.orden) })
      .from(preguntasfrecuentes)
      .where(eq(preguntasfrecuentes.modulo, modulo));
    let faqId: number;
    try {
      const [[faq]] = await db.batch([
        db
          .insert(preguntasfrecuentes)
          .values({
            pregunta: row.pregunta,
            respuesta: row.respuesta,
            modulo,
            orden: (last?.orden ?? 0) + 1,
            ayudasIds: '[]',
            activo: true,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: preguntasfrecuentes.id }),
        db
          .update(preguntas)
          .set({ faqId: sql`last_insert_rowid()`, updatedAt: now })
          .where(and(eq(preguntas.id, row.id), sql`${preguntas.faqId} is null`)),
      ]);
      faqId = faq!.id;
    } catch (err) {
      if (isUnique(err)) throw conflict(MSG.faqDuplicate);
      throw err;
    }
    return c.json({ data: { ...(await find(db, row.id)), faq_id: faqId }, message: MSG.faqCreated }, 201);
  });
