// Global setup of the api-workerd project: bundles the test Worker entry once, the way
// `wrangler deploy` bundles the production one, and hands its path to every test file.
import type { TestProject } from 'vitest/node';
import { buildWorkerBundle } from './worker-bundle';

export default async function setup(project: TestProject) {
  const bundle = await buildWorkerBundle('tests/setup/worker-test-entry.ts');
  project.provide('workerTestBundle' as never, { dir: bundle.dir, scriptPath: bundle.scriptPath } as never);
  return () => bundle.dispose();
}
