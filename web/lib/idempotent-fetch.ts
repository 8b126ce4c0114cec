// Writes that survive a lost reply (docs/decisions/0120): each write the SPA sends
// carries one Idempotency-Key, made once per call (one submit = one call), and a network failure
// (no reply at all, not a 4xx/5xx) is sent again with the SAME key a bounded number of times,
// waiting longer each time. The server answers a repeat with the first answer and writes nothing.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type RetryPolicy = {
  /** Sends in all, the first included. */
  attempts: number;
  /** The wait before the second send; it doubles for each one after. */
  firstDelayMs: number;
};
export const RETRY: RetryPolicy = { attempts: 3, firstDelayMs: 400 };

/** A fresh key: a random UUID (visible ASCII, 36 characters). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

const isWrite = (method: string | undefined) => WRITES.has((method ?? 'GET').toUpperCase());
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before send number `attempt + 1` (attempt counts from 1). */
export const backoff = (attempt: number, policy: RetryPolicy = RETRY) =>
  policy.firstDelayMs * 2 ** (attempt - 1);

/**
 * Runs `send` and sends again while it fails without a reply (a TypeError: what fetch and the
 * upload's XMLHttpRequest reject with when no answer came), at most `policy.attempts` times in all.
 * An abort, or any reply (whatever its status, also one the caller turned into an error), ends it:
 * a 415 for a 40 MB file is not worth sending twice.
 */
export async function withRetries<T>(
  send: () => Promise<T>,
  opts: { policy?: RetryPolicy; signal?: AbortSignal | null; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const policy = opts.policy ?? RETRY;
  const sleep = opts.sleep ?? wait;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof TypeError) || opts.signal?.aborted || attempt >= policy.attempts) throw err;
      await sleep(backoff(attempt, policy));
      if (opts.signal?.aborted) throw err;
    }
  }
}

/**
 * A fetch for the typed client: a write gets a key (unless the caller set one) and its network
 * failures are retried with that key; a read goes through untouched. A body that is a stream
 * cannot be sent twice and is not retried.
 */
export function idempotentFetch(
  base: typeof fetch = (input, init) => fetch(input, init),
  opts: { policy?: RetryPolicy; sleep?: (ms: number) => Promise<void>; newKey?: () => string } = {},
): typeof fetch {
  return (input, init = {}) => {
    const method = init.method ?? (input instanceof Request ? input.method : 'GET');
    if (!isWrite(method)) return base(input, init);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has(IDEMPOTENCY_HEADER))
      headers.set(IDEMPOTENCY_HEADER, (opts.newKey ?? newIdempotencyKey)());
    const sent = { ...init, headers };
    const once = typeof ReadableStream !== 'undefined' && init.body instanceof ReadableStream;
    return withRetries(() => base(input, sent), {
      policy: once ? { ...(opts.policy ?? RETRY), attempts: 1 } : opts.policy,
      signal: init.signal,
      sleep: opts.sleep,
    });
  };
}
