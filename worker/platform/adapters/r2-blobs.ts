import type { BlobStore } from '../ports';

/** workerd's stream of a declared length: R2 needs the length of a streamed body up front. */
type FixedLengthStreamCtor = new (length: number) => {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
};

/** The part of an R2 bucket binding this adapter uses (typed structurally for both tsconfigs). */
export interface R2Like {
  put(
    key: string,
    value: ReadableStream,
    options: { httpMetadata: { contentType: string }; customMetadata: Record<string, string> },
  ): Promise<unknown>;
  get(key: string): Promise<{
    body: unknown;
    size: number;
    httpMetadata?: { contentType?: string };
    customMetadata?: Record<string, string>;
  } | null>;
  delete(key: string): Promise<void>;
  list(options: { prefix?: string; startAfter?: string; limit?: number }): Promise<{
    objects: { key: string }[];
    truncated: boolean;
  }>;
}

export function r2Blobs(bucket: R2Like): BlobStore {
  return {
    async put(key, body, meta) {
      const Fixed = (globalThis as unknown as { FixedLengthStream?: FixedLengthStreamCtor })
        .FixedLengthStream;
      // Outside workerd (a test reaching Miniflare's bucket from Node) there is no such stream:
      // the body is handed over as bytes.
      if (!Fixed) {
        const bytes = new Uint8Array(await new Response(body).arrayBuffer());
        if (bytes.length !== meta.size)
          throw new Error(`${key}: ${bytes.length} bytes, ${meta.size} declared`);
        await bucket.put(key, bytes as never, {
          httpMetadata: { contentType: meta.contentType },
          customMetadata: meta.fileName ? { fileName: meta.fileName } : {},
        });
        return;
      }
      const { readable, writable } = new Fixed(meta.size);
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
        body: obj.body as ReadableStream<Uint8Array>,
        size: obj.size,
        contentType: obj.httpMetadata?.contentType ?? 'application/octet-stream',
        fileName: obj.customMetadata?.fileName,
      };
    },
    async delete(key) {
      await bucket.delete(key);
    },
    async list(prefix, { after, limit }) {
      const page = await bucket.list({
        prefix,
        limit,
        ...(after !== undefined ? { startAfter: after } : {}),
      });
      const keys = page.objects.map((o) => o.key);
      return { keys, next: page.truncated && keys.length ? keys.at(-1)! : null };
    },
  };
}
