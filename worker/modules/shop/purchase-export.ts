// The two Excel exports of /app/administracion/compras: purchases, and the products purchased
// (one row per purchase line), both with the grid's filters. Spanish headers, pesos, Bogotá dates.
import { asc, desc, eq } from 'drizzle-orm';
import { compraLineas, compras, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { whereOf } from '../../platform/list-query';
import { buildXlsx } from '../../platform/xlsx';
import type { ListQuery } from '../../shared/list-query';
import { stateLabel } from '../../shared/workflow';
import { bogotaDateTime } from '../../shared/bogota';
import { ADMIN_SPEC, listPurchases } from './purchase-service';

export const EXPORT_LIMIT = 50_000;
const pesos = (cents: number) => Math.trunc(cents) / 100;
const when = (ms: number | null) => (ms === null ? null : bogotaDateTime(ms));

export async function purchasesWorkbook(db: Db, query: ListQuery) {
  const { data } = await listPurchases(db, query, ADMIN_SPEC, undefined, EXPORT_LIMIT);
  const headers = ['N.º compra', 'Fecha', 'Usuario', 'Correo', 'Cantidad de artículos', 'Total', 'Estado', 'Fecha de pago', 'Adjuntos'];
  const rows = data.map((r) => [r.id, when(r.created_at), r.user_name, r.email, r.total_items, pesos(r.total), stateLabel(r.estado), when(r.pagado_at), r.adjuntos]);
  return { bytes: buildXlsx([{ name: 'Compras', headers, rows, widths: [12, 20, 20, 28, 12, 16, 14, 20, 10] }]), count: rows.length };
}

export async function purchasedProductsWorkbook(db: Db, query: ListQuery) {
  const data = await db
    .select({ compra: compras.id, fecha: compras.createdAt, usuario: users.userName, estado: compras.estado, codigo: compraLineas.codigo, nombre: compraLineas.nombre, producto: compraLineas.productoId, cantidad: compraLineas.cantidad, precio: compraLineas.precio, subtotal: compraLineas.subtotal })
    .from(compraLineas)
    .innerJoin(compras, eq(compras.id, compraLineas.compraId))
    .innerJoin(users, eq(users.id, compras.userId))
    .where(whereOf(query, ADMIN_SPEC))
    .orderBy(desc(compras.createdAt), desc(compras.id), asc(compraLineas.id))
    .limit(EXPORT_LIMIT);
  const headers = ['N.º compra', 'Fecha', 'Usuario', 'Estado', 'Código', 'Producto', 'Tipo', 'Cantidad', 'Precio', 'Subtotal'];
  const rows = data.map((r) => [r.compra, when(r.fecha), r.usuario, stateLabel(r.estado), r.codigo, r.nombre, r.producto ? 'Producto' : 'Suscripción', r.cantidad, pesos(r.precio), pesos(r.subtotal)]);
  return { bytes: buildXlsx([{ name: 'Productos comprados', headers, rows, widths: [12, 20, 20, 14, 14, 32, 14, 10, 16, 16] }]), count: rows.length };
}
