// `npm start`: the app on Node with the embedded libSQL file (ARCHITECTURE.md §1).
import { localSecrets } from './platform/config-node';
import { wompiKeysFrom } from './platform/payment-gateway';
import { factusFromEnv } from './platform/adapters/factus';
import { reminderDays } from './edge/config';
import { startServer } from './server';

const port = Number(process.env.PORT ?? 8787);
const secrets = localSecrets(process.env.SECRETS_FILE ?? 'data/secrets.json');
const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@360web.local',
  password: process.env.ADMIN_PASSWORD ?? 'Admin360web!',
};

const {
  port: bound,
  ports,
  close,
} = await startServer({
  port,
  databaseUrl: process.env.DATABASE_URL ?? 'file:data/app.db',
  blobDir: process.env.BLOB_DIR ?? 'data/blobs',
  appOrigin: process.env.APP_ORIGIN,
  jwtSecret: secrets.jwtSecret,
  pepper: secrets.pepper,
  filesKey: secrets.filesKey,
  filesKeysPrevious: secrets.filesKeysPrevious,
  admin,
  supportEmail: process.env.SUPPORT_EMAIL ?? 'soporte@360web.local',
  ipLimitPerMinute: Number(process.env.IP_LIMIT_PER_MINUTE ?? 60),
  ...reminderDays(process.env.PAYMENT_REMINDER_DAYS),
  logMail: true,
  wompi: wompiKeysFrom(process.env),
  invoicing: factusFromEnv(process.env),
  ...(process.env.MAIL_API_URL && process.env.MAIL_API_KEY
    ? {
        mailApi: {
          url: process.env.MAIL_API_URL,
          key: process.env.MAIL_API_KEY,
          from: process.env.MAIL_FROM,
        },
      }
    : {}),
  opsEmail: process.env.OPS_EMAIL || undefined,
  sentryDsn: process.env.SENTRY_DSN,
  sentryEnvironment: process.env.SENTRY_ENVIRONMENT,
  release: process.env.RELEASE,
});
const local = `http://localhost:${bound}`;
console.log(`\nAplicación lista. Abra ${local} en el navegador (administrador: ${admin.email}).`);
if (ports.config.appOrigin !== local)
  console.log(`Los enlaces de los correos usan APP_ORIGIN=${ports.config.appOrigin}.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => close().then(() => process.exit(0)));
