import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { bancos, criptomoneda, metodosdepago, parentesco } from './lookups';
import { ciudades, departamentos, paises, tiposidentificacion } from './geo';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

// The member's own data. Personal information lives on `users` (registration fills
// most of it); what follows is reviewed, kept per member, or several per member.

/** Identity validation: document front, back and a selfie, reviewed PENDIENTE → APROBADO / NO_APROBADO. */
export const validacionesIdentidad = sqliteTable(
  'validaciones_identidad',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    frenteKey: text(),
    respaldoKey: text(),
    selfieKey: text(),
    estado: text().notNull().default(STATE.PENDIENTE),
    comentario: text(),
    enviadoAt: integer(),
    revisadoAt: integer(),
    revisorId: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('validaciones_identidad_user_uq').on(t.userId),
    index('validaciones_identidad_estado_idx').on(t.estado, t.enviadoAt),
  ],
);

export const beneficiarios = sqliteTable(
  'beneficiarios',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    nombre: text().notNull(),
    tipoIdentificacionId: integer().references(() => tiposidentificacion.id),
    numeroIdentificacion: text().notNull(),
    parentescoId: integer()
      .notNull()
      .references(() => parentesco.id),
    /** Basis points: 10000 = 100 %. */
    porcentaje: integer().notNull(),
    ...timestamps,
  },
  (t) => [index('beneficiarios_user_idx').on(t.userId)],
);

export const informacionPago = sqliteTable(
  'informacion_pago',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    metodoPagoId: integer()
      .notNull()
      .references(() => metodosdepago.id),
    bancoId: integer().references(() => bancos.id),
    tipoCuenta: text(),
    numeroCuenta: text(),
    titular: text(),
    tipoBilletera: text(),
    criptomonedaId: integer().references(() => criptomoneda.id),
    direccionBilletera: text(),
    /** NATURAL (by default) or JURIDICA with its NIT: decides the withholding rate (decision 0445). */
    tipoPersona: text().notNull().default('NATURAL'),
    nit: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('informacion_pago_user_uq').on(t.userId)],
);

/** The public profile with its physical description; reviewed, then published. */
export const perfiles = sqliteTable(
  'perfiles',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    nombrePublico: text(),
    descripcion: text(),
    clasificacionId: integer(),
    identidadSexualId: integer(),
    orientacionSexualId: integer(),
    etniaId: integer(),
    ojosId: integer(),
    cabelloId: integer(),
    cuerpoId: integer(),
    pielId: integer(),
    bustoId: integer(),
    colaId: integer(),
    pollaId: integer(),
    depilacionId: integer(),
    estaturaCm: integer(),
    pesoKg: integer(),
    /** Review of the content: PENDIENTE → APROBADO / NO_APROBADO. */
    estado: text().notNull().default(STATE.PENDIENTE),
    comentario: text(),
    /** Publication: PENDIENTE → PUBLICADO / NO_PUBLICADO. */
    estadoPublicacion: text().notNull().default(STATE.PENDIENTE),
    comentarioPublicacion: text(),
    enviadoAt: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('perfiles_user_uq').on(t.userId),
    index('perfiles_estado_idx').on(t.estado, t.enviadoAt),
    index('perfiles_publicacion_idx').on(t.estadoPublicacion, t.enviadoAt),
  ],
);

/** Multi-selects of the profile (services, languages, ...): one row per chosen option. */
export const perfilOpciones = sqliteTable(
  'perfil_opciones',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    catalogo: text().notNull(),
    opcionId: integer().notNull(),
  },
  (t) => [
    uniqueIndex('perfil_opciones_uq').on(t.userId, t.catalogo, t.opcionId),
    index('perfil_opciones_catalogo_idx').on(t.catalogo, t.opcionId),
  ],
);

export const perfilRedes = sqliteTable(
  'perfil_redes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    redId: integer().notNull(),
    usuario: text().notNull(),
  },
  (t) => [uniqueIndex('perfil_redes_uq').on(t.userId, t.redId)],
);

export const perfilUbicaciones = sqliteTable(
  'perfil_ubicaciones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    paisId: integer()
      .notNull()
      .references(() => paises.id),
    departamentoId: integer().references(() => departamentos.id),
    ciudadId: integer().references(() => ciudades.id),
    zona: text(),
    ...timestamps,
  },
  (t) => [index('perfil_ubicaciones_user_idx').on(t.userId)],
);

/** Gallery images, each with its own review state; one may be the cover. */
export const perfilMedia = sqliteTable(
  'perfil_media',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    blobKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    estado: text().notNull().default(STATE.PENDIENTE),
    comentario: text(),
    portada: integer({ mode: 'boolean' }).notNull().default(false),
    orden: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('perfil_media_user_idx').on(t.userId, t.orden),
    index('perfil_media_estado_idx').on(t.estado, t.createdAt),
  ],
);

/** What the workflow tells a member. */
export const notificaciones = sqliteTable(
  'notificaciones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    titulo: text().notNull(),
    mensaje: text().notNull(),
    entity: text(),
    entityId: integer(),
    leidaAt: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [index('notificaciones_user_idx').on(t.userId, t.leidaAt, t.createdAt)],
);
