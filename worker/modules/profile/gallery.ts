import { and, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { perfilMedia } from '../../db/schema';
import { requires, signedIn } from '../../platform/auth';
import {
  historyInsert,
  actorOf,
  linkedWrite,
  runAudited,
  type Actor,
  type Statement,
} from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { binFiles, fileGone, filesComingBack, restoreFileList } from '../../platform/deleted-files';
import { insertWhereStatement } from '../../platform/guarded-insert';
import type { Db } from '../../platform/db';
import { PERFIL_AUDITED, profileIdOf } from './profile-audit';
import type { AppEnv, BlobStore } from '../../platform/ports';
import { imagesLimitMessage, serveStored, storeImagesWithin } from '../../platform/uploads';
import { params, parseWith } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { GALLERY_MAX } from '../../shared/schemas/profile';
import { tabPermission } from '../../shared/user-tabs';
import { galleryOf } from './gallery-data';
import { STATE } from '../../shared/workflow';

const own = () => requires(P.perfil);
const idParam = params(v.object({ id: id() }));
const reviewer = (held: ReadonlySet<string>) =>
  held.has(P.controlPerfil) ||
  held.has(P.controlPublicaciones) ||
  (held.has(P.usuariosRegistrados) && held.has(tabPermission('galeria')));

const touchProfile = (db: Db, pid: number, actor: Actor, change: Statement[]) =>
  linkedWrite(db, PERFIL_AUDITED, pid, actor, change);

export const galleryRoutes = new Hono<AppEnv>()
  .get('/', own(), async (c) => c.json({ data: await galleryOf(c.var.db, c.var.user.id) }))
  .post('/', own(), async (c) => {
    const { db, clock, user } = c.var;
    const now = clock.now();
    const stored = sql`(select count(*) from ${perfilMedia} where ${perfilMedia.userId} = ${user.id})`;
    // Audited as an edit of the member's profile (its gallery list, decision 0250): over the limit
    // the INSERT adds nothing and the profile row, activity and revision skip with it.
    const actor = actorOf(c, now);
    const ids = await storeImagesWithin(
      c,
      { max: GALLERY_MAX, stored, prefix: `galeria/${user.id}` },
      async (uploads) => {
        const pid = await profileIdOf(db, user.id, actor);
        const [inserted] = await runAudited<[{ id: number }[]]>(
          db,
          touchProfile(db, pid, actor, [
            insertWhereStatement(
              db,
              perfilMedia,
              uploads.map((u, i) => ({
                userId: user.id,
                blobKey: u.key,
                fileName: u.fileName,
                contentType: u.contentType,
                size: u.size,
                orden: sql`${stored} + ${i}`,
                portada: sql`${stored} + ${i} = 0`,
                createdAt: now,
                updatedAt: now,
              })),
              sql`${stored} + ${uploads.length} <= ${GALLERY_MAX}`,
            ),
          ]),
        );
        return inserted;
      },
    );
    const rows = ids.map((id) => ({ id }));
    await db.batch(
      rows.map((r) =>
        historyInsert(db, {
          entity: 'perfil_media',
          entityId: r.id,
          from: null,
          to: STATE.PENDIENTE,
          comentario: 'Imagen cargada',
          userId: user.id,
          at: now,
        }),
      ) as never,
    );
    return c.json({ data: await galleryOf(db, user.id), message: MSG.created }, 201);
  })
  .put('/:id{[0-9]+}/portada', own(), idParam, async (c) => {
    const { db, user } = c.var;
    const mediaId = c.req.valid('param').id;
    const mine = await db
      .select({ id: perfilMedia.id })
      .from(perfilMedia)
      .where(and(eq(perfilMedia.id, mediaId), eq(perfilMedia.userId, user.id)))
      .get();
    if (!mine) throw notFound();
    const actor = actorOf(c);
    const pid = await profileIdOf(db, user.id, actor);
    await runAudited(
      db,
      touchProfile(db, pid, actor, [
        db
          .update(perfilMedia)
          .set({ portada: false })
          .where(and(eq(perfilMedia.userId, user.id), ne(perfilMedia.id, mediaId))),
        db.update(perfilMedia).set({ portada: true }).where(eq(perfilMedia.id, mediaId)),
      ]),
    );
    return c.json({ data: await galleryOf(db, user.id), message: MSG.updated });
  })
  .delete('/:id{[0-9]+}', own(), idParam, async (c) => {
    const { db } = c.var;
    const actor = actorOf(c);
    const pid = await profileIdOf(db, c.var.user.id, actor);
    const mine = and(eq(perfilMedia.id, c.req.valid('param').id), eq(perfilMedia.userId, c.var.user.id));
    // The file goes to the bin, kept for a while so a restore can bring it back (decision 0255).
    const [, deleted] = await runAudited<[unknown, (typeof perfilMedia.$inferSelect)[]]>(
      db,
      touchProfile(db, pid, actor, [
        binFiles(db, sql`select ${perfilMedia.blobKey} as k from ${perfilMedia} where ${mine}`, actor.at),
        db.delete(perfilMedia).where(mine).returning(),
      ]),
    );
    if (!deleted[0]) throw notFound();
    return c.body(null, 204);
  })
  .get('/:id{[0-9]+}/file', signedIn(), idParam, async (c) => {
    const m = await c.var.db
      .select()
      .from(perfilMedia)
      .where(eq(perfilMedia.id, c.req.valid('param').id))
      .get();
    if (!m || (m.userId !== c.var.user.id && !reviewer(c.var.permissions))) throw notFound();
    const blob = await c.var.blobs.get(m.blobKey);
    if (!blob) throw notFound();
    return serveStored(c, blob, m.contentType, m.fileName, true);
  });

const restoredGallery = v.pipe(
  v.array(
    v.object({
      id: v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid)),
      portada: v.optional(v.union([v.boolean(), v.number()]), false),
      archivo: v.optional(v.nullable(v.string())),
    }),
    MSG.invalid,
  ),
  v.maxLength(GALLERY_MAX, imagesLimitMessage(GALLERY_MAX)),
);

