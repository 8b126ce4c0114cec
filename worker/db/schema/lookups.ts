import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { activo, sortKey, timestamps } from './columns';

// Lookup tables of the resource registry (worker/shared/resources.ts). Most are nombre,
// descripcion and activo; a few carry a code or a field of their own. A registry table is exported
// under its entry's key (`ojos` for the table mp_ojos): the generic router finds it by that name.
const named = (name: string) =>
  sqliteTable(
    name,
    {
      id: integer().primaryKey({ autoIncrement: true }),
      nombre: text().notNull(),
      nombreOrden: sortKey(),
      descripcion: text(),
      activo: activo(),
      ...timestamps,
    },
    (t) => [
      uniqueIndex(`${name}_nombre_uq`).on(t.nombre),
      index(`${name}_activo_idx`).on(t.activo, t.nombreOrden),
      index(`${name}_nombre_orden_idx`).on(t.nombreOrden),
    ],
  );

const coded = <E extends Record<string, ReturnType<typeof text>>>(name: string, extra: E) =>
  sqliteTable(
    name,
    {
      id: integer().primaryKey({ autoIncrement: true }),
      codigo: text().notNull(),
      nombre: text().notNull(),
      nombreOrden: sortKey(),
      ...extra,
      activo: activo(),
      ...timestamps,
    },
    (t) => [
      uniqueIndex(`${name}_codigo_uq`).on(t.codigo),
      index(`${name}_nombre_idx`).on(t.nombre),
      index(`${name}_activo_idx`).on(t.activo, t.nombreOrden),
      index(`${name}_nombre_orden_idx`).on(t.nombreOrden),
    ],
  );

export const tiposusuario = named('tipos_usuario');
export const parentesco = named('parentescos');
export const bancos = coded('bancos', {});
export const monedas = coded('monedas', { simbolo: text().notNull().default('$') });
export const metodosdepago = sqliteTable(
  'metodos_pago',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    tipo: text().notNull(),
    descripcion: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('metodos_pago_nombre_uq').on(t.nombre),
    index('metodos_pago_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const servicios = named('mp_servicios');
export const clasificacionusuarios = named('mp_clasificacionusuarios');
export const identidadessexuales = named('mp_identidadessexuales');
export const orientacionessexuales = named('mp_orientacionessexuales');
export const tiposdeoral = named('mp_tiposorales');
export const tiposdefantasiasyfetiches = named('mp_tiposfantasiasyfetiches');
export const tiposdemasajes = named('mp_tiposmasajes');
export const serviciosvirtuales = named('mp_serviciosvirtuales');
export const ojos = named('mp_ojos');
export const cabello = named('mp_cabellos');
export const cuerpo = named('mp_cuerpos');
export const piel = named('mp_pieles');
export const busto = named('mp_bustos');
export const cola = named('mp_colas');
export const polla = named('mp_pollas');
export const idioma = named('mp_idiomas');
export const depilacion = named('mp_depilaciones');
export const etnia = named('mp_etnias');
export const criptomoneda = coded('mp_criptomonedas', { red: text() });
export const redes = sqliteTable(
  'mp_redes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    urlBase: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('mp_redes_nombre_uq').on(t.nombre),
    index('mp_redes_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const ayudasgraficas = sqliteTable(
  'ayudas_graficas',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    titulo: text().notNull(),
    tituloOrden: sortKey(),
    modulo: text().notNull(),
    descripcion: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ayudas_graficas_titulo_uq').on(t.titulo),
    index('ayudas_graficas_titulo_orden_idx').on(t.tituloOrden),
    index('ayudas_graficas_modulo_idx').on(t.modulo),
  ],
);

export const preguntasfrecuentes = sqliteTable(
  'preguntas_frecuentes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pregunta: text().notNull(),
    preguntaOrden: sortKey(),
    respuesta: text().notNull(),
    modulo: text().notNull(),
    orden: integer().notNull().default(0),
    /** JSON array of ayudas_graficas ids. */
    ayudasIds: text().notNull().default('[]'),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('preguntas_frecuentes_pregunta_uq').on(t.pregunta),
    index('preguntas_frecuentes_pregunta_orden_idx').on(t.preguntaOrden),
    index('preguntas_frecuentes_modulo_idx').on(t.modulo, t.orden),
  ],
);

export const tipossuscripciones = sqliteTable(
  'tipos_suscripcion',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    /** COP cents. */
    precio: integer().notNull(),
    /** VAT rate inside the price (19, 5 or 0; decision 0432). */
    tarifaIva: integer().notNull().default(19),
    duracionMeses: integer().notNull(),
    descripcion: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tipos_suscripcion_nombre_uq').on(t.nombre),
    index('tipos_suscripcion_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const categoriaproductos = named('categorias_productos');

export const productos = sqliteTable(
  'productos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    codigo: text().notNull(),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    categoriaId: integer()
      .notNull()
      .references(() => categoriaproductos.id),
    /** COP cents. */
    precio: integer().notNull(),
    /** VAT rate inside the price (19, 5 or 0; decision 0432). */
    tarifaIva: integer().notNull().default(19),
    descripcion: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('productos_codigo_uq').on(t.codigo),
    index('productos_nombre_idx').on(t.nombre),
    index('productos_nombre_orden_idx').on(t.nombreOrden),
    index('productos_categoria_idx').on(t.categoriaId, t.nombre),
    index('productos_created_idx').on(t.createdAt),
  ],
);

/**
 * Collection accounts (decision 0130): where members pay. A bank account (bank, AH/CO, number,
 * holder and document), a wallet's phone (Nequi, Daviplata) or a cryptocurrency address; which
 * fields a row needs follows its payment method's tipo (worker/shared/collection-accounts.ts).
 */
export const cuentasrecaudo = sqliteTable(
  'cuentas_recaudo',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    metodoPagoId: integer()
      .notNull()
      .references(() => metodosdepago.id),
    bancoId: integer().references(() => bancos.id),
    tipoCuenta: text(),
    numero: text(),
    titular: text(),
    tipoDocumento: text(),
    documento: text(),
    criptomonedaId: integer().references(() => criptomoneda.id),
    red: text(),
    direccion: text(),
    /** Position among the accounts a member sees; none sorts first. */
    orden: integer(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cuentas_recaudo_nombre_uq').on(t.nombre),
    index('cuentas_recaudo_activo_idx').on(t.activo, t.orden),
    index('cuentas_recaudo_nombre_orden_idx').on(t.nombreOrden),
  ],
);

/** Images of a registry row (products, graphic aids), stored through the blob port. */
export const imagenes = sqliteTable(
  'imagenes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    owner: text().notNull(),
    ownerId: integer().notNull(),
    blobKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    orden: integer().notNull().default(0),
    createdAt: integer().notNull(),
  },
  (t) => [index('imagenes_owner_idx').on(t.owner, t.ownerId, t.orden)],
);
