// TEST-ONLY Worker entry: the production Worker (worker/edge/worker.ts) with seams a test needs
// per request — its own database (one Hrana server per test app), the test's clock, the caller's
// address and rate-limit budget. Bundled by tests/setup/worker-bundle.ts; never deployed:
// wrangler.toml's `main` is worker/index.ts, which passes no seams.
import { createWorker } from '../../worker/edge/worker';
import { memoryLimiter, type LimiterWindows } from '../../worker/platform/adapters/memory-limiter';

const windows = new Map<string, LimiterWindows>();

export default createWorker({
  adjust(request) {
    const h = request.headers;
    const libsqlUrl = h.get('x-test-libsql-url') ?? undefined;
    const at = Number(h.get('x-test-now'));
    const clock = Number.isFinite(at) && at > 0 ? { now: () => at } : undefined;
    const limit = Number(h.get('x-test-ip-limit') ?? 1000);
    const scope = libsqlUrl ?? '';
    if (!windows.has(scope)) windows.set(scope, new Map());
    return {
      libsqlUrl,
      clock,
      clientIp: h.get('x-test-ip') ?? '127.0.0.1',
      limiter: clock ? memoryLimiter(clock, limit, windows.get(scope)) : undefined,
    };
  },
});
