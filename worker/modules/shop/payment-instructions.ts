// Payment instructions of a purchase (decision 0130): the exact amount, its payment reference and
// every active collection account in order, each with only the fields its method's tipo uses.
// Owner-scoped like every member read (SECURITY row 6): another member's purchase is a 404.
import { asc, eq, sql } from 'drizzle-orm';
import { bancos, criptomoneda, cuentasrecaudo, imagenes, metodosdepago } from '../../db/schema';
import type { Db } from '../../platform/db';
import { FIELDS_BY_TIPO } from '../../shared/collection-accounts';
import { referenceFor } from '../../shared/payment-reference';
import { findPurchase } from './purchase-service';

/** Money is integer COP cents everywhere in the shop. */
export const CURRENCY = 'COP';

const qrImage = sql<
  number | null
>`(select ${imagenes.id} from ${imagenes} where ${imagenes.owner} = 'cuentasrecaudo' and ${imagenes.ownerId} = ${cuentasrecaudo.id} order by ${imagenes.orden}, ${imagenes.id} limit 1)`;

/** The active collection accounts, in their order, as a member sees them. */
export async function activeAccounts(db: Db) {
  const rows = await db
    .select({
      id: cuentasrecaudo.id,
      nombre: cuentasrecaudo.nombre,
      metodo: metodosdepago.nombre,
      tipo: metodosdepago.tipo,
      banco: bancos.nombre,
      tipo_cuenta: cuentasrecaudo.tipoCuenta,
      numero: cuentasrecaudo.numero,
      titular: cuentasrecaudo.titular,
      tipo_documento: cuentasrecaudo.tipoDocumento,
      documento: cuentasrecaudo.documento,
      criptomoneda: criptomoneda.nombre,
      red: cuentasrecaudo.red,
      direccion: cuentasrecaudo.direccion,
      qr: qrImage,
    })
    .from(cuentasrecaudo)
    .innerJoin(metodosdepago, eq(metodosdepago.id, cuentasrecaudo.metodoPagoId))
    .leftJoin(bancos, eq(bancos.id, cuentasrecaudo.bancoId))
    .leftJoin(criptomoneda, eq(criptomoneda.id, cuentasrecaudo.criptomonedaId))
    .where(eq(cuentasrecaudo.activo, true))
    .orderBy(asc(cuentasrecaudo.orden), asc(cuentasrecaudo.id));
  return rows.map(({ qr, ...r }) => {
    const uses = new Set(FIELDS_BY_TIPO[r.tipo] ?? []);
    const when = <T>(field: string, value: T) => (uses.has(field) ? value : null);
    return {
      id: r.id,
      nombre: r.nombre,
      metodo: r.metodo,
      tipo: r.tipo,
      banco: when('banco_id', r.banco),
      tipo_cuenta: when('tipo_cuenta', r.tipo_cuenta),
      numero: when('numero', r.numero),
      titular: when('titular', r.titular),
      tipo_documento: when('tipo_documento', r.tipo_documento),
      documento: when('documento', r.documento),
      criptomoneda: when('criptomoneda_id', r.criptomoneda),
      red: when('red', r.red),
      direccion: when('direccion', r.direccion),
      qr_url: qr ? `/api/v1/general/images/${qr}` : null,
    };
  });
}

/** What the owner of purchase `purchaseId` needs to pay it; 404 for anyone else. */
export async function paymentInstructions(db: Db, purchaseId: number, ownerId: number) {
  const compra = await findPurchase(db, purchaseId, ownerId);
  return {
    compra_id: compra.id,
    referencia: referenceFor(compra.id),
    total: compra.total,
    moneda: CURRENCY,
    estado: compra.estado,
    rechazo: compra.rechazo_motivo ? { motivo: compra.rechazo_motivo, fecha: compra.rechazado_at } : null,
    cuentas: await activeAccounts(db),
  };
}
