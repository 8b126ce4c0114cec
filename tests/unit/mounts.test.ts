// Each API module is mounted at its own prefix, so the URL says who serves it (decision 0322):
// nothing at the API's root, and no prefix mounted twice.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const app = readFileSync(new URL('../../worker/app.ts', import.meta.url), 'utf8');
const mounts = [...app.matchAll(/\.route\(\s*'([^']*)'/g)].map((m) => m[1]!);

describe('module mounts', () => {
  it('mounts no module at the root and each prefix once', () => {
    expect(mounts).toContain('/bonos');
    expect(mounts.filter((p) => p === '/' || p === '')).toEqual([]);
    expect(mounts.filter((p, i) => mounts.indexOf(p) !== i)).toEqual([]);
  });
});
