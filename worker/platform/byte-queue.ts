/** Bytes read from a stream, taken out in exact lengths without copying more than once. */
export class ByteQueue {
  private parts: Uint8Array[] = [];
  length = 0;

  push(bytes: Uint8Array) {
    if (!bytes.length) return;
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  /** The first `n` bytes (n ≤ length), removed from the queue. */
  take(n: number): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const head = this.parts[0]!;
      const used = Math.min(head.length, n - at);
      out.set(head.subarray(0, used), at);
      at += used;
      if (used === head.length) this.parts.shift();
      else this.parts[0] = head.subarray(used);
    }
    this.length -= n;
    return out;
  }

  /** Reads from `reader` until `n` bytes are queued or the stream ends; false when it ended short. */
  async fill(reader: ReadableStreamDefaultReader<Uint8Array>, n: number): Promise<boolean> {
    while (this.length < n) {
      const { done, value } = await reader.read();
      if (done) return false;
      this.push(value);
    }
    return true;
  }

  /** True when `reader` has nothing after what is queued (read to its end). */
  async drained(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
    for (;;) {
      if (this.length) return false;
      const { done, value } = await reader.read();
      if (done) return true;
      this.push(value);
    }
  }
}
