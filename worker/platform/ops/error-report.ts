// Error reporting behind a port (docs/decisions/0354): off without SENTRY_DSN; with it, each
// unhandled error goes to Sentry as an envelope (Sentry's public protocol: develop.sentry.dev,
// "Envelopes" and "Authentication"), scrubbed of personal data before it leaves.
import { scrubbedError, scrubText } from './scrub';

export type ErrorContext = {
  requestId?: string;
  route?: string | null;
  method?: string;
  userId?: number | null;
  /** A scheduled job's key, for failures outside a request. */
  job?: string;
  /** The version that failed, when not the server's own (the SPA's build). */
  release?: string;
};

export interface ErrorReporter {
  capture(err: unknown, context: ErrorContext): Promise<void>;
}

export const noReporter: ErrorReporter = { capture: async () => {} };

export type Dsn = { origin: string; publicKey: string; projectId: string; raw: string };

/** `{PROTOCOL}://{PUBLIC_KEY}[:{SECRET}]@{HOST}{PATH}/{PROJECT_ID}`; undefined when malformed. */
export function parseDsn(raw: string | undefined): Dsn | undefined {
  if (!raw?.trim()) return undefined;
  try {
    const url = new URL(raw.trim());
    const parts = url.pathname.split('/').filter(Boolean);
    const projectId = parts.pop();
    if (!url.username || !projectId) return undefined;
    const path = parts.length ? `/${parts.join('/')}` : '';
    return {
      origin: `${url.protocol}//${url.host}${path}`,
      publicKey: url.username,
      projectId,
      raw: raw.trim(),
    };
  } catch {
    return undefined;
  }
}

const SDK = { name: 'members-backoffice.envelope', version: '1.0.0' };

/** V8 stack lines (`at fn (file:line:col)`) as Sentry frames, oldest first. */
export function framesOf(stack: string | undefined) {
  const frames: { function?: string; filename: string; lineno?: number; colno?: number; in_app: boolean }[] =
    [];
  for (const line of (stack ?? '').split('\n')) {
    const m = /^\s*at (?:(.+?) \()?(.+?)(?::(\d+))?(?::(\d+))?\)?$/.exec(line);
    if (!m) continue;
    const filename = m[2]!;
    frames.push({
      ...(m[1] ? { function: m[1] } : {}),
      filename,
      ...(m[3] ? { lineno: Number(m[3]) } : {}),
      ...(m[4] ? { colno: Number(m[4]) } : {}),
      in_app: !filename.includes('node_modules'),
    });
  }
  return frames.reverse().slice(-50);
}

const hex32 = () => crypto.randomUUID().replaceAll('-', '');

/** The event and its envelope (one `event` item, its length declared), as the docs describe. */
export function envelopeFor(
  err: unknown,
  context: ErrorContext,
  opts: { dsn: Dsn; release?: string; environment?: string; platform?: string; now: number },
) {
  const e = scrubbedError(err);
  const eventId = hex32();
  const frames = framesOf(e.stack);
  const event = {
    event_id: eventId,
    timestamp: opts.now / 1000,
    platform: opts.platform ?? 'javascript',
    level: 'error',
    logger: 'api',
    ...(context.release || opts.release ? { release: context.release || opts.release } : {}),
    environment: opts.environment ?? 'production',
    ...(context.route || context.job
      ? { transaction: scrubText(context.job ?? `${context.method} ${context.route}`) }
      : {}),
    // Ids this app made (the request's, a job's key): nothing personal to scrub.
    tags: {
      ...(context.requestId ? { request_id: context.requestId } : {}),
      ...(context.job ? { job: context.job } : {}),
    },
    ...(context.userId ? { user: { id: String(context.userId) } } : {}),
    exception: {
      values: [{ type: e.type, value: e.message, ...(frames.length ? { stacktrace: { frames } } : {}) }],
    },
    sdk: SDK,
  };
  const payload = JSON.stringify(event);
  const header = JSON.stringify({ event_id: eventId, sent_at: new Date(opts.now).toISOString(), sdk: SDK });
  const item = JSON.stringify({
    type: 'event',
    length: new TextEncoder().encode(payload).length,
    content_type: 'application/json',
  });
  return { eventId, body: `${header}\n${item}\n${payload}\n`, event };
}

/** `X-Sentry-Auth` for a DSN (protocol version 7; the secret part is deprecated and never sent). */
export const sentryAuth = (dsn: Dsn) =>
  `Sentry sentry_version=7, sentry_client=${SDK.name}/${SDK.version}, sentry_key=${dsn.publicKey}`;

/** The envelope endpoint of a DSN: `{BASE_URI}/api/{PROJECT_ID}/envelope/`. */
export const envelopeUrl = (dsn: Dsn) => `${dsn.origin}/api/${dsn.projectId}/envelope/`;

/** Posts each error to Sentry; a failing or slow Sentry never fails the caller. */
export function sentryReporter(
  dsn: Dsn,
  opts: { release?: string; environment?: string; fetch?: typeof fetch; now?: () => number } = {},
): ErrorReporter {
  const send = opts.fetch ?? fetch;
  return {
    async capture(err, context) {
      const { body } = envelopeFor(err, context, { dsn, ...opts, now: (opts.now ?? Date.now)() });
      try {
        const res = await send(envelopeUrl(dsn), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-sentry-envelope',
            'X-Sentry-Auth': sentryAuth(dsn),
            'User-Agent': `${SDK.name}/${SDK.version}`,
          },
          body,
        });
        await res.body?.cancel();
        if (!res.ok) console.warn(JSON.stringify({ level: 'warn', msg: 'sentry', status: res.status }));
      } catch {
        console.warn(JSON.stringify({ level: 'warn', msg: 'sentry', status: 'unreachable' }));
      }
    },
  };
}
