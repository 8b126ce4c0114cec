import type { MailTransport } from './outbox-mailer';

/**
 * Production mail transport over an HTTP e-mail API that accepts
 * `POST {from, to, subject, text}` with a bearer key (Resend, Postmark-compatible gateways).
 * Configure MAIL_API_URL, MAIL_API_KEY and MAIL_FROM (see README, "Correo"). Messages reach it
 * through the outbox (outbox-mailer.ts), which records each delivery.
 */
export function httpMailer(url: string, apiKey: string, from: string): MailTransport {
  return {
    async deliver(mail) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ from, to: mail.to, subject: mail.subject, text: mail.body }),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`El servicio de correo respondió ${res.status}`);
    },
  };
}
