import type { Clock, Limiter } from '../ports';

/** Fixed-window counter in process memory (Node and tests); Workers use the rate-limit binding. */
export function memoryLimiter(clock: Clock, limit: number, windowMs = 60_000): Limiter {
  const windows = new Map<string, { start: number; count: number }>();
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
