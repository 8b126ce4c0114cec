// One JSON line per API request (docs/decisions/0353): ids and technical fields only — never an
// e-mail, name, document, password, cookie or token (SECURITY row 18). Every answer carries its
// `X-Request-Id`, the error toast shows it («Código: …»), and a member can quote it.
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { Context } from 'hono';
import { afterResponse } from '../background';
import type { AppEnv } from '../ports';
import { countingDb } from './counting-db';
import { scrubbedError } from './scrub';

export const REQUEST_ID_HEADER = 'X-Request-Id';

export type LogLine = {
  time: string;
  level: 'info' | 'warn' | 'error';
  request_id: string;
  method: string;
  /** The matched route's pattern (`/api/v1/general/bancos/:id`), never the path with its values. */
  route: string | null;
  status: number;
  duration_ms: number;
  db_round_trips: number;
  user_id: number | null;
  error?: { type: string; message: string; stack?: string };
};

export type LogSink = (line: LogLine) => void;

/** The runtimes' sink: one line of JSON on the console (Workers Logs parses it into fields). */
export const consoleSink: LogSink = (line) =>
  (line.level === 'error' ? console.error : console.log)(JSON.stringify(line));

/** 16 random hex digits: the request id on Node (the Worker uses Cloudflare's `cf-ray`). */
export const newRequestId = () => {
  const b = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
};

/** The pattern of the route that answered: the last matched one that is not a `use()` middleware. */
export function routeOf(c: Context): string | null {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return null;
}

/** Runs first on `/api/v1`, right after the ports are set. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  const id = c.var.requestId?.(c) || newRequestId();
  c.set('currentRequestId', id);
  const counter = { n: 0 };
  c.set('db', countingDb(c.var.db, counter));
  try {
    await next();
  } finally {
    c.res.headers.set(REQUEST_ID_HEADER, id);
    const status = c.res.status;
    const duration = Math.round(performance.now() - started);
    const failed = status >= 500 && c.error ? scrubbedError(c.error) : undefined;
    const line: LogLine = {
      time: new Date(c.var.clock.now()).toISOString(),
      level: status >= 500 ? 'error' : 'info',
      request_id: id,
      method: c.req.method,
      route: routeOf(c),
      status,
      duration_ms: duration,
      db_round_trips: counter.n,
      user_id: c.var.user?.id ?? null,
      ...(failed ? { error: failed } : {}),
    };
    (c.var.log ?? consoleSink)(line);
    const { metrics, reporter } = c.var;
    if (metrics) {
      metrics.record(c.var.clock.now(), duration, status >= 500);
      if (metrics.due(c.var.clock.now())) afterResponse(c, () => metrics.flush(c.var.db));
    }
    if (failed && reporter)
      afterResponse(c, () =>
        reporter.capture(c.error, {
          requestId: id,
          route: line.route,
          method: line.method,
          userId: line.user_id,
        }),
      );
  }
});
