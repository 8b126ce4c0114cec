import type { Clock, Limiter } from '../ports';

/** Fixed-window counters in memory: plain data, so one set may serve many requests. */
export type LimiterWindows = Map<string, { start: number; count: number }>;

/**
 * Fixed-window limiter in process (or isolate) memory: Node, tests, and the Worker when it has no
 * rate-limit binding. Pass `windows` to keep the counts across limiters built per request.
 */
export function memoryLimiter(
  clock: Clock,
  limit: number,
  windows: LimiterWindows = new Map(),
  windowMs = 60_000,
): Limiter {
  return {
    async limit(key) {
      const now = clock.now();
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        if (windows.size > 10_000) windows.clear();
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return { success: w.count <= limit, retryAfter: Math.ceil((w.start + windowMs - now) / 1000) };
    },
  };
}
