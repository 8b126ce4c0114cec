// `npm run preview:edge`: the production shape on this machine (worker/tools/edge-preview.ts):
// builds the SPA, then serves it with the Worker in workerd through `wrangler dev`, over a local
// database in data/ reached through Hrana, and prints the e-mails the Worker writes to its outbox
// (outbox-printer.ts), as `npm start` does. Ctrl+C stops everything.
import { execFileSync } from 'node:child_process';
import { localSecrets } from '../platform/config-node';
import { startEdgePreview } from './edge-preview';
import { printOutbox } from './outbox-printer';

const port = Number(process.env.PORT ?? 8788);
const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@360web.local',
  password: process.env.ADMIN_PASSWORD ?? 'Admin360web!',
};
const secrets = localSecrets(process.env.SECRETS_FILE ?? 'data/secrets.json');

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
});
const preview = await startEdgePreview({ dir: 'data', port, admin, secrets, output: 'inherit' });
console.log(`\nVista previa del Worker (workerd) en ${preview.origin} — administrador: ${admin.email}\n`);
const mail = await printOutbox(preview.dbFile);
const stop = async () => {
  mail.close();
  await preview.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
