// Global setup of the edge project: builds the production Worker bundle (wrangler.toml's `main`)
// once, the way `wrangler deploy` bundles it, and hands its path to every test file
// (tests/setup/edge-bundle.ts). Each file used to run `wrangler deploy --dry-run` itself.
import type { TestProject } from 'vitest/node';
import { buildWorkerBundle } from './worker-bundle';

export default async function setup(project: TestProject) {
  const bundle = await buildWorkerBundle();
  project.provide(
    'edgeBundle' as never,
    { dir: bundle.dir, scriptPath: bundle.scriptPath, output: bundle.output } as never,
  );
  return () => bundle.dispose();
}
