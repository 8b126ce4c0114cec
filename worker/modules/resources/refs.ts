import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { MSG } from '../../shared/messages';
import { columnOf, tableOf } from './tables';

/** Collects `{field: ['El campo es inválido']}` for ids that are not active rows of a registry table. */
export async function missingRefs(
  db: Db,
  checks: { field: string; resource: string; ids: (number | null | undefined)[] }[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const c of checks) {
    const ids = [...new Set(c.ids.filter((x): x is number => typeof x === 'number'))];
    if (!ids.length) continue;
    const table = tableOf(c.resource);
    const [{ n }] = (await db
      .select({ n: count() })
      .from(table)
      .where(and(inArray(columnOf(table, 'id'), ids), eq(columnOf(table, 'activo'), true)))) as [
      { n: number },
    ];
    if (n !== ids.length) errors[c.field] = [MSG.invalid];
  }
  return errors;
}

/** Labels of registry rows by id, for showing a member's choices. */
export async function labelsOf(
  db: Db,
  resource: string,
  ids: number[],
  labelField = 'nombre',
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const table = tableOf(resource);
  const rows = await db
    .select({ id: columnOf(table, 'id'), label: columnOf(table, labelField) })
    .from(table)
    .where(inArray(columnOf(table, 'id'), ids));
  return new Map(rows.map((r) => [r.id as number, r.label as string]));
}
