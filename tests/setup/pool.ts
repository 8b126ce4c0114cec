/** Runs `count` tasks with at most `inFlight` at once; returns their results in order. */
export async function pool<T>(
  count: number,
  inFlight: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** Runs `task` over every item, `inFlight` at a time (the route-wide suites: a few hundred requests). */
export const eachOf = <I, T>(items: I[], task: (item: I, index: number) => Promise<T>, inFlight = 6) =>
  pool(items.length, inFlight, (i) => task(items[i]!, i));
