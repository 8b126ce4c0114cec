// The stored cart: lines priced with CURRENT prices, and the version every change bumps (a
// checkout is unique per user and version, so a double "Pagar" creates one purchase).
import { asc, eq, sql } from 'drizzle-orm';
import { carrito, carritoVersion, productos, tipossuscripciones } from '../../db/schema';
import type { Db } from '../../platform/db';
import { subscriptionCode } from '../../shared/schemas/shop';
import { productThumbnails } from './thumbnails';
import { runningPlanEnd } from './subscription-service';

export type CartLine = {
  id: number;
  tipo: 'producto' | 'suscripcion';
  producto_id: number | null;
  tipo_suscripcion_id: number | null;
  codigo: string;
  nombre: string;
  quantity: number;
  precio: number;
  subtotal: number;
  /** False when the product or type was deactivated after it was added. */
  disponible: boolean;
  thumbnail: string | null;
};

export type Cart = {
  data: CartLine[];
  total_items: number;
  total: number;
  /**
   * With a subscription in the cart while another plan runs: when that plan ends, which is when
   * the one bought starts (decision 0465); null otherwise.
   */
  inicio_suscripcion: number | null;
};

export const cartLinesQuery = (db: Db, userId: number) =>
  db
    .select({
      id: carrito.id,
      productoId: carrito.productoId,
      tipoSuscripcionId: carrito.tipoSuscripcionId,
      cantidad: carrito.cantidad,
      pCodigo: productos.codigo,
      pNombre: productos.nombre,
      pPrecio: productos.precio,
      pActivo: productos.activo,
      tNombre: tipossuscripciones.nombre,
      tPrecio: tipossuscripciones.precio,
      tActivo: tipossuscripciones.activo,
    })
    .from(carrito)
    .leftJoin(productos, eq(productos.id, carrito.productoId))
    .leftJoin(tipossuscripciones, eq(tipossuscripciones.id, carrito.tipoSuscripcionId))
    .where(eq(carrito.userId, userId))
    .orderBy(asc(carrito.createdAt), asc(carrito.id));

export const cartVersionQuery = (db: Db, userId: number) =>
  db
    .select({ version: carritoVersion.version })
    .from(carritoVersion)
    .where(eq(carritoVersion.userId, userId));

type Raw = Awaited<ReturnType<typeof cartLinesQuery>>[number];

export function toCartLine(r: Raw): CartLine {
  const isProduct = r.productoId !== null;
  const precio = (isProduct ? r.pPrecio : r.tPrecio) ?? 0;
  return {
    id: r.id,
    tipo: isProduct ? 'producto' : 'suscripcion',
    producto_id: r.productoId,
    tipo_suscripcion_id: r.tipoSuscripcionId,
    codigo: isProduct ? (r.pCodigo ?? '') : subscriptionCode(r.tipoSuscripcionId!),
    nombre: (isProduct ? r.pNombre : r.tNombre) ?? '',
    quantity: r.cantidad,
    precio,
    subtotal: precio * r.cantidad,
    disponible: !!(isProduct ? r.pActivo : r.tActivo),
    thumbnail: null,
  };
}

/** Totals over the lines still for sale (spec §9: subtotal equals total, no tax or fee). */
export function totalsOf(lines: CartLine[]) {
  const sold = lines.filter((l) => l.disponible);
  return {
    total_items: sold.reduce((n, l) => n + l.quantity, 0),
    total: sold.reduce((n, l) => n + l.subtotal, 0),
  };
}

export async function readCart(db: Db, userId: number, now: number): Promise<Cart> {
  const lines = (await cartLinesQuery(db, userId)).map(toCartLine);
  const inicio = lines.some((l) => l.tipo === 'suscripcion') ? await runningPlanEnd(db, userId, now) : null;
  const thumbs = await productThumbnails(
    db,
    lines.filter((l) => l.producto_id).map((l) => l.producto_id!),
  );
  for (const l of lines) if (l.producto_id) l.thumbnail = thumbs.get(l.producto_id) ?? null;
  return { data: lines, ...totalsOf(lines), inicio_suscripcion: inicio };
}

/** Bumps the cart version when the statement before it changed something (same batch). */
export const bumpVersionIfChanged = (db: Db, userId: number) =>
  db.run(sql`insert into ${carritoVersion} (user_id, version) select ${userId}, 1 where changes() > 0
    on conflict (user_id) do update set version = version + 1`);
