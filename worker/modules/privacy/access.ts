// Who looked (docs/privacy.md «Quién consultó sus datos», decision 0405): the access records of one
// member, newest first. The member reads which area saw which datum and when, with the role; the
// rights desk also reads who it was, the route and from where.
import { desc, eq } from 'drizzle-orm';
import { dataAccessLog, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { accessDatumLabel } from '../../shared/privacy-access';

/** The newest records shown at once (a member with more reads them through the desk). */
export const ACCESS_ROWS = 500;

export async function accessesOf(db: Db, ownerId: number) {
  const rows = await db
    .select({
      createdAt: dataAccessLog.createdAt,
      area: dataAccessLog.area,
      dato: dataAccessLog.dato,
      rol: dataAccessLog.rol,
    })
    .from(dataAccessLog)
    .where(eq(dataAccessLog.ownerId, ownerId))
    .orderBy(desc(dataAccessLog.createdAt), desc(dataAccessLog.id))
    .limit(ACCESS_ROWS);
  return rows.map((r) => ({
    fecha: new Date(r.createdAt).toISOString(),
    area: r.area,
    dato: accessDatumLabel(r.dato),
    rol: r.rol,
  }));
}

/** The same records for the rights desk, with who looked, the route and from where. */
export async function deskAccessesOf(db: Db, ownerId: number) {
  const rows = await db
    .select({
      id: dataAccessLog.id,
      createdAt: dataAccessLog.createdAt,
      area: dataAccessLog.area,
      dato: dataAccessLog.dato,
      rol: dataAccessLog.rol,
      ruta: dataAccessLog.ruta,
      ip: dataAccessLog.ip,
      actorId: dataAccessLog.actorId,
      usuario: users.userName,
    })
    .from(dataAccessLog)
    .leftJoin(users, eq(users.id, dataAccessLog.actorId))
    .where(eq(dataAccessLog.ownerId, ownerId))
    .orderBy(desc(dataAccessLog.createdAt), desc(dataAccessLog.id))
    .limit(ACCESS_ROWS);
  return rows.map((r) => ({
    id: r.id,
    fecha: new Date(r.createdAt).toISOString(),
    area: r.area,
    dato: accessDatumLabel(r.dato),
    rol: r.rol,
    usuario: r.usuario,
    usuario_id: r.actorId,
    ruta: r.ruta,
    ip: r.ip,
  }));
}
