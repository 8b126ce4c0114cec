// The two Excel exports of /app/administracion/compras: purchases, and the products purchased
// (one row per purchase line), both with the grid's filters. Spanish headers, pesos, Bogotá dates.
// Both stream (docs/decisions/0021): rows are read in pages as the response is pulled.
import { asc, count, desc, eq } from 'drizzle-orm';
import { compraLineas, compras, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { whereOf } from '../../platform/list-query';
import { paginate } from '../../platform/paginate';
import { listExport, streamXlsx } from '../../platform/xlsx-stream';
import type { ListQuery } from '../../shared/list-query';
import { stateLabel } from '../../shared/workflow';
import { bogotaDateTime } from '../../shared/bogota';
import { ADMIN_SPEC, listPurchases } from './purchase-service';

const pesos = (cents: number) => Math.trunc(cents) / 100;
const when = (ms: number | null) => (ms === null ? null : bogotaDateTime(ms));

export async function purchasesWorkbook(db: Db, query: ListQuery) {
  const { filas, pages } = await listExport(
    (page, perPage) => listPurchases(db, { ...query, page, perPage }, ADMIN_SPEC),
    (r) => [
      r.id,
      r.referencia,
      when(r.created_at),
      r.user_name,
      r.email,
      r.total_items,
      pesos(r.total),
      stateLabel(r.estado),
      when(r.pagado_at),
      r.adjuntos,
    ],
  );
  const headers = [
    'N.º compra',
    'Referencia de pago',
    'Fecha',
    'Usuario',
    'Correo',
    'Cantidad de artículos',
    'Total',
    'Estado',
    'Fecha de pago',
    'Adjuntos',
  ];
  return {
    body: streamXlsx([{ name: 'Compras', headers, pages }]),
    count: filas,
  };
}

function purchasedProducts(db: Db, query: ListQuery, page: number, perPage: number) {
  const where = whereOf(query, ADMIN_SPEC);
  return paginate(
    db,
    db
      .select({
        compra: compras.id,
        fecha: compras.createdAt,
        usuario: users.userName,
        estado: compras.estado,
        codigo: compraLineas.codigo,
        nombre: compraLineas.nombre,
        producto: compraLineas.productoId,
        cantidad: compraLineas.cantidad,
        precio: compraLineas.precio,
        subtotal: compraLineas.subtotal,
      })
      .from(compraLineas)
      .innerJoin(compras, eq(compras.id, compraLineas.compraId))
      .innerJoin(users, eq(users.id, compras.userId))
      .where(where)
      .orderBy(desc(compras.createdAt), desc(compras.id), asc(compraLineas.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: count() })
      .from(compraLineas)
      .innerJoin(compras, eq(compras.id, compraLineas.compraId))
      .innerJoin(users, eq(users.id, compras.userId))
      .where(where),
  );
}

export async function purchasedProductsWorkbook(db: Db, query: ListQuery) {
  const { filas, pages } = await listExport(
    (page, perPage) => purchasedProducts(db, query, page, perPage),
    (r) => [
      r.compra,
      when(r.fecha),
      r.usuario,
      stateLabel(r.estado),
      r.codigo,
      r.nombre,
      r.producto ? 'Producto' : 'Suscripción',
      r.cantidad,
      pesos(r.precio),
      pesos(r.subtotal),
    ],
  );
  const headers = [
    'N.º compra',
    'Fecha',
    'Usuario',
    'Estado',
    'Código',
    'Producto',
    'Tipo',
    'Cantidad',
    'Precio',
    'Subtotal',
  ];
  return {
    body: streamXlsx([{ name: 'Productos comprados', headers, pages }]),
    count: filas,
  };
}
