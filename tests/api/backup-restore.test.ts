// Backup and restore (docs/decisions/0355): the logical backup of an app's database, taken while it
// serves, loaded into a fresh database gives the same rows in every table, and the app signs in on
// it and finds its members (the full-text indexes are rebuilt). On node the source is the embedded
// file; on workerd it is read over Hrana in one read transaction, as `db:backup` reads Turso.
import type { Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compras } from '../../worker/db/schema';
import { dataTables, quoteName, readSchema } from '../../worker/platform/backup/format';
import { restoreBackup, RestoreRefused } from '../../worker/platform/backup/restore';
import { readBackupLines, writeBackupFile } from '../../worker/tools/backup-file';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp } from '../setup/app';

const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clientOf = (db: unknown) => (db as { $client: Client }).$client;

async function tableRows(client: Client) {
  const out: Record<string, unknown[]> = {};
  for (const t of dataTables(await readSchema(client))) {
    const res = await client.execute(`select * from ${quoteName(t.name)} order by rowid`);
    out[t.name] = res.rows.map((r) => Array.from(r));
  }
  return out;
}

describe('db:backup → db:restore', () => {
  it('restores every table row for row into a fresh database, where the app signs in and searches', async () => {
    const t = await makeApp();
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const member = await t.makeUser('respaldada', [P.misCompras]);
    await t.db.insert(compras).values({
      userId: member.id,
      checkoutKey: 'k1',
      totalItems: 1,
      total: 12_345_00,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const made = await t.request('POST', '/api/v1/general/divisionPolitica/ciudades', {
      cookie: admin,
      body: { departamento_id: 1, codigo: '99001', nombre: 'Ciudad Respaldada' },
    });
    expect(made.status, made.text).toBe(201);

    const file = join(dir, `app-${t.target}.ndjson.gz`);
    // On workerd the app keeps serving while the snapshot is read over its own stream (an
    // in-memory database has a single connection: tests/unit/backup-cli.test.ts shows it on a file).
    const [written, during] = await Promise.all([
      writeBackupFile(t.client, file),
      t.target === 'workerd' ? t.request('GET', '/api/v1/auth/session', { cookie: admin }) : { status: 200 },
    ]);
    expect(during.status).toBe(200);
    expect(written.rows).toBeGreaterThan(0);

    const restored = await makeApp({
      prepare: async (db) => {
        const summary = await restoreBackup(clientOf(db) as never, readBackupLines(file));
        expect(summary.problemas_fk).toBe(0);
      },
    });
    expect(await tableRows(restored.client)).toEqual(await tableRows(t.client));

    await restored.login(ADMIN.email, ADMIN.password);
    const cookie = await restored.login(member.email, member.password);
    expect((await restored.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(200);
    const staff = await restored.login(ADMIN.email, ADMIN.password);
    const found = await restored.request('GET', '/api/v1/buscar?q=respaldada', { cookie: staff });
    expect(found.status, found.text).toBe(200);
    expect(found.json.data.miembros.map((m: { id: number }) => m.id)).toContain(member.id);
    // New rows continue after the restored ids (AUTOINCREMENT counters came back too).
    const again = await restored.request('POST', '/api/v1/general/divisionPolitica/ciudades', {
      cookie: staff,
      body: { departamento_id: 1, codigo: '99002', nombre: 'Otra Ciudad' },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.json.data.id).toBeGreaterThan(made.json.data.id);

    // A database that holds tables is refused, and nothing in it changes…
    await expect(restoreBackup(restored.client as never, readBackupLines(file))).rejects.toThrow(
      RestoreRefused,
    );
    expect((await restored.request('GET', '/api/v1/auth/session', { cookie })).status).toBe(200);
    // …unless forced: then it is the backup again (the city made after the restore is gone).
    await restoreBackup(restored.client as never, readBackupLines(file), { force: true });
    expect(await tableRows(restored.client)).toEqual(await tableRows(t.client));
  });
});
