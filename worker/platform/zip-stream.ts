// A zip built while the response is read (docs/decisions/0021, decision 0468): `write` adds the
// entries to fflate's streaming Zip and yields after each piece; each pull of the response runs
// it until the zip has given out at least one more chunk. Only the piece in hand and the deflate
// window are held, whatever the size. The .xlsx writer and the member's ZIP both stand on it.
import { Zip } from 'fflate';

export function zipStream(write: (zip: Zip) => AsyncGenerator<void, void>): ReadableStream<Uint8Array> {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  let produced = 0;
  let finished = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) return ctrl.error(err);
    if (chunk.length) {
      ctrl.enqueue(chunk);
      produced++;
    }
    if (final) {
      finished = true;
      ctrl.close();
    }
  });
  const steps = write(zip);
  return new ReadableStream<Uint8Array>({
    start(c) {
      ctrl = c;
    },
    async pull() {
      const before = produced;
      while (produced === before && !finished) {
        const { done } = await steps.next();
        if (done) break;
      }
    },
    async cancel() {
      await steps.return(undefined);
    },
  });
}
