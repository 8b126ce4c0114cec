// `npm run db:migrate`: applies the migrations and the idempotent seed to DATABASE_URL — the
// embedded file locally, or Turso (libsql://…, with LIBSQL_AUTH_TOKEN) before a deploy.
import { createClient } from '@libsql/client';
import { PBKDF2_ITERATIONS } from '../platform/ports';
import { createDb } from '../platform/db';
import { migrateDb } from '../platform/migrate';
import { seed } from '../platform/seed';
import { seedReferenceData } from '../modules/resources';
import { localSecrets } from '../platform/config-node';

const url = process.env.DATABASE_URL ?? 'file:data/app.db';
const pepper = url.startsWith('file:')
  ? localSecrets(process.env.SECRETS_FILE ?? 'data/secrets.json').pepper
  : process.env.PASSWORD_PEPPER;
const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@360web.local',
  password: process.env.ADMIN_PASSWORD ?? 'Admin360web!',
};
if (!url.startsWith('file:') && (!pepper || !process.env.ADMIN_PASSWORD)) {
  console.error(
    'Para una base remota defina PASSWORD_PEPPER (el mismo secreto del Worker) y ADMIN_PASSWORD.',
  );
  process.exit(2);
}
const client = createClient({ url, authToken: process.env.LIBSQL_AUTH_TOKEN });
const db = createDb(client);
await migrateDb(db);
await seed(
  {
    db,
    clock: { now: () => Date.now() },
    config: { pepper: pepper ?? '', pbkdf2Iterations: PBKDF2_ITERATIONS } as never,
  },
  admin,
);
await seedReferenceData(db, Date.now());
console.log(`Migraciones y datos base aplicados en ${url.replace(/\/\/.*@/, '//')}`);
client.close();
