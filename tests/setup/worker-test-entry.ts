// TEST-ONLY Worker entry: the production Worker (worker/edge/worker.ts) with seams a test needs
// per request — its own database (one Hrana server per test app), the test's clock, the caller's
// address and rate-limit budget. Bundled by tests/setup/worker-bundle.ts; never deployed:
// wrangler.toml's `main` is worker/index.ts, which passes no seams.
import { createWorker } from '../../worker/edge/worker';
import { memoryLimiter, type LimiterWindows } from '../../worker/platform/adapters/memory-limiter';
import { enforcePbkdf2Ceiling } from './pbkdf2-ceiling';

const windows = new Map<string, LimiterWindows>();

// Production's PBKDF2 ceiling, which local workerd does not enforce: deriving with more than
// 100,000 iterations fails on Cloudflare with NotSupportedError. With it here every login of the
// workerd suite proves the configured count fits (tests/api/pbkdf2-ceiling.test.ts).
enforcePbkdf2Ceiling();

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
      withoutGateway: h.get('x-test-gateway') === 'off',
      ...(h.get('x-test-factus')
        ? { invoicingEnv: JSON.parse(h.get('x-test-factus')!) as Record<string, string> }
        : {}),
      ...(h.get('x-test-files-key')
        ? {
            filesKeys: {
              current: h.get('x-test-files-key')!,
              previous: (h.get('x-test-files-keys-previous') ?? '').split(',').filter(Boolean),
            },
          }
        : {}),
    };
  },
});

// wrangler.toml binds the settlement Workflow (docs/decisions/0020); its class must be exported here too.
export { SettlementWorkflow } from '../../worker/modules/bonuses/settlement-workflow';
export { BackupWorkflow } from '../../worker/modules/jobs/workers';
