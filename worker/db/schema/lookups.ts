import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { activo, timestamps } from './columns';

// Lookup tables of the resource registry (worker/shared/resources.ts). Most are nombre,
// descripcion and activo; a few carry a code or a field of their own.
const named = (name: string) =>
  sqliteTable(
    name,
    { id: integer().primaryKey({ autoIncrement: true }), nombre: text().notNull(), descripcion: text(), activo: activo(), ...timestamps },
    (t) => [uniqueIndex(`${name}_nombre_uq`).on(t.nombre), index(`${name}_activo_idx`).on(t.activo, t.nombre)],
  );

const coded = <E extends Record<string, ReturnType<typeof text>>>(name: string, extra: E) =>
  sqliteTable(
    name,
    { id: integer().primaryKey({ autoIncrement: true }), codigo: text().notNull(), nombre: text().notNull(), ...extra, activo: activo(), ...timestamps },
    (t) => [uniqueIndex(`${name}_codigo_uq`).on(t.codigo), index(`${name}_nombre_idx`).on(t.nombre), index(`${name}_activo_idx`).on(t.activo, t.nombre)],
  );

export const tiposUsuario = named('tipos_usuario');
export const parentescos = named('parentescos');
export const bancos = coded('bancos', {});
export const monedas = coded('monedas', { simbolo: text().notNull().default('$') });
export const metodosPago = sqliteTable(
  'metodos_pago',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    tipo: text().notNull(),
    descripcion: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [uniqueIndex('metodos_pago_nombre_uq').on(t.nombre)],
);

export const mpServicios = named('mp_servicios');
export const mpClasificacionUsuarios = named('mp_clasificacionusuarios');
export const mpIdentidadesSexuales = named('mp_identidadessexuales');
export const mpOrientacionesSexuales = named('mp_orientacionessexuales');
export const mpTiposOrales = named('mp_tiposorales');
export const mpTiposFantasiasYFetiches = named('mp_tiposfantasiasyfetiches');
export const mpTiposMasajes = named('mp_tiposmasajes');
export const mpServiciosVirtuales = named('mp_serviciosvirtuales');
export const mpOjos = named('mp_ojos');
export const mpCabellos = named('mp_cabellos');
export const mpCuerpos = named('mp_cuerpos');
export const mpPieles = named('mp_pieles');
export const mpBustos = named('mp_bustos');
export const mpColas = named('mp_colas');
export const mpPollas = named('mp_pollas');
export const mpIdiomas = named('mp_idiomas');
export const mpDepilaciones = named('mp_depilaciones');
export const mpEtnias = named('mp_etnias');
export const mpCriptomonedas = coded('mp_criptomonedas', { red: text() });
export const mpRedes = sqliteTable(
  'mp_redes',
  { id: integer().primaryKey({ autoIncrement: true }), nombre: text().notNull(), urlBase: text(), activo: activo(), ...timestamps },
  (t) => [uniqueIndex('mp_redes_nombre_uq').on(t.nombre)],
);

export const ayudasGraficas = sqliteTable(
  'ayudas_graficas',
  { id: integer().primaryKey({ autoIncrement: true }), titulo: text().notNull(), modulo: text().notNull(), descripcion: text(), activo: activo(), ...timestamps },
  (t) => [uniqueIndex('ayudas_graficas_titulo_uq').on(t.titulo), index('ayudas_graficas_modulo_idx').on(t.modulo)],
);

export const preguntasFrecuentes = sqliteTable(
  'preguntas_frecuentes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pregunta: text().notNull(),
    respuesta: text().notNull(),
    modulo: text().notNull(),
    orden: integer().notNull().default(0),
    /** JSON array of ayudas_graficas ids. */
    ayudasIds: text().notNull().default('[]'),
    activo: activo(),
    ...timestamps,
  },
  (t) => [uniqueIndex('preguntas_frecuentes_pregunta_uq').on(t.pregunta), index('preguntas_frecuentes_modulo_idx').on(t.modulo, t.orden)],
);

export const tiposSuscripcion = sqliteTable(
  'tipos_suscripcion',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    /** COP cents. */
    precio: integer().notNull(),
    duracionMeses: integer().notNull(),
    descripcion: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [uniqueIndex('tipos_suscripcion_nombre_uq').on(t.nombre)],
);

export const categoriasProductos = named('categorias_productos');

export const productos = sqliteTable(
  'productos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    codigo: text().notNull(),
    nombre: text().notNull(),
    categoriaId: integer().notNull().references(() => categoriasProductos.id),
    /** COP cents. */
    precio: integer().notNull(),
    descripcion: text(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('productos_codigo_uq').on(t.codigo),
    index('productos_nombre_idx').on(t.nombre),
    index('productos_categoria_idx').on(t.categoriaId, t.nombre),
    index('productos_created_idx').on(t.createdAt),
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
