// Builds the Cloudflare Worker exactly as `wrangler deploy` would upload it (wrangler.toml, esbuild,
// compatibility settings), without deploying: `wrangler deploy --dry-run --outdir <tmp>`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * The Pages Functions of web/functions as `wrangler pages deploy` builds them (web/wrangler.toml's
 * compatibility settings), one module; they import the renderer, so web/dist-server must be built.
 */
export async function buildPagesFunctions(): Promise<WorkerBundle> {
  const dir = mkdtempSync(join(tmpdir(), 'pages-functions-'));
  const wrangler = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const output = await new Promise<string>((ok, fail) => {
    execFile(
      process.execPath,
      [wrangler, 'pages', 'functions', 'build', 'functions', '--outdir', dir],
      {
        cwd: join(ROOT, 'web'),
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
      (err, stdout, stderr) =>
        err
          ? fail(new Error(`wrangler pages functions build failed: ${err.message}\n${stdout}\n${stderr}`))
          : ok(`${stdout}${stderr}`),
    );
  });
  const scriptPath = join(dir, 'index.js');
  if (!existsSync(scriptPath)) throw new Error(`wrangler wrote no ${scriptPath}:\n${output}`);
  return { dir, scriptPath, output, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Miniflare's module options for a bundle. wrangler writes one self-contained module, so it is named
 * here with its source: given only `scriptPath` and `modules: true`, Miniflare parses the whole
 * bundle (2 MB) in the test process to look for imports, about 2 s of CPU on every boot. A bundle
 * with more modules (wasm, chunks) is left to Miniflare to find, as before.
 */
export function workerModules(bundle: { dir: string; scriptPath: string }) {
  const main = basename(bundle.scriptPath);
  const others = readdirSync(bundle.dir).filter((f) => f !== main && !/\.(map|md)$/.test(f));
  if (others.length)
    return { modules: true as const, scriptPath: bundle.scriptPath, modulesRoot: bundle.dir };
  return {
    modules: [
      {
        type: 'ESModule' as const,
        path: bundle.scriptPath,
        contents: readFileSync(bundle.scriptPath, 'utf8'),
      },
    ],
    modulesRoot: bundle.dir,
  };
}
