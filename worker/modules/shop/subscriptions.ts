// Subscriptions: a member's own (with dates and VENCIDA when past their end), the query of all
// of them with export (/app/consultas/suscripciones) and the state changes with comentario
// and history (/app/administracion/suscripciones/control).
import { auditedExport } from '../../platform/audit';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { suscripciones } from '../../db/schema';
import { requires, requiresAny } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { parseListQuery } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { changeStateOnRequest } from '../../platform/state-change';
import { json, params } from '../../platform/validate';
import { listExport } from '../../platform/xlsx-stream';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { stateChangeSchema } from '../../shared/schemas/state';
import { STATE, stateLabel } from '../../shared/workflow';
import { bogotaDateTime } from '../../shared/bogota';
import { historyOf } from './purchase-service';
import { listSubscriptions, periodOf, subscriptionSpec } from './subscription-service';

const idParam = params(v.object({ id: id() }));
const viewer = requiresAny(P.consultaSuscripciones, P.controlSuscripciones);
const when = (ms: number | null) => (ms === null ? null : bogotaDateTime(ms));

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/suscripciones', requires(P.misCompras), async (c) => {
    const now = c.var.clock.now();
    return c.json(
      await listSubscriptions(
        c.var.db,
        parseListQuery(c.req.query(), subscriptionSpec(now)),
        now,
        c.var.user.id,
      ),
    );
  })
  .get('/admin/suscripciones', viewer, async (c) => {
    const now = c.var.clock.now();
    return c.json(
      await listSubscriptions(c.var.db, parseListQuery(c.req.query(), subscriptionSpec(now)), now),
    );
  })
  .get('/admin/suscripciones/excel', viewer, async (c) => {
    const now = c.var.clock.now();
    const query = parseListQuery({ ...c.req.query(), page: '1', perPage: '100' }, subscriptionSpec(now));
    const db = c.var.db;
    const { filas, pages } = await listExport(
      (page, perPage) => listSubscriptions(db, { ...query, page, perPage }, now),
      (r) => [
        r.id,
        r.user_name,
        r.email,
        r.tipo,
        r.compra_id,
        stateLabel(r.estado),
        when(r.fecha_inicio),
        when(r.fecha_fin),
        when(r.created_at),
      ],
    );
    const headers = [
      'ID',
      'Usuario',
      'Correo',
      'Tipo de suscripción',
      'N.º compra',
      'Estado',
      'Fecha de inicio',
      'Fecha de fin',
      'Fecha de registro',
    ];
    return auditedExport(c, {
      entity: 'suscripciones',
      comentario: JSON.stringify({ filters: query.filters, filas }),
      file: 'suscripciones',
      body: [{ name: 'Suscripciones', headers, pages }],
      at: now,
    });
  })
  .get('/admin/suscripciones/:id{[0-9]+}/historial', viewer, idParam, async (c) => {
    const sub = await c.var.db
      .select({ id: suscripciones.id })
      .from(suscripciones)
      .where(eq(suscripciones.id, c.req.valid('param').id))
      .get();
    if (!sub) throw notFound();
    return c.json({ data: await historyOf(c.var.db, 'suscripcion', sub.id) });
  })
  .put(
    '/admin/suscripciones/estado/:id{[0-9]+}',
    requires(P.controlSuscripciones),
    idParam,
    json(stateChangeSchema),
    async (c) => {
      const { db, clock } = c.var;
      const sub = await db
        .select()
        .from(suscripciones)
        .where(eq(suscripciones.id, c.req.valid('param').id))
        .get();
      if (!sub) throw notFound();
      const body = c.req.valid('json');
      const now = clock.now();
      // Approved by hand before its purchase was paid: it runs from now, as a payment would.
      const period =
        body.estado === STATE.APROBADO && sub.fechaInicio === null ? await periodOf(db, sub, now) : {};
      await changeStateOnRequest(c, body, {
        entity: 'suscripcion',
        table: suscripciones,
        idColumn: suscripciones.id,
        stateColumn: suscripciones.estado,
        id: sub.id,
        at: now,
        set: () => ({ ...period, updatedAt: now }),
        notify: { userId: sub.userId, titulo: 'Suscripción' },
      });
      const { data } = await listSubscriptions(
        db,
        parseListQuery({ filters: JSON.stringify({ id: sub.id }) }, subscriptionSpec(now)),
        now,
      );
      return c.json({ data: data[0] ?? null, message: MSG.updated });
    },
  );
