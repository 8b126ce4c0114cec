import { and, asc, eq, inArray } from 'drizzle-orm';
import { imagenes } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The first image of each product, as the URL the shared image route serves. */
export async function productThumbnails(db: Db, productIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const ids = [...new Set(productIds)];
  if (!ids.length) return out;
  const rows = await db
    .select({ ownerId: imagenes.ownerId, id: imagenes.id })
    .from(imagenes)
    .where(and(eq(imagenes.owner, 'productos'), inArray(imagenes.ownerId, ids)))
    .orderBy(asc(imagenes.ownerId), asc(imagenes.orden), asc(imagenes.id));
  for (const r of rows) if (!out.has(r.ownerId)) out.set(r.ownerId, `/api/v1/general/images/${r.id}`);
  return out;
}
