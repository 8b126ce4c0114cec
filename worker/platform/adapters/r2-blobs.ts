import type { R2Bucket } from '@cloudflare/workers-types';
import type { BlobStore } from '../ports';

export function r2Blobs(bucket: R2Bucket): BlobStore {
  return {
    async put(key, body, meta) {
      await bucket.put(key, body, {
        httpMetadata: { contentType: meta.contentType },
        customMetadata: meta.fileName ? { fileName: meta.fileName } : {},
      });
    },
    async get(key) {
      const obj = await bucket.get(key);
      if (!obj) return null;
      return {
        body: new Uint8Array(await obj.arrayBuffer()),
        contentType: obj.httpMetadata?.contentType ?? 'application/octet-stream',
        fileName: obj.customMetadata?.fileName,
      };
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}
