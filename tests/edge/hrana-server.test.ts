// The test Hrana server (worker/tools/hrana-server.ts) against the very client the Worker uses,
// @libsql/client/web, from Node: value round trips, batches with their step conditions (what
// `client.batch` and drizzle's `db.batch` send), a failing batch rolling back, interactive
// transactions kept across requests by the baton, and `executeMultiple` (a `sequence`).
import { createClient as createFileClient } from '@libsql/client';
import { createClient, LibsqlBatchError, type Client } from '@libsql/client/web';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../worker/db/schema';
import { createDb } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { startHranaServer, type HranaServer } from '../../worker/tools/hrana-server';

let dir: string;
let hrana: HranaServer;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hrana-'));
  const file = join(dir, 'db.sqlite');
  const local = createFileClient({ url: `file:${file}` });
  await local.execute('PRAGMA journal_mode = WAL');
  await migrateDb(createDb(local));
  local.close();
  hrana = await startHranaServer(file);
  client = createClient({ url: hrana.url });
  await client.execute(
    'create table t (id integer primary key, n integer, r real, s text, b blob, u text unique)',
  );
});

afterAll(async () => {
  client?.close();
  await hrana?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('hrana test server', () => {
  it('round-trips every value type and reports affected rows and the last rowid', async () => {
    const blob = new Uint8Array([0, 1, 254, 255]);
    const ins = await client.execute({
      sql: 'insert into t (n, r, s, b) values (?, ?, ?, ?)',
      args: [9007199254740993n, 2.5, 'añ"o', blob],
    });
    expect(ins.rowsAffected).toBe(1);
    expect(ins.lastInsertRowid).toBe(1n);
    const big = createClient({ url: hrana.url, intMode: 'bigint' });
    const row = (await big.execute('select id, n, r, s, b, u, 3.0 as f from t')).rows[0]!;
    big.close();
    expect(row.n).toBe(9007199254740993n);
    expect(row.r).toBe(2.5);
    expect(row.f).toBe(3);
    expect(typeof row.f).toBe('number'); // a REAL stays a float even when whole
    expect(row.s).toBe('añ"o');
    expect(new Uint8Array(row.b as ArrayBuffer)).toEqual(blob);
    expect(row.u).toBeNull();
    const sel = await client.execute({
      sql: 'select count(*) as c from t where s = :s',
      args: { s: 'añ"o' },
    });
    expect(sel.rows[0]!.c).toBe(1);
    expect(sel.rowsAffected).toBe(0);
    expect(sel.columns).toEqual(['c']);
  });

  it('runs a batch in one transaction and rolls the whole of it back when a step fails', async () => {
    const ok = await client.batch(
      ["insert into t (u) values ('a')", "insert into t (u) values ('b') returning id"],
      'write',
    );
    expect(ok[0]!.rowsAffected).toBe(1);
    expect(ok[1]!.rows).toHaveLength(1);
    const err = await client
      .batch(["insert into t (u) values ('c')", "insert into t (u) values ('a')"], 'write')
      .catch((e) => e);
    expect(err).toBeInstanceOf(LibsqlBatchError);
    expect((err as LibsqlBatchError).statementIndex).toBe(1);
    expect((err as LibsqlBatchError).code).toMatch(/^SQLITE_CONSTRAINT/);
    const us = await client.execute('select u from t where u is not null order by u');
    expect(us.rows.map((r) => r.u)).toEqual(['a', 'b']);
    expect(hrana.log).toContain('ROLLBACK');
  });

  it("serves drizzle's db.batch", async () => {
    const db = createDb(client);
    const [count, one] = await db.batch([
      db.select({ c: sql<number>`count(*)` }).from(permissions),
      db.run(sql`select 1`),
    ]);
    expect(count[0]!.c).toBe(0);
    expect(one.rows[0]![0]).toBe(1);
  });

  it('keeps an interactive transaction on its stream across requests (baton)', async () => {
    const tx = await client.transaction('write');
    await tx.execute("insert into t (u) values ('tx')");
    expect((await tx.execute("select count(*) as c from t where u = 'tx'")).rows[0]!.c).toBe(1);
    await tx.rollback();
    expect((await client.execute("select count(*) as c from t where u = 'tx'")).rows[0]!.c).toBe(0);

    const tx2 = await client.transaction('write');
    await tx2.execute("insert into t (u) values ('tx2')");
    await tx2.commit();
    expect((await client.execute("select count(*) as c from t where u = 'tx2'")).rows[0]!.c).toBe(1);
  });

  it('executes a multi-statement sequence', async () => {
    await client.executeMultiple("insert into t (u) values ('m1'); insert into t (u) values ('m2');");
    expect((await client.execute("select count(*) as c from t where u like 'm%'")).rows[0]!.c).toBe(2);
  });

  it('answers an SQL error as a Hrana error with the SQLite code', async () => {
    const err = await client.execute('select * from nope').catch((e) => e);
    expect(err.message).toMatch(/no such table/);
    expect(err.code).toMatch(/^SQLITE_ERROR/);
  });
});
