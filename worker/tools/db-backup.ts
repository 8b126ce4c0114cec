// `npm run db:backup -- FILE`: a consistent logical backup of DATABASE_URL (the local file, or Turso
// with LIBSQL_AUTH_TOKEN) while the app keeps serving (docs/operations.md).
import { createClient } from '@libsql/client';
import { localClient } from '../platform/adapters/local-libsql';
import { writeBackupFile } from './backup-file';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run db:backup -- ARCHIVO.ndjson.gz   (la base es DATABASE_URL)');
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? 'file:data/app.db';
const client = url.startsWith('file:')
  ? localClient({ url })
  : createClient({ url, authToken: process.env.LIBSQL_AUTH_TOKEN });
const started = performance.now();
try {
  const r = await writeBackupFile(client, file);
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Respaldo escrito en ${file}: ${r.tables} tablas, ${r.rows} filas, ${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${secs} s (${url.replace(/\/\/.*@/, '//')}).`,
  );
} finally {
  client.close();
}
