// The production Worker refuses to serve with a broken configuration: a missing or short
// JWT_SECRET or FILES_KEY, a missing PASSWORD_PEPPER or LIBSQL_URL (or a Turso URL without its token) answers 503 and the log names the variable
// (never an empty pepper or a guessed secret). And its Env type is what `wrangler types` makes
// of wrangler.toml today.
import { execFile } from 'node:child_process';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_BINDINGS } from '../setup/edge-stack';
import { productionBundle } from '../setup/edge-bundle';
import { ROOT, type WorkerBundle, workerModules } from '../setup/worker-bundle';

let bundle: WorkerBundle;
beforeAll(async () => {
  bundle = await productionBundle();
}, 120_000);
afterAll(() => bundle?.dispose());

const FULL = { ...EDGE_BINDINGS, LIBSQL_URL: 'http://127.0.0.1:9' };

async function healthWith(bindings: Record<string, string>) {
  const logs: string[] = [];
  const mf = new Miniflare({
    ...workerModules(bundle),
    compatibilityDate: '2026-04-01',
    bindings,
    r2Buckets: ['BLOBS'],
    handleStructuredLogs: (l: { level: string; message: string }) => {
      logs.push(`[${l.level}] ${l.message}`);
    },
  });
  try {
    const res = await mf.dispatchFetch('http://localhost/api/v1/health');
    return { status: res.status, body: await res.json(), logs };
  } finally {
    await mf.dispose();
  }
}

describe('Worker configuration', () => {
  const broken: [string, Record<string, string>, RegExp][] = [
    ['no JWT_SECRET', { ...FULL, JWT_SECRET: '' }, /JWT_SECRET falta/],
    [
      'a short JWT_SECRET',
      { ...FULL, JWT_SECRET: 'corto' },
      /JWT_SECRET tiene 5 bytes; se requieren al menos 32/,
    ],
    ['no PASSWORD_PEPPER', { ...FULL, PASSWORD_PEPPER: '' }, /PASSWORD_PEPPER falta/],
    // Encryption at rest (docs/decisions/0371): no key, no files, so no service.
    ['no FILES_KEY', { ...FULL, FILES_KEY: '' }, /FILES_KEY falta/],
    [
      'a short FILES_KEY',
      { ...FULL, FILES_KEY: 'corta' },
      /FILES_KEY tiene 5 bytes; se requieren al menos 32/,
    ],
    [
      'a short key in FILES_KEYS_PREVIOUS',
      { ...FULL, FILES_KEYS_PREVIOUS: `${'v'.repeat(40)}, corta` },
      /FILES_KEYS_PREVIOUS una clave tiene 5 bytes/,
    ],
    ['no LIBSQL_URL', { ...FULL, LIBSQL_URL: '' }, /LIBSQL_URL falta/],
    [
      'a Turso LIBSQL_URL without LIBSQL_AUTH_TOKEN',
      { ...FULL, LIBSQL_URL: 'libsql://members-backoffice-acme.aws-us-east-1.turso.io' },
      /LIBSQL_AUTH_TOKEN falta \(la base de LIBSQL_URL está en Turso\)/,
    ],
  ];
  for (const [name, bindings, line] of broken) {
    it(`answers 503 and names the variable with ${name}`, async () => {
      const { status, body, logs } = await healthWith(bindings);
      expect(status).toBe(503);
      expect(body).toEqual({ message: 'Servicio no disponible' });
      expect(
        logs.some((l) => l.startsWith('[error]') && line.test(l)),
        logs.join('\n'),
      ).toBe(true);
    });
  }

  it('serves with the full configuration (the database is unreachable here, so health says so)', async () => {
    const { status, body } = await healthWith(FULL);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'error', database: 'unreachable' });
  });

  it('keeps worker/worker-configuration.d.ts in step with wrangler.toml (npm run types:worker)', async () => {
    const out = await new Promise<{ code: number; text: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          'node_modules/wrangler/bin/wrangler.js',
          'types',
          'worker/worker-configuration.d.ts',
          '--strict-vars',
          'false',
          '--check',
        ],
        {
          cwd: ROOT,
          timeout: 90_000,
          env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' },
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, text: `${stdout}${stderr}` }),
      );
    });
    expect(out.code, out.text).toBe(0);
  }, 120_000);
});
