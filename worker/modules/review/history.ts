// /app/consultas/historicocambiodeestados: every state change, filterable and exportable.
import { auditedExport } from '../../platform/audit';
import { alias } from 'drizzle-orm/sqlite-core';
import { count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { stateHistory, users } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { listExport } from '../../platform/xlsx-stream';
import { P } from '../../shared/permissions';
import { bogotaDateTime } from '../../shared/bogota';
import { entityLabel } from '../../shared/entity-labels';
import { paginate } from '../../platform/paginate';

const actor = alias(users, 'actor');
const spec: ListSpec = {
  sorts: {
    id: stateHistory.id,
    created_at: stateHistory.createdAt,
    entity: stateHistory.entity,
    to_state: stateHistory.toState,
  },
  filters: {
    entity: { kind: 'eq', column: stateHistory.entity },
    entity_id: { kind: 'int', column: stateHistory.entityId },
    from_state: { kind: 'eq', column: stateHistory.fromState },
    to_state: { kind: 'eq', column: stateHistory.toState },
    user_id: { kind: 'int', column: stateHistory.userId },
    user_name: { kind: 'text', column: actor.userName },
    created_at: { kind: 'daterange', column: stateHistory.createdAt },
  },
  defaultSort: { key: 'created_at', dir: 'desc' },
};

async function list(db: Db, query: ReturnType<typeof parseListQuery>) {
  const where = whereOf(query, spec);
  const { data, total } = await paginate(
    db,
    db
      .select({
        id: stateHistory.id,
        entity: stateHistory.entity,
        entity_id: stateHistory.entityId,
        from_state: stateHistory.fromState,
        to_state: stateHistory.toState,
        comentario: stateHistory.comentario,
        user_id: stateHistory.userId,
        user_name: actor.userName,
        created_at: stateHistory.createdAt,
      })
      .from(stateHistory)
      .leftJoin(actor, eq(actor.id, stateHistory.userId))
      .where(where)
      .orderBy(...orderOf(query, spec, stateHistory.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(stateHistory)
      .leftJoin(actor, eq(actor.id, stateHistory.userId))
      .where(where),
  );
  return { data, total };
}

export const HISTORY_HEADERS = [
  'ID',
  'Entidad',
  'Registro',
  'Estado anterior',
  'Estado nuevo',
  'Comentario',
  'Usuario',
  'Fecha',
];

export const historyRoutes = new Hono<AppEnv>()
  .get('/', requires(P.historicoEstados), async (c) =>
    c.json(await list(c.var.db, parseListQuery(c.req.query(), spec))),
  )
  .get('/entidades', requires(P.historicoEstados), async (c) => {
    const rows = await c.var.db
      .selectDistinct({ entity: stateHistory.entity })
      .from(stateHistory)
      .orderBy(stateHistory.entity);
    return c.json({ data: rows.map((r) => r.entity) });
  })
  .get('/excel', requires(P.historicoEstados), async (c) => {
    const query = parseListQuery({ ...c.req.query(), page: '1', perPage: '100' }, spec);
    const db = c.var.db;
    const { filas, pages } = await listExport(
      (page, perPage) => list(db, { ...query, page, perPage }),
      (r) => [
        r.id,
        entityLabel(r.entity),
        r.entity_id,
        r.from_state,
        r.to_state,
        r.comentario,
        r.user_name,
        bogotaDateTime(r.created_at),
      ],
    );
    return auditedExport(c, {
      entity: 'historico',
      comentario: JSON.stringify({ filters: query.filters, filas }),
      file: 'historico-estados',
      body: [{ name: 'Histórico de estados', headers: HISTORY_HEADERS, pages }],
    });
  });
