import type { Db } from '../db';
import type { Clock, Mailer } from '../ports';
import { outbox } from '../../db/schema';

/** Local mailer: writes every message to the outbox table (and the console when asked). */
export function outboxMailer(db: Db, clock: Clock, log = false): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({ ...mail, createdAt: clock.now() });
      if (log) console.log(`[correo] Para: ${mail.to}\n[correo] Asunto: ${mail.subject}\n${mail.body}\n`);
    },
  };
}
