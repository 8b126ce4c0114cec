// The payment-gateway port: a hosted checkout the member is sent to, and the
// gateway's signed events telling us a transaction's outcome. Manual transfer stays the default:
// no provider is configured unless all of its keys are (docs/decisions/0141).
import type { Config } from './ports';
import { wompiProvider } from './adapters/wompi';

export type GatewayStatus = 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR' | 'PENDING' | string;

/** A transaction as the gateway reports it in a verified event. */
export type GatewayTransaction = {
  id: string;
  status: GatewayStatus;
  amountInCents: number;
  currency: string;
  reference: string;
  /** How the member paid at the gateway (Wompi's `payment_method_type`: CARD, NEQUI, PSE…), if said. */
  paymentMethodType?: string | null;
};

export type GatewayEvent =
  | { kind: 'transaction'; transaction: GatewayTransaction }
  /** A verified event of another type: acknowledged, nothing to do. */
  | { kind: 'other'; event: string }
  /** Rightly signed but outside the accepted time window (a replay): refused. */
  | { kind: 'stale' };

export interface PaymentProvider {
  readonly name: string;
  /** The URL of the hosted checkout for one payment (the member's browser is sent there). */
  checkoutUrl(p: {
    reference: string;
    amountInCents: number;
    currency: string;
    redirectUrl: string;
  }): Promise<string>;
  /**
   * The event if its signature is right and covers what the provider documents; null otherwise
   * (the webhook answers 401). `now` (ms) judges the event's own time.
   */
  verifyEvent(body: unknown, now: number): Promise<GatewayEvent | null>;
}

/** The keys of the one adapter there is; all three or none (Config.wompi). */
export type WompiKeys = NonNullable<Config['wompi']>;

/** Wompi's keys from the environment (Node) or the Worker's bindings; undefined unless all three are set. */
export function wompiKeysFrom(env: Partial<Record<string, string | undefined>>): WompiKeys | undefined {
  const t = (v: string | undefined) => (typeof v === 'string' ? v.trim() : '');
  const keys = {
    publicKey: t(env.WOMPI_PUBLIC_KEY),
    integritySecret: t(env.WOMPI_INTEGRITY_SECRET),
    eventsSecret: t(env.WOMPI_EVENTS_SECRET),
  };
  return keys.publicKey && keys.integritySecret && keys.eventsSecret ? keys : undefined;
}

/** The configured provider, if any. */
export function paymentProvider(config: Pick<Config, 'wompi'>): PaymentProvider | undefined {
  return config.wompi ? wompiProvider(config.wompi) : undefined;
}
