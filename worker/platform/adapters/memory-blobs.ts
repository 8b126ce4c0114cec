import type { BlobMeta, BlobStore } from '../ports';

/** Test blob port: bodies kept in memory (read from the stream once), served as fresh streams. */
export function memoryBlobs(): BlobStore {
  const store = new Map<string, { bytes: Uint8Array<ArrayBuffer> } & BlobMeta>();
  return {
    async put(key, body, meta) {
      const bytes = new Uint8Array(await new Response(body).arrayBuffer());
      store.set(key, { ...meta, size: bytes.length, bytes });
    },
    async get(key) {
      const found = store.get(key);
      if (!found) return null;
      const { bytes, ...meta } = found;
      return { ...meta, body: new Blob([bytes]).stream() };
    },
    async delete(key) {
      store.delete(key);
    },
    async list(prefix, { after, limit }) {
      const keys = [...store.keys()]
        .filter((k) => k.startsWith(prefix) && (after === undefined || k > after))
        .sort();
      const page = keys.slice(0, limit);
      return { keys: page, next: keys.length > limit ? page.at(-1)! : null };
    },
  };
}
