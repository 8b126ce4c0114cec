// Builds the Cloudflare Worker exactly as `wrangler deploy` would upload it (wrangler.toml, esbuild,
// compatibility settings), without deploying: `wrangler deploy --dry-run --outdir <tmp>`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export type WorkerBundle = { dir: string; scriptPath: string; output: string; dispose(): void };

/** `entry` defaults to wrangler.toml's `main` (the production entry). */
export async function buildWorkerBundle(entry?: string): Promise<WorkerBundle> {
  const dir = mkdtempSync(join(tmpdir(), 'worker-bundle-'));
  const wrangler = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const output = await new Promise<string>((ok, fail) => {
    execFile(
      process.execPath,
      [wrangler, 'deploy', ...(entry ? [entry] : []), '--dry-run', '--outdir', dir],
      {
        cwd: ROOT,
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
      (err, stdout, stderr) =>
        err
          ? fail(new Error(`wrangler deploy --dry-run failed: ${err.message}\n${stdout}\n${stderr}`))
          : ok(`${stdout}${stderr}`),
    );
  });
  const scriptPath = join(dir, entry ? `${basename(entry).replace(/\.ts$/, '')}.js` : 'index.js');
  if (!existsSync(scriptPath)) throw new Error(`wrangler wrote no ${scriptPath}:\n${output}`);
  return { dir, scriptPath, output, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
