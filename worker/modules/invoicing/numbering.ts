// The invoice of a paid purchase and the credit note of an annulment, as statements that join the
// payment's own batch (decision 0430): one transaction numbers the document and changes the
// purchase, so no paid purchase lacks its invoice and no number is taken twice or skipped.
//
// Numbering (decision 0431): the next number of a resolution is one more than the highest it has
// given (its `desde` for the first), computed inside the write transaction, which SQLite runs one
// at a time; the unique index (tipo, prefijo, numero) refuses a repeat. The active resolution is
// the oldest one valid on the document's Bogotá date that still has numbers: a resolution is
// left only when its last number (`hasta`) is used or it has expired, never skipped.
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  compraLineas,
  compras,
  facturas,
  productos,
  resolucionesFacturacion,
  tipossuscripciones,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { bogotaDate } from '../../shared/bogota';
import { CREDIT_NOTE_PREFIX, DEFAULT_IVA, INVOICE_MSG, VAT_BASE_SQL } from '../../shared/invoicing';

const R = resolucionesFacturacion;
const F = facturas;

/** The next number of resolution `r` (an alias in the outer query). */
const nextOf = (r: string) =>
  sql.raw(
    `coalesce((select max(f.numero) from facturas f where f.tipo = 'FACTURA' and f.resolucion_id = ${r}.id), ${r}.desde - 1) + 1`,
  );

/** The active resolution on a Bogotá date: valid that day, with numbers left, oldest first. */
const activeResolution = (today: string) => sql`(select r.id from ${R} r
  where r.vigente_desde <= ${today} and r.vigente_hasta >= ${today} and ${nextOf('r')} <= r.hasta
  order by r.vigente_desde, r.id limit 1)`;

/** The lines of a purchase with their VAT rate, base and VAT, as JSON (one SQL expression each). */
const lineRows = (compraId: SQL | number) => sql`(select l.codigo, l.nombre, l.cantidad, l.precio, l.subtotal,
    coalesce(p.tarifa_iva, ts.tarifa_iva, ${DEFAULT_IVA}) as tarifa,
    ${sql.raw(VAT_BASE_SQL('l.subtotal', `coalesce(p.tarifa_iva, ts.tarifa_iva, ${DEFAULT_IVA})`))} as base
  from ${compraLineas} l left join ${productos} p on p.id = l.producto_id
    left join ${tipossuscripciones} ts on ts.id = l.tipo_suscripcion_id
  where l.compra_id = ${compraId})`;

/**
 * The statement that creates a paid purchase's invoice, numbered by the active resolution of its
 * date (or waiting unnumbered when none has numbers): written only if the purchase is PAGADO and
 * has no invoice yet, so it is idempotent per purchase and does nothing when the payment did not
 * happen.
 */
export function invoiceStatement(db: Db, compraId: number, at: number): BatchItem<'sqlite'> {
  const today = bogotaDate(at);
  return db.run(sql`insert into ${F} (tipo, compra_id, user_id, resolucion_id, prefijo, numero, estado, fecha,
      total, base, iva, lineas, proximo_intento_at, created_at, updated_at)
    select 'FACTURA', c.id, c.user_id, r.id, r.prefijo, case when r.id is null then null else ${nextOf('r')} end,
      'PENDIENTE', ${at}, c.total,
      coalesce((select sum(x.base) from ${lineRows(sql`c.id`)} x), c.total),
      c.total - coalesce((select sum(x.base) from ${lineRows(sql`c.id`)} x), c.total),
      coalesce((select json_group_array(json_object('codigo', x.codigo, 'nombre', x.nombre, 'cantidad', x.cantidad,
        'precio', x.precio, 'subtotal', x.subtotal, 'tarifa', x.tarifa, 'base', x.base, 'iva', x.subtotal - x.base))
        from ${lineRows(sql`c.id`)} x), '[]'),
      ${at}, ${at}, ${at}
    from ${compras} c left join ${R} r on r.id = ${activeResolution(today)}
    where c.id = ${compraId} and c.estado = 'PAGADO'
    on conflict do nothing`);
}

