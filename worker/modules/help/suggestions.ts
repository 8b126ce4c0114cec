// Suggestions (decision 0012): a member sends them and follows their state; administrators see
// all of them and move them PENDIENTE → APROBADO (attended) or NO_APROBADO with a comentario.
import { and, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { sugerencias, users } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { bulkRoutes } from '../../platform/bulk';
import { bulkStateAction, matchingIds } from '../../platform/bulk-state';
import { changeStateOnRequest } from '../../platform/state-change';
import { BULK_STATES } from '../../shared/schemas/bulk';
import { json } from '../../platform/validate';
import type { ListQuery } from '../../shared/list-query';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { suggestionSchema } from '../../shared/schemas/help';
import { stateChangeSchema } from '../../shared/schemas/state';
import { REVIEW } from '../../shared/workflow';
import { fieldLines, idParam, oneLine, submittedHistory, toSupport, submissionSpecs } from './common';
import { paginate } from '../../platform/paginate';

const ENTITY = 'sugerencia';
const member = requires(P.sugerencias);
const admin = requires(P.controlCentroDeAyuda);

const columns = {
  id: sugerencias.id,
  user_id: sugerencias.userId,
  user_name: users.userName,
  correo: sugerencias.correo,
  modulo: sugerencias.modulo,
  titulo: sugerencias.titulo,
  descripcion: sugerencias.descripcion,
  tipo_sugerencia: sugerencias.tipoSugerencia,
  estado: sugerencias.estado,
  comentario: sugerencias.comentario,
  created_at: sugerencias.createdAt,
  updated_at: sugerencias.updatedAt,
};

const { OWN, ALL } = submissionSpecs(sugerencias, {
  sorts: { modulo: sugerencias.modulo },
  text: {
    correo: sugerencias.correo,
    modulo: sugerencias.modulo,
    titulo: sugerencias.titulo,
    tipo_sugerencia: sugerencias.tipoSugerencia,
  },
});

async function list(db: Db, query: ListQuery, spec: ListSpec, ownerId?: number) {
  const where = whereOf(query, spec, [ownerId ? eq(sugerencias.userId, ownerId) : undefined]);
  const { data, total } = await paginate(
    db,
    db
      .select(columns)
      .from(sugerencias)
      .innerJoin(users, eq(users.id, sugerencias.userId))
      .where(where)
      .orderBy(...orderOf(query, spec, sugerencias.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(sugerencias)
      .innerJoin(users, eq(users.id, sugerencias.userId))
      .where(where),
  );
  return { data, total };
}

async function find(db: Db, id: number, ownerId?: number) {
  const row = await db
    .select(columns)
    .from(sugerencias)
    .innerJoin(users, eq(users.id, sugerencias.userId))
    .where(and(eq(sugerencias.id, id), ownerId ? eq(sugerencias.userId, ownerId) : undefined))
    .get();
  if (!row) throw notFound();
  return row;
}

// "Cambiar estado" on many suggestions: per record what PUT /estado/:id does (decision 0260).
const bulkState = bulkStateAction({
  recurso: '/centrodeayuda/sugerencias/control',
  permission: P.controlCentroDeAyuda,
  entity: ENTITY,
  table: sugerencias,
  idColumn: sugerencias.id,
  stateColumn: sugerencias.estado,
  userIdColumn: sugerencias.userId,
  transitions: REVIEW,
  targets: BULK_STATES.ayuda,
  matching: matchingIds(ALL, sugerencias.id, (db, where, order, limit) =>
    db
      .select({ id: sugerencias.id })
      .from(sugerencias)
      .innerJoin(users, eq(users.id, sugerencias.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  ),
  set: (at, comentario) => ({ comentario, updatedAt: at }),
  notifyTitle: (id) => `Sugerencia #${id}`,
});

export const suggestionRoutes = new Hono<AppEnv>()
  .route('/control/lote/estado', bulkRoutes(bulkState))
  .post('/', member, json(suggestionSchema), async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const now = clock.now();
    const [[row]] = await db.batch([
      db
        .insert(sugerencias)
        .values({
          userId: user.id,
          correo: body.correo,
          modulo: body.modulo,
          titulo: body.titulo,
          descripcion: body.descripcion,
          tipoSugerencia: body.tipo_sugerencia,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: sugerencias.id }),
      submittedHistory(db, ENTITY, sql`last_insert_rowid()`, user.id, now, 'Sugerencia enviada'),
    ]);
    const data = await find(db, row!.id, user.id);
    await toSupport(
      c,
      `Nueva sugerencia #${data.id}${data.titulo ? `: ${oneLine(data.titulo)}` : ''}`,
      `${user.userName} envió una sugerencia.\n\n${fieldLines([
        ['Correo', data.correo],
        ['Módulo', data.modulo],
        ['Tipo', data.tipo_sugerencia],
        ['Título', data.titulo],
        ['Descripción', data.descripcion],
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
    await changeStateOnRequest(c, c.req.valid('json'), {
      entity: ENTITY,
      table: sugerencias,
      idColumn: sugerencias.id,
      stateColumn: sugerencias.estado,
      id: row.id,
      transitions: REVIEW,
      set: (at, comentario) => ({ comentario, updatedAt: at }),
      notify: { userId: row.user_id, titulo: `Sugerencia #${row.id}` },
    });
    return c.json({ data: await find(db, row.id), message: MSG.updated });
  });
