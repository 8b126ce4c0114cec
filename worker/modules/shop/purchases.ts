// A member's own purchases (SECURITY row 6: every read is scoped to the session user; another
// member's purchase is a 404): checkout, list, detail, history and attachments.
import { Hono } from 'hono';
import * as v from 'valibot';
import { requires } from '../../platform/auth';
import { parseListQuery } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { actorOf } from '../../platform/audit';
import { json, params } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { checkoutSchema } from '../../shared/schemas/shop';
import { serveAttachment, storeAttachment } from './attachments';
import { checkout } from './checkout';
import { paymentInstructions } from './payment-instructions';
import {
  attachmentsOf,
  findPurchase,
  historyOf,
  listPurchases,
  OWN_SPEC,
  purchaseDetail,
} from './purchase-service';

const member = requires(P.misCompras);
const idParam = params(v.object({ id: id() }));
const fileParam = params(v.object({ id: id(), adjId: id() }));
export const OWN_BASE = '/api/v1/miscompras/compras';

export const purchaseRoutes = new Hono<AppEnv>()
  .post('/compras', member, json(checkoutSchema), async (c) => {
    const { compra, created } = await checkout(c.var.db, c.var.user.id, c.req.valid('json'), actorOf(c));
    const data = await purchaseDetail(c.var.db, compra.id, c.var.clock.now(), c.var.user.id);
    return c.json({ data, message: MSG.created }, created ? 201 : 200);
  })
  .get('/compras', member, async (c) =>
    c.json(await listPurchases(c.var.db, parseListQuery(c.req.query(), OWN_SPEC), OWN_SPEC, c.var.user.id)),
  )
  .get('/compras/:id{[0-9]+}', member, idParam, async (c) =>
    c.json({
      data: await purchaseDetail(c.var.db, c.req.valid('param').id, c.var.clock.now(), c.var.user.id),
    }),
  )
  .get('/compras/:id{[0-9]+}/pago', member, idParam, async (c) =>
    c.json(await paymentInstructions(c.var.db, c.req.valid('param').id, c.var.user.id)),
  )
  .get('/compras/:id{[0-9]+}/historial', member, idParam, async (c) => {
    const compra = await findPurchase(c.var.db, c.req.valid('param').id, c.var.user.id);
    return c.json({ data: await historyOf(c.var.db, 'compra', compra.id) });
  })
  .get('/compras/:id{[0-9]+}/adjuntos', member, idParam, async (c) => {
    const compra = await findPurchase(c.var.db, c.req.valid('param').id, c.var.user.id);
    return c.json({ data: await attachmentsOf(c.var.db, compra.id, OWN_BASE) });
  })
  .post('/compras/:id{[0-9]+}/adjuntos', member, idParam, async (c) => {
    const compra = await findPurchase(c.var.db, c.req.valid('param').id, c.var.user.id);
    const row = await storeAttachment(c, compra);
    return c.json({ data: row, message: MSG.uploaded }, 201);
  })
  .get('/compras/:id{[0-9]+}/adjuntos/:adjId{[0-9]+}', member, fileParam, async (c) => {
    const p = c.req.valid('param');
    const compra = await findPurchase(c.var.db, p.id, c.var.user.id);
    return serveAttachment(c, compra.id, p.adjId);
  });
