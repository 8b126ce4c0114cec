import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { cuentasrecaudo, productos, tipossuscripciones } from './lookups';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

// Shop (decision 0010): cart, purchases with their lines and attachments, subscriptions.
// Money is integer COP cents, always computed on the server.

/** One line per product or subscription type in a member's cart. */
export const carrito = sqliteTable(
  'carrito',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    productoId: integer().references(() => productos.id),
    tipoSuscripcionId: integer().references(() => tipossuscripciones.id),
    cantidad: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('carrito_producto_uq').on(t.userId, t.productoId),
    uniqueIndex('carrito_suscripcion_uq').on(t.userId, t.tipoSuscripcionId),
    index('carrito_user_idx').on(t.userId),
  ],
);

/** Bumped on every cart change; a checkout is unique per (user, cart version). */
export const carritoVersion = sqliteTable('carrito_version', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  version: integer().notNull().default(0),
});

export const compras = sqliteTable(
  'compras',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    checkoutKey: text().notNull(),
    totalItems: integer().notNull(),
    total: integer().notNull(),
    estado: text().notNull().default(STATE.NO_PAGADO),
    pagadoAt: integer(),
    /** The last rejected receipt (decision 0130): why, and when; cleared when a new receipt is attached. */
    rechazoMotivo: text(),
    rechazadoAt: integer(),
    /** When the member was reminded to pay (decision 0130): once per purchase. */
    recordatorioAt: integer(),
    /**
     * The collection account the member says he paid into (decision 0245): declared with a receipt,
     * shown to the administrator as declared; the reconciliation queue filters by its method.
     */
    cuentaRecaudoId: integer().references(() => cuentasrecaudo.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('compras_checkout_uq').on(t.checkoutKey),
    index('compras_user_idx').on(t.userId, t.createdAt),
    // Covering indexes of the dashboard's monthly sums (they carry the total).
    index('compras_estado_idx').on(t.estado, t.createdAt, t.total),
    index('compras_ventas_idx').on(t.estado, t.pagadoAt, t.total),
    index('compras_pagado_idx').on(t.pagadoAt),
    // Covering for the settlement's walk down the tree (no table reads per purchase).
    index('compras_user_pagado_idx').on(t.userId, t.pagadoAt, t.estado, t.total),
    // A bank movement without a reference: the unpaid purchases of its amount (decision 0140).
    index('compras_estado_total_idx').on(t.estado, t.total),
    index('compras_cuenta_recaudo_idx').on(t.cuentaRecaudoId),
  ],
);

export const compraLineas = sqliteTable(
  'compra_lineas',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    compraId: integer()
      .notNull()
      .references(() => compras.id),
    productoId: integer().references(() => productos.id),
    tipoSuscripcionId: integer().references(() => tipossuscripciones.id),
    codigo: text().notNull(),
    nombre: text().notNull(),
    cantidad: integer().notNull(),
    precio: integer().notNull(),
    subtotal: integer().notNull(),
  },
  (t) => [
    index('compra_lineas_compra_idx').on(t.compraId),
    index('compra_lineas_producto_idx').on(t.productoId),
  ],
);

export const compraAdjuntos = sqliteTable(
  'compra_adjuntos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    compraId: integer()
      .notNull()
      .references(() => compras.id),
    tipo: text().notNull(),
    blobKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdBy: integer().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index('compra_adjuntos_compra_idx').on(t.compraId)],
);

/** PENDIENTE until its purchase is PAGADO; then APROBADO from the payment date for the type's months. */
export const suscripciones = sqliteTable(
  'suscripciones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tipoSuscripcionId: integer()
      .notNull()
      .references(() => tipossuscripciones.id),
    compraId: integer()
      .notNull()
      .references(() => compras.id),
    estado: text().notNull().default(STATE.PENDIENTE),
    fechaInicio: integer(),
    fechaFin: integer(),
    ...timestamps,
  },
  (t) => [
    index('suscripciones_user_idx').on(t.userId, t.fechaFin),
    index('suscripciones_compra_idx').on(t.compraId),
    index('suscripciones_estado_idx').on(t.estado, t.fechaFin, t.fechaInicio),
  ],
);
