import type { R2Bucket } from '@cloudflare/workers-types';
import type { BlobStore } from '../ports';

/** workerd's stream of a declared length: R2 needs the length of a streamed body up front. */
type FixedLengthStreamCtor = new (length: number) => { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };

export function r2Blobs(bucket: R2Bucket): BlobStore {
  return {
    async put(key, body, meta) {
      const { readable, writable } = new (globalThis as unknown as { FixedLengthStream: FixedLengthStreamCtor }).FixedLengthStream(meta.size);
      const piped = body.pipeTo(writable);
      await Promise.all([
        bucket.put(key, readable as never, {
          httpMetadata: { contentType: meta.contentType },
          customMetadata: meta.fileName ? { fileName: meta.fileName } : {},
        }),
        piped,
      ]);
    },
    async get(key) {
      const obj = await bucket.get(key);
      if (!obj) return null;
      return {
        body: obj.body as unknown as ReadableStream<Uint8Array>,
        size: obj.size,
        contentType: obj.httpMetadata?.contentType ?? 'application/octet-stream',
        fileName: obj.customMetadata?.fileName,
      };
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}
