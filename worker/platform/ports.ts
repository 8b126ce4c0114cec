import type { Context } from 'hono';
import type { Db } from './db';
import type { EInvoicing } from './e-invoicing';
import type { ErrorReporter } from './ops/error-report';
import type { MetricsBuffer } from './ops/metrics';
import type { LogSink } from './ops/request-log';

/** A stored file's metadata; `size` is the exact byte length of its body. */
export type BlobMeta = { contentType: string; fileName?: string; size: number };

/**
 * Object storage: R2 in production, a folder locally, memory in tests. Bodies go in and come out
 * as streams of known length, so a 48 MB file is never held twice (docs/decisions/0021).
 */
export interface BlobStore {
  put(key: string, body: ReadableStream<Uint8Array>, meta: BlobMeta): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /**
   * Keys under `prefix` in key order, after `after`, at most `limit` of them; `next` is the `after`
   * of the following page, null at the end (the rotation job walks the store with it).
   */
  list(prefix: string, opts: { after?: string; limit: number }): Promise<BlobPage>;
}
export type StoredBlob = { body: ReadableStream<Uint8Array> } & BlobMeta;
export type BlobPage = { keys: string[]; next: string | null };

export interface Mail {
  to: string;
  subject: string;
  body: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Hands a stored outbox message to the transport again (the status screen's resend). */
  deliver?(outboxId: number): Promise<boolean>;
}

export interface Clock {
  now(): number;
}

/** Fixed-window limiter keyed by client (IP) and action. */
export interface Limiter {
  limit(key: string): Promise<{ success: boolean; retryAfter: number }>;
}

/** PBKDF2 iterations of new hashes: the ceiling Workers enforce in production (SECURITY row 1). */
export const PBKDF2_ITERATIONS = 100_000;
export const SESSION_HOURS = 8;
export const MIN_JWT_SECRET_BYTES = 32;

export interface Config {
  appOrigin: string;
  jwtSecret: Uint8Array;
  pepper: string;
  supportEmail: string;
  sessionHours: number;
  /** PBKDF2 iterations; production's ceiling on Workers is 100,000. */
  pbkdf2Iterations: number;
  /** The payment gateway's keys (decision 0141): without them there is no online payment. */
  wompi?: { publicKey: string; integritySecret: string; eventsSecret: string };
  /** Days an unpaid purchase waits before its owner is reminded once (PAYMENT_REMINDER_DAYS; default 3). */
  paymentReminderDays?: number;
  /** Where operations alerts are e-mailed (OPS_EMAIL); without it they are only recorded. */
  opsEmail?: string;
  /** The deployed version (RELEASE), sent with error reports. */
  release?: string;
}

/** A settlement run to continue after its first bounded step (docs/decisions/0020). */
export type SettlementJob = { clave: string; owner: string; origen: string; actorId: number | null };

/** Continues long jobs somewhere that outlives this invocation: a Cloudflare Workflow on the Worker. */
export interface SettlementRunner {
  /** What one invocation (step) may spend. */
  budget: { requests: number; ms: number };
  chunk?: number;
  /** The id of a new run: the Workflow instance id, also the lease owner of its steps. */
  newOwner(clave: string): string;
  handOver(job: SettlementJob): Promise<void>;
}

export interface Ports {
  db: Db;
  blobs: BlobStore;
  mailer: Mailer;
  clock: Clock;
  limiter: Limiter;
  config: Config;
  /** Absent on Node: a settlement then runs its bounded steps to the end in this process. */
  settlement?: SettlementRunner;
  /** How this runtime learns the caller's address. */
  clientIp(c: Context): string;
  /** The platform's id of this request (`cf-ray` on Workers); absent: one is generated. */
  requestId?(c: Context): string | undefined;
  /** Where request log lines go (the console when absent; tests capture them). */
  log?: LogSink;
  /** Unhandled errors go here (Sentry when SENTRY_DSN is set). */
  reporter?: ErrorReporter;
  /** This process's or isolate's request counts for the status screen (docs/decisions/0352). */
  metrics?: MetricsBuffer;
  /** Continues a nightly backup after its first bounded step (a Workflow on the Worker). */
  backup?: BackupRunner;
  /**
   * The store itself, without the encrypting decorator, for the nightly backup's parts: they are a
   * copy of the database, kept as the database is, and download and restore with `db:restore` as
   * they are (docs/decisions/0355). Absent: `blobs`.
   */
  archive?: BlobStore;
  /** The electronic-invoicing provider (Factus, FACTUS_* variables); absent: invoices wait PENDIENTE. */
  invoicing?: EInvoicing;
}

/** A nightly backup to continue in later invocations (docs/decisions/0355). */
export interface BackupRunner {
  budget: { requests: number; ms: number };
  handOver(job: { clave: string; runId: number }): Promise<void>;
}

/**
 * A verified token whose session row has not been read yet (worker/platform/auth.ts). Routes
 * marked `requiresOnRead` send its statement in the same batch as their own reads (decision
 * 0018); every other route reads it before going on.
 */
export type PendingSession = { values: SessionValues; open: boolean; codes?: readonly string[] };
export type SessionValues = {
  jti: string;
  sub: number;
  kind: 'cookie' | 'bearer';
  now: number;
  known: string;
};

export type SessionUser = {
  id: number;
  email: string;
  userName: string;
  photoKey: string | null;
  updatedAt: number;
};

export type AppEnv = {
  Variables: Ports & {
    user: SessionUser;
    jti: string;
    permissions: ReadonlySet<string>;
    /** A verified token whose session row is still to be read (worker/platform/auth.ts). */
    pendingSession: PendingSession | undefined;
    /** This request's id, also answered as X-Request-Id (worker/platform/ops/request-log.ts). */
    currentRequestId: string;
  };
};
