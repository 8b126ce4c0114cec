import { createWriteStream } from 'node:fs';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { BlobMeta, BlobStore } from '../ports';

/**
 * A file's bytes as a web stream, opened on the first pull and closed at the end or on cancel.
 * Not `Readable.toWeb(createReadStream())`: on Node 20 cancelling that stream after its first
 * chunk lets the file stream enqueue into the closed controller, an uncaught exception (the
 * encrypting port reads a file's first bytes and may then cancel, worker/platform/sealed-blobs.ts).
 */
function fileStream(path: string): ReadableStream<Uint8Array> {
  let handle: FileHandle | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      handle ??= await open(path, 'r');
      const buf = new Uint8Array(64 * 1024);
      const { bytesRead } = await handle.read(buf, 0, buf.length, null);
      if (bytesRead) return ctrl.enqueue(buf.subarray(0, bytesRead));
      await handle.close();
      ctrl.close();
    },
    async cancel() {
      await handle?.close();
    },
  });
}

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
        return { ...(JSON.parse(meta) as BlobMeta), size: info.size, body: fileStream(p) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const p = pathOf(key);
      await rm(p, { force: true });
      await rm(`${p}.meta.json`, { force: true });
    },
    // Walks the folder of the prefix on every page: the local store is small, and only the
    // rotation command lists it (docs/decisions/0370-encryption-at-rest.md).
    async list(prefix, { after, limit }) {
      const dir = join(base, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      let entries: string[];
      try {
        entries = (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile() && !e.name.endsWith('.meta.json') && !e.name.endsWith('.part'))
          .map((e) => relative(base, join(e.parentPath, e.name)).split(sep).join('/'));
      } catch {
        return { keys: [], next: null };
      }
      const keys = entries.filter((k) => k.startsWith(prefix) && (after === undefined || k > after)).sort();
      const page = keys.slice(0, limit);
      return { keys: page, next: keys.length > limit ? page.at(-1)! : null };
    },
  };
}
