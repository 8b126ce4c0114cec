import { eq } from 'drizzle-orm';
import { ciudades, departamentos } from '../../db/schema';
import type { Db } from '../../platform/db';
import { MSG } from '../../shared/messages';
import { missingRefs } from '../resources';

/** Country, department and city must exist, be active and belong together. */
export async function locationErrors(
  db: Db,
  loc: { pais_id: number; departamento_id?: number | null; ciudad_id?: number | null },
  prefix = '',
): Promise<Record<string, string[]>> {
  const errors = await missingRefs(db, [
    { field: `${prefix}pais_id`, resource: 'paises', ids: [loc.pais_id] },
    { field: `${prefix}departamento_id`, resource: 'departamentos', ids: [loc.departamento_id] },
    { field: `${prefix}ciudad_id`, resource: 'ciudades', ids: [loc.ciudad_id] },
  ]);
  if (loc.departamento_id && !errors[`${prefix}departamento_id`]) {
    const d = await db
      .select({ paisId: departamentos.paisId })
      .from(departamentos)
      .where(eq(departamentos.id, loc.departamento_id))
      .get();
    if (d?.paisId !== loc.pais_id) errors[`${prefix}departamento_id`] = [MSG.invalid];
  }
  if (loc.ciudad_id) {
    const c = await db
      .select({ departamentoId: ciudades.departamentoId })
      .from(ciudades)
      .where(eq(ciudades.id, loc.ciudad_id))
      .get();
    if (!loc.departamento_id || c?.departamentoId !== loc.departamento_id)
      errors[`${prefix}ciudad_id`] = [MSG.invalid];
  }
  return errors;
}