/** Why an image of a revision cannot come back. */
export const galleryImageGone = (id: number, days: number) => fileGone(`la imagen ${id} de la galería`, days);
export const GALLERY_NOT_RECORDED = (id: number) =>
  `No se puede restaurar la imagen ${id} de la galería: esta revisión es anterior a que el historial guardara sus archivos.`;

/**
 * The statements that set a member's gallery as a revision left it (decision 0255): images still
 * there keep their row and take the revision's order and cover; images deleted since come back
 * with the same id from their kept file (to review again, PENDIENTE); images added since go to the
 * bin. Refused with 409, before anything is written, when a file is no longer kept.
 */
export async function galleryRestore(
  db: Db,
  blobs: BlobStore,
  userId: number,
  value: unknown,
  actor: Actor,
): Promise<Statement[]> {
  const wanted = parseWith(v.object({ galeria: restoredGallery }), { galeria: value ?? [] }).galeria;
  const current = await db
    .select({ id: perfilMedia.id })
    .from(perfilMedia)
    .where(eq(perfilMedia.userId, userId));
  const present = new Set(current.map((m) => m.id));
  // Only this member's gallery files (keys are `galeria/{userId}/…`).
  const back = await filesComingBack(db, blobs, {
    wanted,
    present,
    prefix: `galeria/${userId}/`,
    notRecorded: GALLERY_NOT_RECORDED,
    gone: galleryImageGone,
    row: (w, archivo, meta, orden): typeof perfilMedia.$inferInsert => ({
      id: w.id,
      userId,
      blobKey: archivo,
      fileName: meta.fileName ?? `imagen-${w.id}`,
      contentType: meta.contentType,
      size: meta.size,
      estado: STATE.PENDIENTE,
      portada: Boolean(w.portada),
      orden,
      createdAt: actor.at,
      updatedAt: actor.at,
    }),
  });
  const mine = eq(perfilMedia.userId, userId);
  return [
    ...restoreFileList(db, {
      list: { table: perfilMedia, id: perfilMedia.id, blobKey: perfilMedia.blobKey, mine },
      wanted,
      present,
      back,
      at: actor.at,
      insert: (rows) => db.insert(perfilMedia).values(rows),
      place: (w, orden) =>
        db
          .update(perfilMedia)
          .set({ orden, portada: Boolean(w.portada) })
          .where(and(eq(perfilMedia.id, w.id), mine)),
    }),
    ...back.map((b) =>
      historyInsert(db, {
        entity: 'perfil_media',
        entityId: b.id!,
        from: null,
        to: STATE.PENDIENTE,
        comentario: 'Imagen restaurada desde el historial',
        userId: actor.userId,
        at: actor.at,
      }),
    ),
  ];
}
