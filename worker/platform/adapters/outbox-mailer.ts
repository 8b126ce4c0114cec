import type { Db } from '../db';
import type { Clock, Mail, Mailer } from '../ports';
import { outbox } from '../../db/schema';

/** A message as the console shows it (`npm start`, and `npm run preview:edge` through worker/tools/outbox-printer.ts). */
export const mailText = (mail: Pick<Mail, 'to' | 'subject' | 'body'>) =>
  `[correo] Para: ${mail.to}\n[correo] Asunto: ${mail.subject}\n${mail.body}\n`;

/** Local mailer: writes every message to the outbox table (and the console when asked). */
export function outboxMailer(db: Db, clock: Clock, log = false): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({ ...mail, createdAt: clock.now() });
      if (log) console.log(mailText(mail));
    },
  };
}
