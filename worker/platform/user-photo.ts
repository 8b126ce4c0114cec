// A user's photo URL, shown by several modules (account, profile, review, security); the route
// that serves it belongs to the security module (GET /api/v1/seguridad/users/image/:id).
/** The photo's URL carries its version, so a replaced photo is never served from a cache. */
export const photoUrl = (userId: number, photoKey: string | null, updatedAt: number) =>
  photoKey ? `/api/v1/seguridad/users/image/${userId}?v=${updatedAt}` : null;
