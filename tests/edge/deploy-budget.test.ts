// Deploy checks (docs/decisions/0356): `wrangler deploy --dry-run --outdir` builds the Worker and
// `wrangler pages functions build` the Pages Function, as a deploy would; each compressed bundle
// stays under a budget with room below Cloudflare's limit (3 MB compressed on the Free plan, 10 MB
// on Paid), and each starts (parses and runs its global scope) well within the 1 s limit, measured
// in workerd with V8's profiler as `wrangler check startup` does.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionBundle } from '../setup/edge-bundle';
import { startupMs } from '../setup/startup';
import { buildPagesFunctions, ROOT, type WorkerBundle } from '../setup/worker-bundle';

/** Half the Free plan's 3 MB: a deploy that fails this still fits, and we hear of it first. */
export const COMPRESSED_BUDGET_BYTES = 1.5 * 1024 * 1024;
const STARTUP_LIMIT_MS = 1000;

const compressed = (bundle: WorkerBundle) =>
  readdirSync(bundle.dir)
    .filter((f) => /\.(js|mjs|wasm)$/.test(f))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(bundle.dir, f)), { level: 9 }).length, 0);

/**
 * The fastest of five: start-up is the same work every time, and a busy machine (the suite runs
 * files side by side on two cores) only adds to it.
 */
async function startup(bundle: WorkerBundle, flags: string[] = []) {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await startupMs(bundle, flags));
  return Math.min(...runs);
}

let worker: WorkerBundle;
let pages: WorkerBundle | undefined;
beforeAll(async () => {
  worker = await productionBundle();
  if (existsSync(join(ROOT, 'web', 'dist-server', 'server-render.js'))) pages = await buildPagesFunctions();
}, 180_000);
afterAll(() => pages?.dispose());

describe('deploy checks', () => {
  it('keeps the Worker bundle under its compressed budget (wrangler says the same size)', () => {
    const size = compressed(worker);
    const said = /Total Upload: [\d.]+ KiB \/ gzip: ([\d.]+) KiB/.exec(worker.output);
    console.log(
      `Worker: ${(size / 1024).toFixed(0)} KiB comprimido (presupuesto ${COMPRESSED_BUDGET_BYTES / 1024} KiB)`,
    );
    expect(said, worker.output).not.toBeNull();
    expect(Number(said![1]) * 1024).toBeLessThan(COMPRESSED_BUDGET_BYTES);
    expect(size).toBeLessThan(COMPRESSED_BUDGET_BYTES);
  });

  it('starts the Worker in workerd within the 1 s start-up limit', async () => {
    const ms = await startup(worker);
    console.log(`Worker: arranque ${ms.toFixed(0)} ms (límite ${STARTUP_LIMIT_MS} ms)`);
    expect(ms).toBeLessThan(STARTUP_LIMIT_MS);
  }, 120_000);

  it('builds the Pages Function, under the same budget and limit', async () => {
    if (!pages) throw new Error('Compile antes: npm run build (web/dist-server)');
    const size = compressed(pages);
    const ms = await startup(pages, ['nodejs_als']);
    console.log(`Pages Function: ${(size / 1024).toFixed(0)} KiB comprimido, arranque ${ms.toFixed(0)} ms`);
    expect(size).toBeLessThan(COMPRESSED_BUDGET_BYTES);
    expect(ms).toBeLessThan(STARTUP_LIMIT_MS);
  }, 120_000);
});
