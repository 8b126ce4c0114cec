import type { BlobStore } from '../ports';

export function memoryBlobs(): BlobStore {
  const store = new Map<string, { body: Uint8Array; contentType: string; fileName?: string }>();
  return {
    async put(key, body, meta) {
      store.set(key, { body, ...meta });
    },
    async get(key) {
      return store.get(key) ?? null;
    },
    async delete(key) {
      store.delete(key);
    },
  };
}
