import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { Clock, Config, Mail, Mailer } from '../ports';
import { outbox } from '../../db/schema';
import { clearAlert, raiseAlert } from '../ops/alerts';
import { scrubbedError } from '../ops/scrub';

/** A message as the console shows it (`npm start`, and `npm run preview:edge` through worker/tools/outbox-printer.ts). */
export const mailText = (mail: Pick<Mail, 'to' | 'subject' | 'body'>) =>
  `[correo] Para: ${mail.to}\n[correo] Asunto: ${mail.subject}\n${mail.body}\n`;

/** What actually hands a message over: the HTTP e-mail API, or the console locally. */
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
}

/** `npm start`: the console is where a developer reads the mail. */
export const consoleTransport: MailTransport = {
  deliver: async (mail) => void console.log(mailText(mail)),
};

/** Deliveries in a row that failed before the operator is told that mail keeps failing. */
export const MAIL_FAILURES_ALERT = 3;
export const MAIL_ALERT_KEY = 'correo:fallando';

export type OutboxOptions = {
  transport?: MailTransport;
  /** For the "mail keeps failing" alert (OPS_EMAIL). */
  config?: Pick<Config, 'opsEmail' | 'appOrigin'>;
};

/**
 * Every message is written to the outbox first, then handed to the transport (docs/decisions/0351):
 * ENVIADO when it took it, FALLIDO with its error otherwise (the status screen resends it). With no
 * transport it stays PENDIENTE: the table is the mail (tests, and a Worker without MAIL_API_URL).
 */
export function outboxMailer(
  db: Db,
  clock: Clock,
  opts: OutboxOptions | boolean = {},
): Mailer & { deliver?(id: number): Promise<boolean> } {
  const { transport, config } =
    typeof opts === 'boolean' ? { transport: opts ? consoleTransport : undefined, config: undefined } : opts;
  const self = {
    async send(mail: Mail) {
      const row = await db
        .insert(outbox)
        .values({ ...mail, createdAt: clock.now() })
        .returning({ id: outbox.id })
        .get();
      if (transport) await self.deliver(row.id);
    },
    /** Hands the stored message to the transport; true when it was taken. */
    async deliver(id: number): Promise<boolean> {
      const mail = await db.select().from(outbox).where(eq(outbox.id, id)).get();
      if (!mail || !transport) return false;
      const at = clock.now();
      try {
        await transport.deliver({ to: mail.to, subject: mail.subject, body: mail.body });
      } catch (err) {
        const error = scrubbedError(err).message.slice(0, 500);
        await db
          .update(outbox)
          .set({
            estado: 'FALLIDO',
            intentos: sql`${outbox.intentos} + 1`,
            ultimoIntentoAt: at,
            ultimoError: error,
          })
          .where(eq(outbox.id, id));
        console.warn(JSON.stringify({ level: 'warn', msg: 'correo fallido', outbox_id: id, error }));
        const last = await db
          .select({ estado: outbox.estado })
          .from(outbox)
          .where(gt(outbox.intentos, 0))
          .orderBy(desc(outbox.ultimoIntentoAt), desc(outbox.id))
          .limit(MAIL_FAILURES_ALERT);
        if (config && last.length === MAIL_FAILURES_ALERT && last.every((r) => r.estado === 'FALLIDO'))
          await raiseAlert(
            { db, clock, mailer: self, config },
            {
              clave: MAIL_ALERT_KEY,
              titulo: 'El correo sigue fallando',
              detalle: `Las últimas ${MAIL_FAILURES_ALERT} entregas de correo fallaron. Último error: ${error}`,
            },
          );
        return false;
      }
      await db
        .update(outbox)
        .set({
          estado: 'ENVIADO',
          intentos: sql`${outbox.intentos} + 1`,
          ultimoIntentoAt: at,
          ultimoError: null,
        })
        .where(and(eq(outbox.id, id)));
      if (config) await clearAlert({ db, clock }, MAIL_ALERT_KEY);
      return true;
    },
  };
  // Without a transport nothing can take a message again: no `deliver` (the resend answers 409).
  return transport ? self : { send: self.send };
}
