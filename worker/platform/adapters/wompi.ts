// Wompi (Colombia) behind the payment-gateway port, as its public documentation describes it:
// - Web Checkout by redirection (https://docs.wompi.co/docs/colombia/widget-checkout-web/): a GET
//   to https://checkout.wompi.co/p/ with public-key, currency, amount-in-cents, reference,
//   redirect-url and signature:integrity = SHA-256 (hex) of
//   "<reference><amount in cents><currency><integrity secret>".
// - Events (https://docs.wompi.co/docs/colombia/eventos/): a POST whose body carries
//   signature.properties (paths inside `data`, e.g. "transaction.id"), signature.checksum and
//   timestamp; the checksum is SHA-256 of the properties' values in that order, then the
//   timestamp, then the events secret. Compared without regard to case, in constant time.
// The list of properties is the sender's and is not itself signed, so an event must list the
// properties Wompi documents for its type, and its timestamp must be recent (decision 0342).
import { sha256Hex } from '../bytes';
import type { PaymentProvider, WompiKeys } from '../payment-gateway';

export const WOMPI_CHECKOUT = 'https://checkout.wompi.co/p/';

/**
 * The properties Wompi's events page signs for each event type ("Seguridad", the example of
 * transaction.updated): an event of that type whose signature leaves one out is refused. Further
 * properties the event lists are hashed too, in its order ("Los properties pueden variar").
 */
export const WOMPI_SIGNED_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  'transaction.updated': ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'],
};

/**
 * How old an event may be: Wompi retries an unanswered event 30 minutes, 3 hours and 24 hours after
 * the first delivery, with the same body (its timestamp is the event's), so 25 hours lets the last
 * retry in and nothing older (decision 0342). An event more than 5 minutes ahead of our clock is
 * refused too.
 */
export const WOMPI_EVENT_MAX_AGE_MS = 25 * 3_600_000;
export const WOMPI_EVENT_MAX_AHEAD_MS = 5 * 60_000;

/** The event's UNIX time in milliseconds: Wompi sends seconds (its payouts' events, milliseconds). */
function eventTime(ts: number | string): number | null {
  const n = typeof ts === 'number' ? ts : /^\d{1,16}$/.test(ts) ? Number(ts) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  return n >= 1e11 ? n : n * 1000;
}

export const wompiIntegrity = (
  ref: { reference: string; amountInCents: number; currency: string },
  integritySecret: string,
) => sha256Hex(`${ref.reference}${ref.amountInCents}${ref.currency}${integritySecret}`);

const valueAt = (root: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      root,
    );

/** The event's own checksum recomputed: the values of `properties` (in `data`), the timestamp, the secret. */
export function wompiChecksum(
  event: { data: unknown; signature: { properties: string[] }; timestamp: number | string },
  eventsSecret: string,
) {
  const values = event.signature.properties.map((p) => {
    const v = valueAt(event.data, p);
    return v === null || v === undefined ? '' : String(v);
  });
  return sha256Hex(`${values.join('')}${event.timestamp}${eventsSecret}`);
}

function sameText(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

type RawEvent = {
  event?: unknown;
  data?: { transaction?: Record<string, unknown> };
  signature?: { properties?: unknown; checksum?: unknown };
  timestamp?: unknown;
};

export function wompiProvider(keys: WompiKeys): PaymentProvider {
  return {
    name: 'wompi',
    async checkoutUrl(p) {
      const url = new URL(WOMPI_CHECKOUT);
      url.searchParams.set('public-key', keys.publicKey);
      url.searchParams.set('currency', p.currency);
      url.searchParams.set('amount-in-cents', String(p.amountInCents));
      url.searchParams.set('reference', p.reference);
      url.searchParams.set('signature:integrity', await wompiIntegrity(p, keys.integritySecret));
      url.searchParams.set('redirect-url', p.redirectUrl);
      return url.toString();
    },
    async verifyEvent(body, now) {
      const e = body as RawEvent;
      const props = e?.signature?.properties;
      const checksum = e?.signature?.checksum;
      const ts = e?.timestamp;
      if (
        !Array.isArray(props) ||
        !props.length ||
        !props.every((p) => typeof p === 'string') ||
        typeof checksum !== 'string' ||
        (typeof ts !== 'number' && typeof ts !== 'string')
      )
        return null;
      const required = WOMPI_SIGNED_PROPERTIES[String(e.event)] ?? [];
      if (!required.every((p) => props.includes(p))) return null;
      const expected = await wompiChecksum(
        { data: e.data, signature: { properties: props as string[] }, timestamp: ts },
        keys.eventsSecret,
      );
      if (!sameText(expected, checksum.toLowerCase())) return null;
      const at = eventTime(ts);
      if (at === null || at < now - WOMPI_EVENT_MAX_AGE_MS || at > now + WOMPI_EVENT_MAX_AHEAD_MS)
        return { kind: 'stale' };
      const t = e.data?.transaction;
      if (e.event !== 'transaction.updated' || !t) return { kind: 'other', event: String(e.event) };
      return {
        kind: 'transaction',
        transaction: {
          id: String(t.id ?? ''),
          status: String(t.status ?? ''),
          amountInCents: Number(t.amount_in_cents),
          currency: String(t.currency ?? ''),
          reference: String(t.reference ?? ''),
          paymentMethodType: typeof t.payment_method_type === 'string' ? t.payment_method_type : null,
        },
      };
    },
  };
}
