import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { activo, sortKey, timestamps } from './columns';

// Reference tables the registration form needs; the master-data module maintains them. Each is a
// registry entry, exported under the entry's key (worker/shared/resources.ts).
export const paises = sqliteTable(
  'paises',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    codigo: text().notNull(),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('paises_codigo_uq').on(t.codigo),
    uniqueIndex('paises_nombre_uq').on(t.nombre),
    index('paises_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const departamentos = sqliteTable(
  'departamentos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    paisId: integer()
      .notNull()
      .references(() => paises.id),
    codigo: text().notNull(),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('departamentos_codigo_uq').on(t.paisId, t.codigo),
    uniqueIndex('departamentos_nombre_uq').on(t.paisId, t.nombre),
    index('departamentos_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const ciudades = sqliteTable(
  'ciudades',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    departamentoId: integer()
      .notNull()
      .references(() => departamentos.id),
    codigo: text().notNull(),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ciudades_codigo_uq').on(t.departamentoId, t.codigo),
    index('ciudades_nombre_idx').on(t.nombre),
    index('ciudades_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const tiposidentificacion = sqliteTable(
  'tipos_identificacion',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    codigo: text().notNull(),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tipos_identificacion_codigo_uq').on(t.codigo),
    index('tipos_identificacion_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const niveleseducativos = sqliteTable(
  'niveles_educativos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    nombreOrden: sortKey(),
    activo: activo(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('niveles_educativos_nombre_uq').on(t.nombre),
    index('niveles_educativos_nombre_orden_idx').on(t.nombreOrden),
  ],
);

export const terminosycondiciones = sqliteTable(
  'terminos_y_condiciones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    version: text().notNull(),
    titulo: text().notNull(),
    tituloOrden: sortKey(),
    contenido: text().notNull(),
    fileKey: text(),
    fileName: text(),
    vigente: integer({ mode: 'boolean' }).notNull().default(false),
    activo: activo(),
    // `version` here is the terms' own label (spec), so these rows keep no edit counter.
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    uniqueIndex('terminos_version_uq').on(t.version),
    index('terminos_titulo_orden_idx').on(t.tituloOrden),
  ],
);
