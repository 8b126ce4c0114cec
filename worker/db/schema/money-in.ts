import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { compras } from './shop';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

// Money in (decisions 0140, 0141): bank statements matched to unpaid purchases, and payment-gateway events.
// Amounts are integer COP cents, like the purchases they are compared with.

/**
 * One uploaded bank statement. CONCILIANDO while its movements are being matched (cursor: the last
 * movement id matched), LISTO when all are, CONFIRMANDO while its matched purchases are being
 * confirmed (confirm_cursor: the last movement id handled), CONFIRMADO at the end.
 */
export const extractos = sqliteTable(
  'extractos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    fileName: text().notNull(),
    estado: text().notNull().default(STATE.CONCILIANDO),
    movimientos: integer().notNull(),
    cursor: integer().notNull().default(0),
    confirmCursor: integer().notNull().default(0),
    confirmadas: integer().notNull().default(0),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [index('extractos_created_idx').on(t.createdAt)],
);

/**
 * A movement of a statement as read (fila: its row in the file), the purchase id its description's
 * payment reference names, and the match: resultado CONCILIADO / AMBIGUO / SIN_CONCILIAR with its
 * motivo, the purchase (compra_id) and, when ambiguous, the candidates (JSON ids). `confirmacion`
 * records what confirming it did: CONFIRMADA, or YA_PAGADA when the purchase was paid meanwhile.
 */
export const extractoMovimientos = sqliteTable(
  'extracto_movimientos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    extractoId: integer()
      .notNull()
      .references(() => extractos.id),
    fila: integer().notNull(),
    fecha: text(),
    valor: integer().notNull(),
    descripcion: text().notNull(),
    referenciaCompraId: integer(),
    resultado: text(),
    motivo: text(),
    compraId: integer(),
    candidatos: text(),
    confirmacion: text(),
    confirmadoAt: integer(),
  },
  (t) => [
    index('extracto_movimientos_extracto_idx').on(t.extractoId, t.id),
    index('extracto_movimientos_resultado_idx').on(t.extractoId, t.resultado, t.id),
    index('extracto_movimientos_referencia_idx').on(t.extractoId, t.referenciaCompraId, t.valor),
  ],
);

/**
 * A payment-gateway transaction seen by the webhook, once per (proveedor, transaccion_id): a
 * redelivered event finds its row and changes nothing. `resultado` says what it did: PAGADA,
 * YA_PAGADA, RECHAZADA (the gateway's status was not APPROVED), VALOR_DISTINTO, SIN_COMPRA,
 * ANULADA (voided after it paid: the purchase was annulled); PROCESANDO / ANULANDO while claimed.
 */
export const pasarelaTransacciones = sqliteTable(
  'pasarela_transacciones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    proveedor: text().notNull(),
    transaccionId: text().notNull(),
    referencia: text().notNull(),
    compraId: integer().references(() => compras.id),
    estado: text().notNull(),
    valor: integer().notNull(),
    moneda: text().notNull(),
    resultado: text().notNull(),
    /** How the member paid at the gateway, as its event says (Wompi's `payment_method_type`: CARD, NEQUI, PSE…). */
    metodo: text(),
    createdAt: integer().notNull(),
    /** When the webhook claimed it (PROCESANDO / ANULANDO): the cron finishes a claim left too long. */
    reclamadoAt: integer(),
  },
  (t) => [
    uniqueIndex('pasarela_transacciones_uq').on(t.proveedor, t.transaccionId),
    index('pasarela_transacciones_compra_idx').on(t.compraId),
  ],
);
