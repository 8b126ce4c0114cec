// The production Worker bundle for a test file of the edge project: the one the project's global
// setup built (tests/setup/edge-global.ts), or, when a file runs without it, one built here.
// Disposing the shared bundle is a no-op: the global setup removes it when the run ends.
import { inject } from 'vitest';
import { buildWorkerBundle, type WorkerBundle } from './worker-bundle';

export async function productionBundle(): Promise<WorkerBundle> {
  const shared = inject('edgeBundle' as never) as unknown as Omit<WorkerBundle, 'dispose'> | undefined;
  if (shared) return { ...shared, dispose: () => {} };
  return buildWorkerBundle();
}
