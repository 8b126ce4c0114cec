import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { BlobMeta, BlobStore } from '../ports';

/** Local blob port: files under a folder, metadata beside each in a .json file, streamed both ways. */
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
      const part = `${p}.part`;
      await pipeline(Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>), createWriteStream(part));
      await rename(part, p);
      await writeFile(`${p}.meta.json`, JSON.stringify(meta));
    },
    async get(key) {
      const p = pathOf(key);
      try {
        const [info, meta] = await Promise.all([stat(p), readFile(`${p}.meta.json`, 'utf8')]);
        const body = Readable.toWeb(createReadStream(p)) as unknown as ReadableStream<Uint8Array>;
        return { ...(JSON.parse(meta) as BlobMeta), size: info.size, body };
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
