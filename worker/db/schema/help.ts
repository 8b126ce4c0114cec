import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { preguntasfrecuentes } from './lookups';
import { users } from './platform';
import { STATE } from '../../shared/workflow';

// Help centre (decision 0012): what members send (suggestions, questions, demonstration requests)
// and what administrators do with it. States follow the spec's workflow (shared/workflow.ts).

export const sugerencias = sqliteTable(
  'sugerencias',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    correo: text().notNull(),
    modulo: text(),
    titulo: text(),
    descripcion: text().notNull(),
    tipoSugerencia: text(),
    estado: text().notNull().default(STATE.PENDIENTE),
    /** The administrator's last comment, shown to the member beside the state. */
    comentario: text(),
    ...timestamps,
  },
  (t) => [
    index('sugerencias_user_idx').on(t.userId, t.createdAt),
    index('sugerencias_estado_idx').on(t.estado, t.createdAt),
  ],
);

export const preguntas = sqliteTable(
  'preguntas',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    modulo: text(),
    pregunta: text().notNull(),
    funcionalidad: text(),
    estado: text().notNull().default(STATE.PENDIENTE),
    comentario: text(),
    respuesta: text(),
    respondidaPor: integer().references(() => users.id),
    respondidaAt: integer(),
    /** The FAQ this question became, if any. */
    faqId: integer().references(() => preguntasfrecuentes.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('preguntas_user_idx').on(t.userId, t.createdAt),
    index('preguntas_estado_idx').on(t.estado, t.createdAt),
  ],
);

export const demostraciones = sqliteTable(
  'demostraciones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    empresa: text().notNull(),
    nombre: text().notNull(),
    email: text().notNull(),
    cargo: text().notNull(),
    celular: text().notNull(),
    estado: text().notNull().default(STATE.PENDIENTE),
    comentario: text(),
    /** The option the administrator confirmed (a row of demostracion_opciones). */
    opcionConfirmadaId: integer(),
    confirmadaPor: integer().references(() => users.id),
    confirmadaAt: integer(),
    ...timestamps,
  },
  (t) => [
    index('demostraciones_user_idx').on(t.userId, t.createdAt),
    index('demostraciones_estado_idx').on(t.estado, t.createdAt),
  ],
);

/** The three date-time options of a request, in the order the member gave them (1 to 3). */
export const demostracionOpciones = sqliteTable(
  'demostracion_opciones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    demostracionId: integer()
      .notNull()
      .references(() => demostraciones.id, { onDelete: 'cascade' }),
    orden: integer().notNull(),
    /** UTC epoch milliseconds of the Bogotá wall time the member chose. */
    fecha: integer().notNull(),
  },
  (t) => [uniqueIndex('demostracion_opciones_uq').on(t.demostracionId, t.orden)],
);
