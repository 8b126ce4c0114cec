// `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (docs/operations.md): the backup is
// taken from a database file while the app serves it and writes; the restore fills an empty
// database, refuses one with tables unless --force, and the app signs in on the copy.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../worker/server';

const dir = mkdtempSync(join(tmpdir(), 'backup-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ADMIN = { email: 'admin@cli.local', password: 'Admin-cli-123' };

function npmRun(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((ok) =>
    execFile(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', `worker/tools/${script}.ts`, ...args],
      { env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) =>
        ok({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

async function serve(file: string) {
  return startServer({
    port: 0,
    databaseUrl: `file:${file}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'cli-secret-cli-secret-cli-secret-cli-secret',
    pepper: 'cli-pepper',
    admin: ADMIN,
    supportEmail: 'soporte@cli.local',
    scheduler: false,
    referenceData: false,
    log: () => {},
  });
}

async function login(port: number) {
  const res = await fetch(`http://localhost:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${port}` },
    body: JSON.stringify(ADMIN),
  });
  return res.status;
}

describe('db:backup and db:restore', () => {
  it('backs up a served database while it writes, and restores it into an empty one only', async () => {
    const source = join(dir, 'app.db');
    const app = await serve(source);
    const file = join(dir, 'respaldo.ndjson.gz');
    // Sign-ins write (sessions) while the backup reads.
    const [backup, ...logins] = await Promise.all([
      npmRun('db-backup', [file], { DATABASE_URL: `file:${source}` }),
      login(app.port),
      login(app.port),
    ]);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Respaldo escrito en .*: \d+ tablas, \d+ filas/);
    expect(logins).toEqual([200, 200]);
    await app.close();

    const target = join(dir, 'restaurada.db');
    const restored = await npmRun('db-restore', [file], { DATABASE_URL: `file:${target}` });
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/Restaurado en .*: \d+ tablas, \d+ filas\./);
    const again = await npmRun('db-restore', [file], { DATABASE_URL: `file:${target}` });
    expect(again.code).toBe(1);
    expect(again.out).toContain('La base de destino no está vacía');
    const forced = await npmRun('db-restore', [file, '--force'], { DATABASE_URL: `file:${target}` });
    expect(forced.code, forced.out).toBe(0);

    const copy = await serve(target);
    try {
      expect(await login(copy.port)).toBe(200);
    } finally {
      await copy.close();
    }
  }, 180_000);
});
