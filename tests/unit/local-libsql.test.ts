import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { keepPreparedStatements, localClient } from '../../worker/platform/adapters/local-libsql';

// The Node runtime keeps prepared statements per connection (worker/platform/adapters/local-libsql.ts).
// A kept statement must answer exactly as a fresh one would: after errors, schema changes and
// rolled-back batches.
describe('kept prepared statements (Node)', () => {
  it('one statement per SQL text and connection', () => {
    keepPreparedStatements();
    const req = createRequire(createRequire(import.meta.url).resolve('@libsql/client'));
    const Database = req('libsql') as new (path: string) => { prepare(sql: string): unknown; close(): void };
    const [a, b] = [new Database(':memory:'), new Database(':memory:')];
    expect(a.prepare('select 1')).toBe(a.prepare('select 1'));
    expect(a.prepare('select 1')).not.toBe(b.prepare('select 1'));
    expect(a.prepare('select 2')).not.toBe(a.prepare('select 1'));
  });

  it('answers as a fresh statement after a constraint error, a schema change and a failed batch', async () => {
    const db = localClient({ url: ':memory:' });
    await db.execute('create table t (id integer primary key, name text not null unique)');
    const insert = (name: string) => db.execute({ sql: 'insert into t (name) values (?)', args: [name] });
    const names = async () => (await db.execute('select * from t order by id')).rows.map((r) => ({ ...r }));
    await insert('a');
    await expect(insert('a')).rejects.toMatchObject({ code: expect.stringContaining('SQLITE_CONSTRAINT') });
    await insert('b');
    expect(await names()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    // The same `select *` text, now with one more column.
    await db.execute(
      "-- a migration may open with a comment\nalter table t add column note text default 'x'",
    );
    expect(await names()).toEqual([
      { id: 1, name: 'a', note: 'x' },
      { id: 2, name: 'b', note: 'x' },
    ]);
    // A batch that fails half way leaves nothing behind, and the next one works.
    await expect(
      db.batch(
        [
          { sql: 'insert into t (name) values (?)', args: ['c'] },
          { sql: 'insert into t (name) values (?)', args: ['a'] },
        ],
        'write',
      ),
    ).rejects.toBeTruthy();
    await db.batch([{ sql: 'insert into t (name) values (?)', args: ['d'] }], 'write');
    expect((await names()).map((r) => r.name)).toEqual(['a', 'b', 'd']);
    // Many different texts: the oldest are dropped, the answers stay right.
    for (let i = 0; i < 600; i++) expect((await db.execute(`select ${i} as n`)).rows[0]!.n).toBe(i);
    expect((await db.execute('select count(*) as n from t')).rows[0]!.n).toBe(3);
    db.close();
  });
});
