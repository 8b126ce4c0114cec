// Who looked (docs/privacy.md «Quién consultó», decision 0405): the access records of one
// member, newest first. The member reads which area saw which datum and when, with the role; the
// rights desk also reads who it was, the route and from where.
import { desc, eq } from 'drizzle-orm';
import { dataAccessLog, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { accessDatumLabel } from '../../shared/privacy-access';

/** The newest records shown at once; older ones stay in the table. */
export const ACCESS_ROWS = 500;

/** A member's records for the rights desk: with who looked, the route and from where. */
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

/** The member's own records: which area saw which datum, when, with which role (not who). */
export const accessesOf = async (db: Db, ownerId: number) =>
  (await deskAccessesOf(db, ownerId)).map(({ fecha, area, dato, rol }) => ({ fecha, area, dato, rol }));
