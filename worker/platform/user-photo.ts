// A user's photo: its URL, shown by several modules (account, profile, review, security), and its
// upload; the route that serves it belongs to the security module (GET /api/v1/seguridad/users/image/:id).
import type { Context } from 'hono';
import { savePhoto, type Actor } from './audit';
import type { AppEnv } from './ports';
import { acceptFile, filesOf, IMAGE_KINDS, storeUpload } from './uploads';

/** The photo's URL carries its version, so a replaced photo is never served from a cache. */
export const photoUrl = (userId: number, photoKey: string | null, updatedAt: number) =>
  photoKey ? `/api/v1/seguridad/users/image/${userId}?v=${updatedAt}` : null;

/**
 * Sets the photo a multipart body carries (`file`) as the user's, from his own screen or the users
 * screen: an image checked like any upload, stored, then saved by savePhoto (the one it replaces,
 * `previous`, goes to the bin; decision 0298).
 */
export async function uploadPhoto(c: Context<AppEnv>, userId: number, actor: Actor, previous: string | null) {
  const [file] = await filesOf(c, 'file');
  const u = await acceptFile(file!, IMAGE_KINDS, 'usuarios');
  await storeUpload(c.var.blobs, u);
  await savePhoto(c.var.db, userId, u.key, actor, { previous });
}
