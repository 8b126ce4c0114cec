import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { configPermission } from '../../shared/permissions';
import { RESOURCES } from '../../shared/resources';
import { columnOf, tableOf } from '../resources';

/** The registry entries member screens read (their `firstRun`), in registry order. */
export const MEMBER_CATALOGUES = RESOURCES.flatMap((def) => (def.firstRun ? [{ def, ...def.firstRun }] : []));

/** The member catalogues with no active row that this user may maintain (can view). */
export async function firstRunChecklist(db: Db, held: ReadonlySet<string>) {
  const visible = MEMBER_CATALOGUES.filter((c) => held.has(configPermission(c.def.section, 'view')));
  const counts = await Promise.all(
    visible.map((c) => {
      const table = tableOf(c.def.key);
      return db
        .select({ n: count() })
        .from(table)
        .where(eq(columnOf(table, 'activo'), true))
        .get();
    }),
  );
  const pending = visible
    .map((c, i) => ({
      key: c.def.key,
      label: c.def.label,
      route: c.def.route,
      usado_en: c.usedBy,
      requerido: !!c.required,
      activos: counts[i]?.n ?? 0,
    }))
    .filter((c) => c.activos === 0)
    .map(({ activos: _, ...c }) => c);
  return { pendientes: pending, revisados: visible.length };
}
