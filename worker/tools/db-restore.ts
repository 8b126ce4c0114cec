// `npm run db:restore -- FILE [--force]`: loads a backup (a file from db:backup, or a folder with
// the parts of a nightly backup downloaded from R2) into the empty database named by DATABASE_URL.
// A database that already holds tables is refused unless --force (docs/operations.md).
import { createClient } from '@libsql/client';
import { localClient } from '../platform/adapters/local-libsql';
import { restoreBackup, RestoreRefused } from '../platform/backup/restore';
import { readBackupLines } from './backup-file';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error(
    'Uso: npm run db:restore -- ARCHIVO.ndjson.gz [--force]   (la base de destino es DATABASE_URL)',
  );
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? 'file:data/app.db';
const client = url.startsWith('file:')
  ? localClient({ url })
  : createClient({ url, authToken: process.env.LIBSQL_AUTH_TOKEN });
try {
  const r = await restoreBackup(client as never, readBackupLines(file), { force });
  const rows = Object.values(r.filas).reduce((s, n) => s + n, 0);
  console.log(`Restaurado en ${url.replace(/\/\/.*@/, '//')}: ${r.tablas} tablas, ${rows} filas.`);
  if (r.problemas_fk)
    console.warn(`Atención: ${r.problemas_fk} filas con referencias rotas (PRAGMA foreign_key_check).`);
} catch (err) {
  if (err instanceof RestoreRefused) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  client.close();
}
