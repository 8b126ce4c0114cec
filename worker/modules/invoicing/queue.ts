// The documents not yet issued (PENDIENTE or RECHAZADA), oldest first, for the resend list of
// Configuración → Tributario.
import { sql } from 'drizzle-orm';
import { facturas, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bogotaDateTime } from '../../shared/bogota';

export const QUEUE_LIMIT = 200;

type Row = {
  id: number;
  tipo: string;
  compra_id: number;
  prefijo: string | null;
  numero: number | null;
  estado: string;
  fecha: number;
  total: number;
  intentos: number;
  ultimo_error: string | null;
  user_name: string;
};

export async function pendingDocuments(db: Db) {
  const rows =
    await db.all<Row>(sql`select f.id, f.tipo, f.compra_id, f.prefijo, f.numero, f.estado, f.fecha, f.total,
      f.intentos, f.ultimo_error, u.user_name
    from ${facturas} f join ${users} u on u.id = f.user_id
    where f.estado <> 'EMITIDA' order by f.estado desc, f.id limit ${QUEUE_LIMIT}`);
  return rows.map((r) => ({ ...r, fecha: bogotaDateTime(r.fecha) }));
}
