// A lookup table is declared once: its registry entry (worker/shared/resources.ts) and its Drizzle
// table, exported from worker/db/schema under the entry's key. No list maps one to the other; the
// generic router finds the table by the key, and the compiler refuses an entry without such an
// export (worker/modules/resources/tables.ts). Routes, permissions and menu: registry.test.ts.
import { getTableColumns, getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../worker/db/schema';
import { columnOf, tableOf } from '../../worker/modules/resources';
import { localClient } from '../../worker/platform/adapters/local-libsql';
import { createDb } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { RESOURCES } from '../../worker/shared/resources';

/** The SQL name of a column: the schema's property in snake_case (createDb's casing). */
const sqlName = (column: { name: string }) => column.name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

describe("a registry entry's table", () => {
  it('is the schema export named by its key, whatever its SQL name', () => {
    for (const r of RESOURCES) expect(tableOf(r.key), r.key).toBe((schema as Record<string, unknown>)[r.key]);
    expect(getTableName(tableOf('ojos'))).toBe('mp_ojos');
    expect(getTableName(tableOf('terminosycondiciones'))).toBe('terminos_y_condiciones');
    // A schema table that is no entry is not served by the generic router.
    expect(() => tableOf('imagenes')).toThrow('no table for resource imagenes');
  });

  it('exists in the migrated database with the columns of its Drizzle table, form fields among them', async () => {
    const client = localClient({ url: ':memory:' });
    await migrateDb(createDb(client));
    for (const r of RESOURCES) {
      const table = tableOf(r.key);
      const columns = (
        await client.execute({ sql: 'select name from pragma_table_info(?)', args: [getTableName(table)] })
      ).rows.map((row) => String(row.name));
      expect(columns.sort(), r.key).toEqual(Object.values(getTableColumns(table)).map(sqlName).sort());
      for (const f of r.fields)
        expect(columns, `${r.key}.${f.name}`).toContain(sqlName(columnOf(table, f.name)));
    }
    client.close();
  });
});
