// The member's cart (spec §4 "Cart"): add or increment, set a quantity, remove a line.
import { and, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { carrito, productos, tipossuscripciones } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { cartAddSchema, cartQtySchema, MAX_CART_LINES, MAX_QTY } from '../../shared/schemas/shop';
import { bumpVersionIfChanged, readCart } from './cart-service';

const lineParam = params(v.object({ id: id() }));
const member = requires(P.misCompras);

async function assertForSale(db: Db, productoId: number | null, tipoId: number | null) {
  const row = productoId
    ? await db
        .select({ id: productos.id })
        .from(productos)
        .where(and(eq(productos.id, productoId), eq(productos.activo, true)))
        .get()
    : await db
        .select({ id: tipossuscripciones.id })
        .from(tipossuscripciones)
        .where(and(eq(tipossuscripciones.id, tipoId!), eq(tipossuscripciones.activo, true)))
        .get();
  if (!row) throw notFound(MSG.productUnavailable);
}

/** Adds `qty` to the line of that product or type, creating it; never past MAX_QTY or MAX_CART_LINES. */
async function addToCart(
  db: Db,
  userId: number,
  productoId: number | null,
  tipoId: number | null,
  qty: number,
  now: number,
) {
  const target = productoId ? sql`(user_id, producto_id)` : sql`(user_id, tipo_suscripcion_id)`;
  const sameLine = productoId ? sql`producto_id = ${productoId}` : sql`tipo_suscripcion_id = ${tipoId}`;
  const [upsert] = await db.batch([
    db.run(sql`insert into ${carrito} (user_id, producto_id, tipo_suscripcion_id, cantidad, created_at, updated_at)
      select ${userId}, ${productoId}, ${tipoId}, ${qty}, ${now}, ${now}
      where (select count(*) from ${carrito} where user_id = ${userId}) < ${MAX_CART_LINES}
         or exists (select 1 from ${carrito} where user_id = ${userId} and ${sameLine})
      on conflict ${target} do update set cantidad = cantidad + excluded.cantidad, updated_at = excluded.updated_at
      where cantidad + excluded.cantidad <= ${MAX_QTY}`),
    bumpVersionIfChanged(db, userId),
  ]);
  if ((upsert as { rowsAffected: number }).rowsAffected === 1) return;
  const [{ n }] = (await db
    .select({ n: count() })
    .from(carrito)
    .where(and(eq(carrito.userId, userId), sql`${sameLine}`))) as [{ n: number }];
  throw n
    ? invalid({ qty: [MSG.max('La cantidad', MAX_QTY)] })
    : invalid({ producto_id: [MSG.cartFull(MAX_CART_LINES)] });
}

export const cartRoutes = new Hono<AppEnv>()
  .get('/cart', member, async (c) => c.json(await readCart(c.var.db, c.var.user.id, c.var.clock.now())))
  .post('/cart', member, json(cartAddSchema), async (c) => {
    const { producto_id, tipo_suscripcion_id, qty } = c.req.valid('json');
    await assertForSale(c.var.db, producto_id, tipo_suscripcion_id);
    await addToCart(c.var.db, c.var.user.id, producto_id, tipo_suscripcion_id, qty, c.var.clock.now());
    return c.json(
      { ...(await readCart(c.var.db, c.var.user.id, c.var.clock.now())), message: MSG.created },
      201,
    );
  })
  .put('/cart/:id{[0-9]+}', member, lineParam, json(cartQtySchema), async (c) => {
    const { db, user, clock } = c.var;
    const [changed] = await db.batch([
      db
        .update(carrito)
        .set({ cantidad: c.req.valid('json').qty, updatedAt: clock.now() })
        .where(and(eq(carrito.id, c.req.valid('param').id), eq(carrito.userId, user.id))),
      bumpVersionIfChanged(db, user.id),
    ]);
    if ((changed as { rowsAffected: number }).rowsAffected !== 1) throw notFound();
    return c.json({ ...(await readCart(db, user.id, c.var.clock.now())), message: MSG.updated });
  })
  .delete('/cart/:id{[0-9]+}', member, lineParam, async (c) => {
    const { db, user } = c.var;
    const [removed] = await db.batch([
      db.delete(carrito).where(and(eq(carrito.id, c.req.valid('param').id), eq(carrito.userId, user.id))),
      bumpVersionIfChanged(db, user.id),
    ]);
    if ((removed as { rowsAffected: number }).rowsAffected !== 1) throw notFound();
    return c.body(null, 204);
  });
