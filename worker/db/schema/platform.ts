import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { activo, sortKey, timestamps } from './columns';
import {
  ciudades,
  departamentos,
  niveleseducativos,
  paises,
  terminosycondiciones,
  tiposidentificacion,
} from './geo';
import { STATE } from '../../shared/workflow';

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    userName: text().notNull(),
    passwordHash: text().notNull(),
    nombres: text().notNull().default(''),
    nombresOrden: sortKey(),
    apellidos: text().notNull().default(''),
    apellidosOrden: sortKey(),
    tipoIdentificacionId: integer().references(() => tiposidentificacion.id),
    numeroIdentificacion: text(),
    celular: text(),
    fechaNacimiento: text(),
    genero: text(),
    direccion: text(),
    paisId: integer().references(() => paises.id),
    departamentoId: integer().references(() => departamentos.id),
    ciudadId: integer().references(() => ciudades.id),
    nivelEducativoId: integer().references(() => niveleseducativos.id),
    activo: activo(),
    emailVerifiedAt: integer(),
    referralCode: text().notNull(),
    sponsorId: integer(),
    terminosId: integer().references(() => terminosycondiciones.id),
    terminosAceptadosAt: integer(),
    photoKey: text(),
    /** The staff member who created the account on the users screen (decision 0345); null for a registration or the seed. */
    creadoPor: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_user_name_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('users_referral_code_uq').on(t.referralCode),
    index('users_sponsor_idx').on(t.sponsorId),
    index('users_created_idx').on(t.createdAt),
    index('users_nombres_orden_idx').on(t.nombresOrden),
    index('users_apellidos_orden_idx').on(t.apellidosOrden),
  ],
);

export const roles = sqliteTable(
  'roles',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    nombre: text().notNull(),
    descripcion: text(),
    activo: activo(),
    /** Holders must sign in with a second factor (TOTP; decision 0034). */
    requireTotp: integer({ mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_nombre_uq').on(t.nombre)],
);

export const permissions = sqliteTable('permissions', {
  id: integer().primaryKey({ autoIncrement: true }),
  code: text().notNull().unique(),
  descripcion: text().notNull(),
  grupo: text().notNull(),
});

export const rolePermissions = sqliteTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/**
 * One row whose `version` becomes a new random value whenever roles, their permissions or the
 * permission catalogue change. Triggers (migration 0011) set it, so no write path can forget to.
 * The session statement reads it on every request; a process keeps the role → codes map of the
 * version it saw last (worker/platform/acl.ts, decision 0015).
 */
export const aclVersion = sqliteTable('acl_version', {
  id: integer().primaryKey(),
  version: text().notNull(),
});

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** One row per issued JWT (keyed by its jti) so a session can be revoked before it expires. */
export const sessions = sqliteTable(
  'sessions',
  {
    jti: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer().notNull(),
    lastUsedAt: integer().notNull(),
    expiresAt: integer().notNull(),
    revokedAt: integer(),
    userAgent: text(),
    kind: text({ enum: ['cookie', 'bearer'] })
      .notNull()
      .default('cookie'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed-login counter per e-mail (known or not, so lockout reveals nothing). */
export const loginAttempts = sqliteTable('login_attempts', {
  emailKey: text().primaryKey(),
  failures: integer().notNull().default(0),
  lockedUntil: integer(),
  updatedAt: integer().notNull(),
});

/** Single-use e-mail tokens (password reset, e-mail verification); only their SHA-256 is kept. */
export const userTokens = sqliteTable(
  'user_tokens',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    kind: text({ enum: ['reset', 'verify'] }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * Every message the app sends, kept before it is delivered (docs/decisions/0351): PENDIENTE until
 * the mail transport takes it (ENVIADO) or refuses it (FALLIDO, with its error); the status screen
 * resends failed ones. Without a transport (no MAIL_API_URL) messages stay PENDIENTE here.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: integer().notNull(),
    estado: text().notNull().default(STATE.PENDIENTE),
    intentos: integer().notNull().default(0),
    ultimoIntentoAt: integer(),
    ultimoError: text(),
  },
  (t) => [index('outbox_estado_idx').on(t.estado, t.id)],
);

/** Audit trail of every state change; append-only (triggers refuse UPDATE and DELETE). */
export const stateHistory = sqliteTable(
  'state_history',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    entity: text().notNull(),
    entityId: integer().notNull(),
    fromState: text(),
    toState: text().notNull(),
    comentario: text(),
    userId: integer(),
    createdAt: integer().notNull(),
    /** The bulk action (`lotes.id`) this entry was written by; null for a single-row change. */
    lote: text(),
  },
  (t) => [
    index('state_history_entity_idx').on(t.entity, t.entityId),
    index('state_history_created_idx').on(t.createdAt),
    index('state_history_lote_idx').on(t.lote),
  ],
);

/**
 * A bulk action over many rows of one grid (decision 0160): the ids chosen when it
 * started, the cursor of what is done, and a short lease so one step runs at a time. Each row
 * it changes gets its own history entry carrying this id.
 */
export const lotes = sqliteTable(
  'lotes',
  {
    id: text().primaryKey(),
    /** The grid (API path of its list) the ids belong to. */
    recurso: text().notNull(),
    accion: text().notNull(),
    userId: integer().notNull(),
    /** JSON: what the action needs besides the ids (e.g. target state and comment). */
    parametros: text().notNull().default('{}'),
    /** JSON array of the row ids, fixed at the start. */
    ids: text().notNull(),
    total: integer().notNull(),
    cursor: integer().notNull().default(0),
    hechos: integer().notNull().default(0),
    omitidos: integer().notNull().default(0),
    /** EN_CURSO until the cursor reaches the total, then TERMINADO. */
    estado: text().notNull().default(STATE.EN_CURSO),
    leaseUntil: integer(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index('lotes_user_idx').on(t.userId, t.createdAt)],
);

/** Markers for one-time seeding, so a second start seeds nothing twice. */
export const appMeta = sqliteTable('app_meta', {
  key: text().primaryKey(),
  value: text().notNull(),
});

/**
 * A saved view of one grid (decision 0161): name, filters, sorts, hidden columns and
 * page size; personal (its owner's), shared with a role, or global. At most one default per role
 * and grid.
 */
export const vistas = sqliteTable(
  'vistas',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The grid: its list's API path (and URL prefix when a screen has two). */
    grid: text().notNull(),
    nombre: text().notNull(),
    /** JSON: { filters, sorts, hidden, perPage }. */
    estado: text().notNull(),
    /** PERSONAL | ROL | GLOBAL. */
    alcance: text().notNull().default('PERSONAL'),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer().references(() => roles.id, { onDelete: 'cascade' }),
    predeterminada: integer({ mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('vistas_grid_idx').on(t.grid, t.alcance),
    // The per-user limit counts a user's views on every save (decision 0344).
    index('vistas_user_idx').on(t.userId),
    uniqueIndex('vistas_default_role_uq')
      .on(t.grid, t.roleId)
      .where(sql`predeterminada = 1`),
  ],
);
