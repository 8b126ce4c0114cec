import { and, eq, isNotNull, not } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { perfilMedia, perfiles, validacionesIdentidad } from '../../db/schema';
import { requires } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { changeStateOnRequest } from '../../platform/state-change';
import { json, params } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { stateChangeSchema } from '../../shared/schemas/state';
import { STATE, mayPublish, PUBLICATION, PUBLISH_REFUSED, REVIEW } from '../../shared/workflow';
import { identityOf, personalInfoOf, profileOf, PROFILE_REVIEW_TITLE, PUBLICATION_TITLE } from '../profile';
import { readPersonalRow, readSensitiveProfile } from '../../platform/personal-data';
import { queueRoutes } from './queue';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { MEMBER_NAME_COLUMNS } from '../../platform/member-columns';

const memberOf = (db: Db, userId: number) =>
  db
    .select({
      ...MEMBER_NAME_COLUMNS,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();

const identityQueue = queueRoutes({
  path: '/administracion/controlinformacionpersonal',
  entity: 'validacion_identidad',
  permission: P.controlInformacionPersonal,
  table: validacionesIdentidad,
  idColumn: validacionesIdentidad.id,
  userIdColumn: validacionesIdentidad.userId,
  stateColumn: validacionesIdentidad.estado,
  submittedColumn: validacionesIdentidad.enviadoAt,
  transitions: REVIEW,
  base: isNotNull(validacionesIdentidad.enviadoAt),
  onDecision: (comentario, actorId, at) => ({
    comentario,
    revisorId: actorId,
    revisadoAt: at,
    updatedAt: at,
  }),
  detail: async (db, _rowId, userId, reader) => ({
    personal: readPersonalRow(reader, await personalInfoOf(db, userId), userId),
    validacion: await identityOf(db, userId),
  }),
  notifyTitle: 'Validación de identidad',
});

const profileQueue = queueRoutes({
  path: '/administracion/perfil/control',
  entity: 'perfil',
  permission: P.controlPerfil,
  table: perfiles,
  idColumn: perfiles.id,
  userIdColumn: perfiles.userId,
  stateColumn: perfiles.estado,
  submittedColumn: perfiles.enviadoAt,
  transitions: REVIEW,
  base: isNotNull(perfiles.enviadoAt),
  onDecision: (comentario, _actor, at) => ({ comentario, updatedAt: at }),
  detail: async (db, _rowId, userId, reader) => ({
    perfil: readSensitiveProfile(reader, await profileOf(db, userId), userId),
    usuario: await memberOf(db, userId),
  }),
  notifyTitle: PROFILE_REVIEW_TITLE,
});

const publicationQueue = queueRoutes({
  path: '/administracion/publicaciones/control',
  entity: 'publicacion',
  permission: P.controlPublicaciones,
  table: perfiles,
  idColumn: perfiles.id,
  userIdColumn: perfiles.userId,
  stateColumn: perfiles.estadoPublicacion,
  submittedColumn: perfiles.enviadoAt,
  transitions: PUBLICATION,
  // A profile rejected under Control de perfiles does not wait to be published (decision 0466):
  // it is back here, PENDIENTE, once the member sends it again and it is not rejected.
  base: and(
    isNotNull(perfiles.enviadoAt),
    not(and(eq(perfiles.estado, STATE.NO_APROBADO), eq(perfiles.estadoPublicacion, STATE.PENDIENTE))!),
  )!,
  onDecision: (comentario, _actor, at) => ({ comentarioPublicacion: comentario, updatedAt: at }),
  guard: async (db, rowId, to) => {
    const p = await db.select({ estado: perfiles.estado }).from(perfiles).where(eq(perfiles.id, rowId)).get();
    if (to === STATE.PUBLICADO && !mayPublish(p?.estado)) throw conflict(PUBLISH_REFUSED);
  },
  detail: async (db, _rowId, userId, reader) => ({
    perfil: readSensitiveProfile(reader, await profileOf(db, userId), userId),
    usuario: await memberOf(db, userId),
  }),
  notifyTitle: PUBLICATION_TITLE,
});

/** Each gallery image has its own review state. */
const mediaReview = new Hono<AppEnv>().put(
  '/estado/:id{[0-9]+}',
  requires(P.controlPerfil),
  params(v.object({ id: id() })),
  json(stateChangeSchema),
  async (c) => {
    const mediaId = c.req.valid('param').id;
    const m = await c.var.db
      .select({ userId: perfilMedia.userId })
      .from(perfilMedia)
      .where(eq(perfilMedia.id, mediaId))
      .get();
    if (!m) throw notFound();
    await changeStateOnRequest(c, c.req.valid('json'), {
      entity: 'perfil_media',
      table: perfilMedia,
      idColumn: perfilMedia.id,
      stateColumn: perfilMedia.estado,
      id: mediaId,
      set: (at, comentario) => ({ comentario, updatedAt: at }),
      notify: { userId: m.userId, titulo: 'Revisión de una imagen de tu galería' },
    });
    return c.json({ message: MSG.updated });
  },
);

export const reviewRoutes = new Hono<AppEnv>()
  .route('/controlinformacionpersonal', identityQueue)
  .route('/perfil/control/media', mediaReview)
  .route('/perfil/control', profileQueue)
  .route('/publicaciones/control', publicationQueue);
