import type { Context } from 'hono';
import type { Db } from './db';

/** Object storage: R2 in production, a folder locally, memory in tests. */
export interface BlobStore {
  put(key: string, data: Uint8Array, meta: { contentType: string; fileName?: string }): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string; fileName?: string } | null>;
  delete(key: string): Promise<void>;
}

export interface Mail {
  to: string;
  subject: string;
  body: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
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
}

export interface Ports {
  db: Db;
  blobs: BlobStore;
  mailer: Mailer;
  clock: Clock;
  limiter: Limiter;
  config: Config;
  /** How this runtime learns the caller's address. */
  clientIp(c: Context): string;
}

export type SessionUser = { id: number; email: string; userName: string; photoKey: string | null; updatedAt: number };

export type AppEnv = {
  Variables: Ports & {
    user: SessionUser;
    jti: string;
    permissions: ReadonlySet<string>;
  };
};
