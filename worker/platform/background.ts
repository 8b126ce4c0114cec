import type { Context } from 'hono';

/**
 * Work the answer need not wait for (a session's last-use stamp, mail handed to the outbox). On
 * Workers it goes to `waitUntil`, so the response leaves first and the runtime still lets it
 * finish; on Node, where there is no execution context, it simply runs on. Failures are logged.
 */
export function afterResponse(c: Context, work: () => Promise<unknown>): void {
  const run = work().catch((err) => console.error('background work failed', err));
  let ctx: { waitUntil(p: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined; // Node: Hono throws when no execution context was given
  }
  ctx?.waitUntil(run);
}
