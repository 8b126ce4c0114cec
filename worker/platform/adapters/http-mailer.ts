import type { Mailer } from '../ports';

/**
 * Production mailer over an HTTP e-mail API that accepts
 * `POST {from, to, subject, text}` with a bearer key (Resend, Postmark-compatible gateways).
 * Configure MAIL_API_URL, MAIL_API_KEY and MAIL_FROM (see README, "Correo").
 */
export function httpMailer(url: string, apiKey: string, from: string): Mailer {
  return {
    async send(mail) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ from, to: mail.to, subject: mail.subject, text: mail.body }),
      });
      if (!res.ok) throw new Error(`mailer answered ${res.status}`);
    },
  };
}
