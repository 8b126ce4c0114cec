// Per-file setup of the api-workerd project: the file's workerd goes away with the file.
import { afterAll } from 'vitest';
import { disposeSharedWorker } from './targets';

afterAll(async () => {
  await disposeSharedWorker();
});
