import type { BlobStore } from '../ports';

/** The part of an R2 bucket binding this adapter uses (typed structurally for both tsconfigs). */
export interface R2Like {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string }; customMetadata: Record<string, string> }): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; httpMetadata?: { contentType?: string }; customMetadata?: Record<string, string> } | null>;
  delete(key: string): Promise<void>;
}

export function r2Blobs(bucket: R2Like): BlobStore {
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
