// `npm run preview:edge` prints the e-mails the Worker leaves in its outbox, as `npm start` prints
// them (worker/tools/outbox-printer.ts): each new row once, none that was there before it started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { outboxMailer } from '../../worker/platform/adapters/outbox-mailer';
import { localClient } from '../../worker/platform/adapters/local-libsql';
import { createDb } from '../../worker/platform/db';
import { migrateDb } from '../../worker/platform/migrate';
import { printOutbox } from '../../worker/tools/outbox-printer';

const dir = mkdtempSync(join(tmpdir(), 'outbox-printer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('prints each message written after it started, once, in the console format of npm start', async () => {
  const file = join(dir, 'edge.db');
  const client = localClient({ url: `file:${file}` });
  const db = createDb(client);
  await migrateDb(db);
  const mailer = outboxMailer(db, { now: () => 1 });
  await mailer.send({ to: 'antes@example.co', subject: 'Viejo', body: 'ya estaba' });

  const printed: string[] = [];
  const printer = await printOutbox(file, (t) => printed.push(t), 0);
  await mailer.send({ to: 'ana@example.co', subject: 'Restablecer contraseña', body: 'Enlace: http://x/1' });
  await printer.tick();
  await printer.tick();
  await mailer.send({ to: 'luis@example.co', subject: 'Verifique su correo', body: 'Enlace: http://x/2' });
  await printer.tick();
  printer.close();
  client.close();

  expect(printed).toEqual([
    '[correo] Para: ana@example.co\n[correo] Asunto: Restablecer contraseña\nEnlace: http://x/1\n',
    '[correo] Para: luis@example.co\n[correo] Asunto: Verifique su correo\nEnlace: http://x/2\n',
  ]);
});
