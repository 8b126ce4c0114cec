// The Worker's configuration, read from its bindings once per isolate and checked before any
// request is served: a missing secret answers 503 and the log names it (never an empty pepper).
import { filesKeyProblem, previousKeys } from '../platform/file-keys';
import { wompiKeysFrom } from '../platform/payment-gateway';
import { MIN_JWT_SECRET_BYTES, PBKDF2_ITERATIONS, SESSION_HOURS, type Config } from '../platform/ports';

export type EdgeConfig = {
  config: Config;
  libsqlUrl: string;
  libsqlAuthToken?: string;
  ipLimitPerMinute: number;
  /** The key ring of encryption at rest (FILES_KEY, FILES_KEYS_PREVIOUS; docs/decisions/0371). */
  filesKeys: { current: string; previous: string[] };
};
export type ConfigProblem = { variable: string; problem: string };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The text bindings this reads (WorkerEnv has them; typed apart so Node code can import this). */
export type ConfigBindings = Partial<
  Record<
    | 'JWT_SECRET'
    | 'PASSWORD_PEPPER'
    | 'LIBSQL_URL'
    | 'LIBSQL_AUTH_TOKEN'
    | 'APP_ORIGIN'
    | 'SUPPORT_EMAIL'
    | 'IP_LIMIT_PER_MINUTE'
    | 'WOMPI_PUBLIC_KEY'
    | 'WOMPI_INTEGRITY_SECRET'
    | 'WOMPI_EVENTS_SECRET'
    | 'PAYMENT_REMINDER_DAYS'
    | 'FILES_KEY'
    | 'FILES_KEYS_PREVIOUS'
    | 'OPS_EMAIL'
    | 'RELEASE',
    string
  >
>;

export function readEdgeConfig(env: ConfigBindings): EdgeConfig | ConfigProblem {
  const secret = new TextEncoder().encode(text(env.JWT_SECRET));
  if (!secret.length) return { variable: 'JWT_SECRET', problem: 'falta' };
  if (secret.length < MIN_JWT_SECRET_BYTES)
    return {
      variable: 'JWT_SECRET',
      problem: `tiene ${secret.length} bytes; se requieren al menos ${MIN_JWT_SECRET_BYTES}`,
    };
  // Without it no identity document or photo could be stored or read: refuse everything, as for
  // JWT_SECRET (docs/decisions/0371-files-key-ring-and-rotation.md).
  const filesKey = text(env.FILES_KEY);
  const keyProblem = filesKeyProblem(filesKey);
  if (keyProblem) return { variable: 'FILES_KEY', problem: keyProblem };
  const previous = previousKeys(env.FILES_KEYS_PREVIOUS);
  const oldProblem = previous.map(filesKeyProblem).find((p) => p);
  if (oldProblem) return { variable: 'FILES_KEYS_PREVIOUS', problem: `una clave ${oldProblem}` };
  const pepper = text(env.PASSWORD_PEPPER);
  if (!pepper) return { variable: 'PASSWORD_PEPPER', problem: 'falta' };
  const libsqlUrl = text(env.LIBSQL_URL);
  if (!libsqlUrl) return { variable: 'LIBSQL_URL', problem: 'falta' };
  if (!/^(libsql|https?):\/\//.test(libsqlUrl))
    return { variable: 'LIBSQL_URL', problem: 'debe empezar por libsql://, https:// o http://' };
  // Turso always wants its token; a self-hosted libSQL server may not.
  const libsqlAuthToken = text(env.LIBSQL_AUTH_TOKEN) || undefined;
  if (!libsqlAuthToken && /^[a-z]+:\/\/[^/?#]*\.turso\.io(?::\d+)?(?:[/?#]|$)/i.test(libsqlUrl))
    return { variable: 'LIBSQL_AUTH_TOKEN', problem: 'falta (la base de LIBSQL_URL está en Turso)' };
  const appOrigin = text(env.APP_ORIGIN);
  if (!appOrigin) return { variable: 'APP_ORIGIN', problem: 'falta' };
  const limit = Number(text(env.IP_LIMIT_PER_MINUTE) || 60);
  return {
    libsqlUrl,
    libsqlAuthToken,
    ipLimitPerMinute: Number.isInteger(limit) && limit > 0 ? limit : 60,
    filesKeys: { current: filesKey, previous },
    config: {
      appOrigin,
      jwtSecret: secret,
      pepper,
      supportEmail: text(env.SUPPORT_EMAIL) || 'soporte@example.co',
      sessionHours: SESSION_HOURS,
      pbkdf2Iterations: PBKDF2_ITERATIONS,
      wompi: wompiKeysFrom(env),
      ...reminderDays(env.PAYMENT_REMINDER_DAYS),
      ...(text(env.OPS_EMAIL) ? { opsEmail: text(env.OPS_EMAIL) } : {}),
      ...(text(env.RELEASE) ? { release: text(env.RELEASE) } : {}),
    },
  };
}

/** PAYMENT_REMINDER_DAYS when it is a whole number of days from 1 to 365; the default otherwise. */
export function reminderDays(raw: unknown): { paymentReminderDays?: number } {
  const days = Number(text(raw));
  return text(raw) && Number.isInteger(days) && days >= 1 && days <= 365 ? { paymentReminderDays: days } : {};
}

export const isProblem = (c: EdgeConfig | ConfigProblem): c is ConfigProblem => 'variable' in c;
