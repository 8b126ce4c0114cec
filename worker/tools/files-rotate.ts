// `npm run files:rotate [-- --new-key] [-- --drop-previous]`: brings every file of the local store
// (BLOB_DIR, data/blobs) to the current files key — encrypts files stored before encryption and
// re-wraps the envelopes of older keys — with the same bounded steps the Worker runs
// (worker/platform/file-rotation.ts), walked to the end. `--new-key` first puts a new key in
// data/secrets.json, the old one kept as previous; `--drop-previous` forgets the previous keys of
// data/secrets.json once every file opens with the current one. Stop `npm start` first: a running
// server keeps the key it started with. docs/files-encryption.md.
import { existsSync, readFileSync } from 'node:fs';
import { fsBlobs } from '../platform/adapters/fs-blobs';
import { localClient } from '../platform/adapters/local-libsql';
import { localSecrets, rotateLocalFilesKey, saveSecrets } from '../platform/config-node';
import { createDb } from '../platform/db';
import { fileKeyRing } from '../platform/file-keys';
import { rotateAllFiles } from '../platform/file-rotation';
import { migrateDb } from '../platform/migrate';
import { sealedBlobs } from '../platform/sealed-blobs';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--new-key' && a !== '--drop-previous');
if (unknown.length) {
  console.error(
    `Opción desconocida: ${unknown.join(' ')}. Uso: npm run files:rotate [-- --new-key] [-- --drop-previous]`,
  );
  process.exit(2);
}
const secretsFile = process.env.SECRETS_FILE ?? 'data/secrets.json';
try {
  if (args.includes('--new-key')) {
    rotateLocalFilesKey(secretsFile);
    console.log(`Nueva clave de archivos en ${secretsFile}; la anterior queda como clave previa.`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const secrets = localSecrets(secretsFile);
const url = process.env.DATABASE_URL ?? 'file:data/app.db';
const client = localClient({ url });
const db = createDb(client);
await migrateDb(db);
const ring = fileKeyRing(secrets.filesKey, secrets.filesKeysPrevious);
const blobs = sealedBlobs(fsBlobs(process.env.BLOB_DIR ?? 'data/blobs'), ring);
const result = await rotateAllFiles(
  { db, blobs, clock: { now: () => Date.now() } },
  {
    restart: true,
    onStep: (s) => console.log(`… tramo de ${s.requests} operaciones de almacenamiento`),
  },
);
client.close();
const c = result.counts;
console.log(
  `Clave ${result.kid}: ${c.sealed} cifrados ahora, ${c.rewrapped} re-envueltos, ${c.current} ya al día, ` +
    `${c.missing} sin archivo, ${c.unreadable} ilegibles.`,
);
if (c.unreadable) {
  console.error(
    'Hay archivos que ninguna clave abre (el registro dice cuáles): no retire las claves anteriores.',
  );
  process.exit(1);
}
if (args.includes('--drop-previous') && existsSync(secretsFile)) {
  const stored = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, unknown>;
  delete stored.filesKeysPrevious;
  saveSecrets(secretsFile, stored);
  console.log(`Claves anteriores retiradas de ${secretsFile}.`);
} else if (secrets.filesKeysPrevious.length)
  console.log('Todos los archivos abren con la clave actual: ya puede retirar las claves anteriores.');
