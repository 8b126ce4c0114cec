import type { Context } from 'hono';

const pending = new Set<Promise<unknown>>();

/**
 * Work the answer need not wait for (a session's last-use stamp, a mail handed to the mailer). On
 * Workers it goes to `waitUntil`, so the response leaves first and the runtime still lets it
 * finish; on Node, where there is no execution context, it runs on the next turn of the event
 * loop, so the answer does not include its time either (decision 0030: a known and an unknown
 * e-mail cost the same). Failures are logged.
 */
export function afterResponse(c: Context, work: () => Promise<unknown>): void {
  let ctx: { waitUntil(p: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined; // Node: Hono throws when no execution context was given
  }
  const started = ctx ? work() : new Promise((resolve) => setTimeout(resolve, 0)).then(work);
  const run = started.catch((err) => console.error('background work failed', err));
  if (ctx) return ctx.waitUntil(run);
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** Resolves once the work handed off on Node has finished (tests read the outbox after it). */
export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
