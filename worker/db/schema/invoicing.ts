import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { compras } from './shop';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

// Electronic invoicing (docs/invoicing.md, decisions 0430–0436): the issuer, the DIAN numbering
// resolutions, and one table of electronic documents (the invoice of a paid purchase and the credit
// note of its annulment), each sent through the provider port.

/** The issuer (one row, id 1): what every invoice says about the seller. */
export const facturacionEmisor = sqliteTable('facturacion_emisor', {
  id: integer().primaryKey(),
  nit: text().notNull(),
  dv: text().notNull(),
  razonSocial: text().notNull(),
  /** DIAN tax regime code: 48 (responsable de IVA) or 49 (no responsable). */
  regimen: text().notNull(),
  /** DIAN fiscal responsibilities (RUT casilla 53), e.g. «O-13;O-15» or «R-99-PN». */
  responsabilidades: text().notNull(),
  direccion: text().notNull(),
  /** DANE municipality code (5 digits, DIVIPOLA). */
  municipioDane: text().notNull(),
  email: text().notNull(),
  telefono: text(),
  updatedAt: integer().notNull(),
  updatedBy: integer().references(() => users.id),
});

/** A DIAN numbering resolution: prefix, authorised range and validity (decision 0431). */
export const resolucionesFacturacion = sqliteTable(
  'resoluciones_facturacion',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    numero: text().notNull(),
    prefijo: text().notNull(),
    desde: integer().notNull(),
    hasta: integer().notNull(),
    /** Bogotá dates, YYYY-MM-DD, both days included. */
    vigenteDesde: text().notNull(),
    vigenteHasta: text().notNull(),
    /** The provider's id of the same range (Factus `numbering_range_id`); optional. */
    proveedorRangoId: integer(),
    createdAt: integer().notNull(),
    createdBy: integer().references(() => users.id),
  },
  (t) => [
    uniqueIndex('resoluciones_facturacion_numero_uq').on(t.numero, t.prefijo),
    index('resoluciones_facturacion_vigencia_idx').on(t.vigenteDesde, t.id),
  ],
);

/**
 * One electronic document: tipo FACTURA (one per paid purchase) or NOTA_CREDITO (one per annulled
 * invoice). Amounts are COP cents. `lineas` is the JSON of the lines as invoiced (code, name,
 * quantity, price, subtotal, VAT rate, base, VAT), taken when the purchase was paid.
 */
export const facturas = sqliteTable(
  'facturas',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tipo: text().notNull(),
    compraId: integer()
      .notNull()
      .references(() => compras.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The invoice a credit note reverses. */
    facturaId: integer(),
    resolucionId: integer().references(() => resolucionesFacturacion.id),
    /** Null while no resolution could number it (none valid, or the last one used up). */
    prefijo: text(),
    numero: integer(),
    estado: text().notNull().default(STATE.PENDIENTE),
    /** When the sale (or the annulment) happened: the document's date. */
    fecha: integer().notNull(),
    total: integer().notNull(),
    base: integer().notNull(),
    iva: integer().notNull(),
    lineas: text().notNull(),
    motivo: text(),
    /** CUFE of an invoice, CUDE of a credit note. */
    cufe: text(),
    qr: text(),
    pdfKey: text(),
    xmlKey: text(),
    /** The provider's own id and number of the document (Factus `bill.id`, `number`). */
    proveedorId: integer(),
    proveedorNumero: text(),
    intentos: integer().notNull().default(0),
    proximoIntentoAt: integer().notNull(),
    ultimoError: text(),
    emitidaAt: integer(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex('facturas_compra_tipo_uq').on(t.compraId, t.tipo),
    uniqueIndex('facturas_numero_uq').on(t.tipo, t.prefijo, t.numero),
    index('facturas_resolucion_idx').on(t.resolucionId, t.numero),
    index('facturas_pendientes_idx').on(t.estado, t.proximoIntentoAt),
    index('facturas_fecha_idx').on(t.fecha),
    index('facturas_sin_numero_idx').on(t.tipo, t.numero, t.id),
  ],
);
