// /app/administracion/compras: every purchase, its detail and attachments, the state change
// NO_PAGADO → PAGADO (which activates the purchase's subscriptions), the annulment of a paid
// purchase (its own permission, a required reason) and both Excel exports.
import { auditedExport, actorOf } from '../../platform/audit';
import { Hono } from 'hono';
import * as v from 'valibot';
import { requires } from '../../platform/auth';
import { parseListQuery } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { conflict } from '../../platform/errors';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { ANNUL_MSG, annulPurchaseSchema } from '../../shared/schemas/shop';
import { stateChangeSchema } from '../../shared/schemas/state';
import { STATE, canTransition, PAYMENT, transitionRefused } from '../../shared/workflow';
import { serveAttachment } from './attachments';
import { purchasedProductsWorkbook, purchasesWorkbook } from './purchase-export';
import {
  ADMIN_SPEC,
  attachmentsOf,
  findPurchase,
  historyOf,
  listPurchases,
  purchaseDetail,
} from './purchase-service';
import { annulPurchase, confirmPayment } from './payment';

const admin = requires(P.controlCompras);
const idParam = params(v.object({ id: id() }));
const ADMIN_BASE = '/api/v1/miscompras/admin/compras';

/** The state change moves purchases only NO_PAGADO → PAGADO (spec §4); a paid one is annulled instead. */

const exportQuery = (q: Record<string, string | undefined>) =>
  parseListQuery({ ...q, page: '1', perPage: '100' }, ADMIN_SPEC);

export const adminPurchaseRoutes = new Hono<AppEnv>()
  .get('/', admin, async (c) =>
    c.json(await listPurchases(c.var.db, parseListQuery(c.req.query(), ADMIN_SPEC), ADMIN_SPEC)),
  )
  .get('/excel', admin, async (c) => {
    const query = exportQuery(c.req.query());
    const { body, count } = await purchasesWorkbook(c.var.db, query);
    return auditedExport(c, {
      entity: 'compras',
      comentario: JSON.stringify({ filters: query.filters, sorts: query.sorts, filas: count }),
      file: 'compras',
      body,
    });
  })
  .get('/productos/excel', admin, async (c) => {
    const query = exportQuery(c.req.query());
    const { body, count } = await purchasedProductsWorkbook(c.var.db, query);
    return auditedExport(c, {
      entity: 'compras_productos',
      comentario: JSON.stringify({ filters: query.filters, filas: count }),
      file: 'productos-comprados',
      body,
    });
  })
  .get('/:id{[0-9]+}', admin, idParam, async (c) =>
    c.json({ data: await purchaseDetail(c.var.db, c.req.valid('param').id, c.var.clock.now()) }),
  )
  .get('/:id{[0-9]+}/historial', admin, idParam, async (c) => {
    const compra = await findPurchase(c.var.db, c.req.valid('param').id);
    return c.json({ data: await historyOf(c.var.db, 'compra', compra.id) });
  })
  .get('/:id{[0-9]+}/adjuntos', admin, idParam, async (c) => {
    const compra = await findPurchase(c.var.db, c.req.valid('param').id);
    return c.json({ data: await attachmentsOf(c.var.db, compra.id, ADMIN_BASE) });
  })
  .get(
    '/:id{[0-9]+}/adjuntos/:adjId{[0-9]+}',
    admin,
    params(v.object({ id: id(), adjId: id() })),
    async (c) => {
      const p = c.req.valid('param');
      const compra = await findPurchase(c.var.db, p.id);
      return serveAttachment(c, compra.id, p.adjId);
    },
  )
  .put('/estado/:id{[0-9]+}', admin, idParam, json(stateChangeSchema), async (c) => {
    const { db, clock } = c.var;
    const compra = await findPurchase(db, c.req.valid('param').id);
    const { estado, comentario } = c.req.valid('json');
    if (!canTransition(compra.estado, estado, PAYMENT))
      throw conflict(
        compra.estado === STATE.PAGADO && estado === STATE.NO_PAGADO
          ? ANNUL_MSG.useAnnul
          : compra.estado === STATE.ANULADA // final (decision 0316)
            ? ANNUL_MSG.annulled
            : transitionRefused(compra.estado, estado),
      );
    const now = clock.now();
    await confirmPayment(
      db,
      { id: compra.id, userId: compra.user_id },
      { at: now, actorId: c.var.user.id, actor: actorOf(c, now), comentario: comentario ?? null },
    );
    return c.json({ data: await purchaseDetail(db, compra.id, now), message: MSG.updated });
  })
  .post('/:id{[0-9]+}/anular', requires(P.anularCompras), idParam, json(annulPurchaseSchema), async (c) => {
    const { db, clock } = c.var;
    const compra = await findPurchase(db, c.req.valid('param').id);
    if (compra.estado !== STATE.PAGADO) throw conflict(ANNUL_MSG.notPaid);
    const now = clock.now();
    await annulPurchase(
      db,
      { id: compra.id, userId: compra.user_id },
      { at: now, actorId: c.var.user.id, actor: actorOf(c, now), motivo: c.req.valid('json').motivo },
    );
    return c.json({ data: await purchaseDetail(db, compra.id, now), message: ANNUL_MSG.done });
  });
