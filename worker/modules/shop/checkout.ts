// Paying the cart (decision 0010): the server recomputes total_items and total from the stored cart
// and CURRENT prices, refuses a mismatch (409), and otherwise writes the purchase, its lines, a
// PENDIENTE subscription per subscription line, the creation history row, the emptied cart and
// the bumped version, with its activity row and revision, in ONE batch. Every statement is conditioned on the cart version read, so
// of two checkouts of the same cart only the first batch writes; the other finds the purchase
// by its checkout key (`${userId}:${version}`) and answers with it.
import { eq, sql } from 'drizzle-orm';
import { carrito, carritoVersion, compraLineas, compras, stateHistory, suscripciones } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { runAudited, type Actor } from '../../platform/audit';
import { MSG } from '../../shared/messages';
import { cartLinesQuery, cartVersionQuery, toCartLine, totalsOf } from './cart-service';
import { PURCHASE_AUDITED } from './purchase-service';

export type Compra = typeof compras.$inferSelect;

const keyOf = (userId: number, version: number) => `${userId}:${version}`;

export async function checkout(
  db: Db,
  userId: number,
  body: { total_items: number; total: number },
  actor: Actor,
): Promise<{ compra: Compra; created: boolean }> {
  const now = actor.at;
  // One batch = one consistent snapshot of the version and the lines it stands for.
  const [versionRows, rawLines] = await db.batch([cartVersionQuery(db, userId), cartLinesQuery(db, userId)]);
  const version = versionRows[0]?.version ?? 0;
  const lines = rawLines.map(toCartLine);

  if (!lines.length) {
    // A repeat of the checkout that emptied this cart answers with that purchase.
    const previous =
      version > 0
        ? await db
            .select()
            .from(compras)
            .where(eq(compras.checkoutKey, keyOf(userId, version - 1)))
            .get()
        : undefined;
    if (previous && previous.total === body.total && previous.totalItems === body.total_items)
      return { compra: previous, created: false };
    throw conflict(MSG.cartEmpty);
  }
  if (lines.some((l) => !l.disponible)) throw conflict(MSG.cartUnavailable);
  const totals = totalsOf(lines);
  if (!Number.isSafeInteger(totals.total)) throw conflict(MSG.totalTooLarge);
  if (totals.total !== body.total || totals.total_items !== body.total_items) throw conflict(MSG.cartChanged);

  const key = keyOf(userId, version);
  const unchanged = sql`coalesce((select version from ${carritoVersion} where user_id = ${userId}), 0) = ${version}`;
  const purchaseId = sql`(select id from ${compras} where checkout_key = ${key})`;
  const rows = sql.join(
    lines.map(
      (l) =>
        sql`(${l.producto_id}, ${l.tipo_suscripcion_id}, ${l.codigo}, ${l.nombre}, ${l.quantity}, ${l.precio}, ${l.subtotal})`,
    ),
    sql`, `,
  );
  const hasSubscriptions = lines.some((l) => l.tipo_suscripcion_id !== null);
  // The purchase, with its activity row and revision only when this batch created it (decision 0110).
  const [inserted] = await runAudited(db, {
    audited: PURCHASE_AUDITED,
    id: purchaseId,
    action: 'crear',
    actor,
    guard: 'changed',
    write:
      db.run(sql`insert into ${compras} (user_id, checkout_key, total_items, total, estado, created_at, updated_at)
      select ${userId}, ${key}, ${totals.total_items}, ${totals.total}, 'NO_PAGADO', ${now}, ${now} where ${unchanged}
      on conflict (checkout_key) do nothing`),
    then: [
      db.run(sql`insert into ${compraLineas} (compra_id, producto_id, tipo_suscripcion_id, codigo, nombre, cantidad, precio, subtotal)
        select ${purchaseId}, v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7 from (values ${rows}) v where ${unchanged}`),
      ...(hasSubscriptions
        ? [
            db.run(sql`insert into ${suscripciones} (user_id, tipo_suscripcion_id, compra_id, estado, created_at, updated_at)
              select ${userId}, l.tipo_suscripcion_id, l.compra_id, 'PENDIENTE', ${now}, ${now} from ${compraLineas} l
              where l.compra_id = ${purchaseId} and l.tipo_suscripcion_id is not null and ${unchanged}`),
          ]
        : []),
      db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at)
        select 'compra', ${purchaseId}, null, 'NO_PAGADO', 'Compra registrada', ${userId}, ${now} where ${unchanged}`),
      db.run(sql`delete from ${carrito} where user_id = ${userId} and ${unchanged}`),
      db.run(
        sql`update ${carritoVersion} set version = version + 1 where user_id = ${userId} and version = ${version}`,
      ),
    ],
  });
  const compra = await db.select().from(compras).where(eq(compras.checkoutKey, key)).get();
  // No purchase under this key: the cart changed between the read and the write.
  if (!compra) throw conflict(MSG.cartChanged);
  return { compra, created: (inserted as { rowsAffected: number }).rowsAffected === 1 };
}
