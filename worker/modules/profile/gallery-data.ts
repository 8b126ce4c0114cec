import { asc, eq } from 'drizzle-orm';
import { perfilMedia } from '../../db/schema';
import type { Db } from '../../platform/db';

export async function galleryOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(perfilMedia)
    .where(eq(perfilMedia.userId, userId))
    .orderBy(asc(perfilMedia.orden), asc(perfilMedia.id));
  return rows.map((m) => ({
    id: m.id,
    file_name: m.fileName,
    estado: m.estado,
    comentario: m.comentario,
    portada: m.portada,
    url: `/api/v1/general/perfilmedia/${m.id}/file`,
    created_at: m.createdAt,
  }));
}
