import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { BlobStore } from '../ports';

/** Local blob port: files under a folder, metadata beside each in a .json file. */
export function fsBlobs(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(join(base, key));
    if (!p.startsWith(base + '/')) throw new Error('invalid blob key');
    return p;
  };
  return {
    async put(key, body, meta) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, body);
      await writeFile(`${p}.meta.json`, JSON.stringify(meta));
    },
    async get(key) {
      const p = pathOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(p), readFile(`${p}.meta.json`, 'utf8')]);
        return { body: new Uint8Array(body), ...(JSON.parse(meta) as { contentType: string; fileName?: string }) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const p = pathOf(key);
      await rm(p, { force: true });
      await rm(`${p}.meta.json`, { force: true });
    },
  };
}
