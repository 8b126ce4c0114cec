import type { Context } from 'hono';

const pending = new Set<Promise<void>>();

/**
 * Hands slow side work (sending a mail) off the request, so the answer never waits for it and
 * costs the same whether or not there was anything to send (issue 13 item 3): to
 * `executionCtx.waitUntil` on Workers; on Node, where there is no execution context (Hono's getter
 * throws), to the next turn of the event loop. Callers hand off on every path, known e-mail or not.
 */
export function handOff(c: Context, task: () => Promise<void>): void {
  let ctx: { waitUntil(p: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  const run = new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(task)
    .catch((err) => console.error('[tarea diferida]', err));
  if (ctx) ctx.waitUntil(run);
  else {
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }
}

/** Resolves once every task handed off on Node has finished (tests read the outbox after it). */
export async function handOffsSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
