/** The photo's URL carries its version, so a replaced photo is never served from a cache. */
export const photoUrl = (userId: number, photoKey: string | null, updatedAt: number) => (photoKey ? `/api/v1/seguridad/users/image/${userId}?v=${updatedAt}` : null);