/**
 * The statement that creates the credit note of an annulled purchase's invoice: the whole invoice
 * reversed, under the credit notes' own consecutive. Only when the purchase has an invoice and it
 * has no credit note yet, and only once the annulment changed the purchase.
 */
export function creditNoteStatement(
  db: Db,
  compraId: number,
  at: number,
  motivo: string,
): BatchItem<'sqlite'> {
  return db.run(sql`insert into ${F} (tipo, compra_id, user_id, factura_id, prefijo, numero, estado, fecha,
      total, base, iva, lineas, motivo, proximo_intento_at, created_at, updated_at)
    select 'NOTA_CREDITO', f.compra_id, f.user_id, f.id, ${CREDIT_NOTE_PREFIX},
      coalesce((select max(n.numero) from ${F} n where n.tipo = 'NOTA_CREDITO' and n.prefijo = ${CREDIT_NOTE_PREFIX}), 0) + 1,
      'PENDIENTE', ${at}, f.total, f.base, f.iva, f.lineas, ${motivo}, ${at}, ${at}, ${at}
    from ${F} f join ${compras} c on c.id = f.compra_id
    where f.compra_id = ${compraId} and f.tipo = 'FACTURA' and c.estado = 'ANULADA'
    on conflict do nothing`);
}

type ResolutionRow = {
  numero: string;
  prefijo: string;
  desde: number;
  hasta: number;
  vigente_desde: string;
  vigente_hasta: string;
  siguiente: number;
};

/**
 * Why no invoice can be numbered today, when resolutions exist but none has numbers (used up,
 * expired, or not yet valid); null when one can, or when none was ever registered (the invoices
 * then wait for the first one, like they wait for the provider). One read.
 */
export async function numberingBlock(db: Db, at: number): Promise<string | null> {
  const today = bogotaDate(at);
  const rows = await db.all<ResolutionRow>(sql`select r.numero, r.prefijo, r.desde, r.hasta, r.vigente_desde,
      r.vigente_hasta, ${nextOf('r')} as siguiente
    from ${R} r order by r.vigente_hasta desc, r.id desc`);
  if (!rows.length) return null;
  if (rows.some((r) => r.vigente_desde <= today && r.vigente_hasta >= today && r.siguiente <= r.hasta))
    return null;
  const valid = rows.find((r) => r.vigente_desde <= today && r.vigente_hasta >= today);
  if (valid) return INVOICE_MSG.rangeEnd(valid.numero, valid.prefijo, valid.hasta);
  const future = rows.find((r) => r.vigente_desde > today);
  if (future) return INVOICE_MSG.notYet(future.numero, future.prefijo, future.vigente_desde);
  const last = rows[0]!;
  return INVOICE_MSG.expired(last.numero, last.prefijo, last.vigente_hasta);
}

/**
 * Numbers invoices that waited for a resolution, oldest first, while the active one has numbers:
 * up to `limit` statements in one batch (one request). Returns how many got a number.
 */
export async function numberWaiting(db: Db, at: number, limit = 200): Promise<number> {
  const today = bogotaDate(at);
  const one =
    db.run(sql`update ${F} set resolucion_id = r.id, prefijo = r.prefijo, numero = ${nextOf('r')}, updated_at = ${at}
    from ${R} r
    where r.id = ${activeResolution(today)}
      and ${F}.id = (select min(w.id) from ${F} w where w.tipo = 'FACTURA' and w.numero is null)`);
  const waiting = await db.get<{ n: number }>(
    sql`select count(*) as n from ${F} where tipo = 'FACTURA' and numero is null`,
  );
  const n = Math.min(waiting?.n ?? 0, limit);
  if (!n) return 0;
  const results = await db.batch([one, ...Array.from({ length: n - 1 }, () => one)] as [
    typeof one,
    ...(typeof one)[],
  ]);
  return results.reduce((s, r) => s + ((r as { rowsAffected: number }).rowsAffected ?? 0), 0);
}
