import { sql, type SQL } from 'drizzle-orm';
import { suscripciones } from '../../db/schema';

/**
 * A member's subscription state as the tree and grids show it: APROBADO while one is running,
 * VENCIDA when the latest approved one ended, PENDIENTE while unpaid, null when there is none.
 */
export const subscriptionState = (userId: SQL | ReturnType<typeof sql>, now: number) => sql<string | null>`(
  select case
    when max(case when s.estado = 'APROBADO' and s.fecha_inicio <= ${now} and s.fecha_fin >= ${now} then 1 else 0 end) = 1 then 'APROBADO'
    when max(case when s.estado = 'PENDIENTE' then 1 else 0 end) = 1 then 'PENDIENTE'
    when max(case when s.estado = 'APROBADO' then 1 else 0 end) = 1 then 'VENCIDA'
    else null end
  from ${suscripciones} s where s.user_id = ${userId})`;
