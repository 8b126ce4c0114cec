// `npm run preview:edge` prints e-mails as `npm start` does. The Worker there has no mail API, so
// its outbox mailer writes each message to the outbox table of the preview's database (served over
// Hrana); this reads that file and prints every row added after it started, in the same format.
import { createClient } from '@libsql/client';
import { mailText } from '../platform/adapters/outbox-mailer';

export type OutboxPrinter = { tick(): Promise<void>; close(): void };

/** Prints the outbox rows of `dbFile` added from now on, checking every `everyMs` (0 = only on tick()). */
export async function printOutbox(
  dbFile: string,
  write: (text: string) => void = (text) => console.log(text),
  everyMs = 500,
): Promise<OutboxPrinter> {
  const client = createClient({ url: `file:${dbFile}` });
  let last = Number((await client.execute('select coalesce(max(id), 0) as id from outbox')).rows[0]?.id ?? 0);
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await client.execute({
        sql: 'select id, "to", subject, body from outbox where id > ? order by id',
        args: [last],
      });
      for (const r of rows) {
        last = Number(r.id);
        write(mailText({ to: String(r.to), subject: String(r.subject), body: String(r.body) }));
      }
    } finally {
      busy = false;
    }
  };
  const timer = everyMs > 0 ? setInterval(() => void tick().catch(() => {}), everyMs) : undefined;
  return {
    tick,
    close() {
      clearInterval(timer);
      client.close();
    },
  };
}
