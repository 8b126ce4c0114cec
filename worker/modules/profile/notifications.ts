import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { notificaciones } from '../../db/schema';
import { signedIn } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { params } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { id } from '../../shared/schemas/fields';

const idParam = params(v.object({ id: id() }));

export async function notificationsOf(db: Db, userId: number, limit = 100) {
  const [data, [{ unread }]] = await Promise.all([
    db
      .select({
        id: notificaciones.id,
        titulo: notificaciones.titulo,
        mensaje: notificaciones.mensaje,
        entity: notificaciones.entity,
        entity_id: notificaciones.entityId,
        leida_at: notificaciones.leidaAt,
        created_at: notificaciones.createdAt,
      })
      .from(notificaciones)
      .where(eq(notificaciones.userId, userId))
      .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
      .limit(limit),
    db
      .select({ unread: count() })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, userId), isNull(notificaciones.leidaAt))) as unknown as Promise<
      [{ unread: number }]
    >,
  ]);
  return { data, unread };
}

/** A member's own notifications; every signed-in user has this inbox. */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/', signedIn(), async (c) => c.json(await notificationsOf(c.var.db, c.var.user.id)))
  .put('/leidas', signedIn(), async (c) => {
    await c.var.db
      .update(notificaciones)
      .set({ leidaAt: c.var.clock.now() })
      .where(and(eq(notificaciones.userId, c.var.user.id), isNull(notificaciones.leidaAt)));
    return c.json({ message: MSG.updated });
  })
  .put('/:id{[0-9]+}/leida', signedIn(), idParam, async (c) => {
    const row = await c.var.db
      .update(notificaciones)
      .set({ leidaAt: c.var.clock.now() })
      .where(and(eq(notificaciones.id, c.req.valid('param').id), eq(notificaciones.userId, c.var.user.id)))
      .returning()
      .get();
    if (!row) throw notFound();
    return c.json({ message: MSG.updated });
  });
