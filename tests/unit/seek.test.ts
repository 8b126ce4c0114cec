// Keyset paging (docs/decisions/0021): walking a table with seekAfter, page by page, gives exactly
// the rows of one ORDER BY — with NULLs, duplicates, mixed directions and several sort keys.
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { orderBy, seekAfter } from '../../worker/platform/list-query';
import type { SortDir } from '../../worker/shared/list-query';

const t = sqliteTable('t', { id: integer().primaryKey(), a: text(), b: integer() });

describe('seekAfter', async () => {
  const db = drizzle(createClient({ url: ':memory:' }));
  await db.run(sql`create table t (id integer primary key, a text, b integer)`);
  // 60 rows: a in {null, 'x', 'y', 'z'}, b in {null, 1, 2}: many ties, NULLs on both keys.
  const rows = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    a: [null, 'x', 'y', 'z'][(i * 7) % 4] ?? null,
    b: [null, 1, 2][(i * 5) % 3] ?? null,
  }));
  await db.insert(t).values(rows);

  const cases: [string, { by: typeof t.a | typeof t.b | typeof t.id; dir: SortDir }[]][] = [
    ['a asc', [{ by: t.a, dir: 'asc' }]],
    ['a desc', [{ by: t.a, dir: 'desc' }]],
    [
      'a desc, b asc',
      [
        { by: t.a, dir: 'desc' },
        { by: t.b, dir: 'asc' },
      ],
    ],
    [
      'b asc, a desc',
      [
        { by: t.b, dir: 'asc' },
        { by: t.a, dir: 'desc' },
      ],
    ],
    [
      'b desc, a desc',
      [
        { by: t.b, dir: 'desc' },
        { by: t.a, dir: 'desc' },
      ],
    ],
  ];
  for (const [name, sorts] of cases) {
    it(`walks ${name} in pages of 7 exactly as one ORDER BY`, async () => {
      const keys = [...sorts, { by: t.id, dir: 'asc' as const }];
      const order = orderBy(keys);
      const whole = (
        await db
          .select()
          .from(t)
          .orderBy(...order)
      ).map((r) => r.id);
      const walked: number[] = [];
      let last: unknown[] | null = null;
      for (let guard = 0; guard < 20; guard++) {
        const page: { id: number; a: string | null; b: number | null }[] = await db
          .select()
          .from(t)
          .where(last ? seekAfter(keys, last) : undefined)
          .orderBy(...order)
          .limit(7);
        walked.push(...page.map((r) => r.id));
        if (page.length < 7) break;
        const end: Record<string, unknown> = page[page.length - 1]!;
        last = keys.map((k) => end[k.by.name]);
      }
      expect(walked).toEqual(whole);
    });
  }
});
