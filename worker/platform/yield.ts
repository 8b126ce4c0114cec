// Lets other requests run in the middle of long work (docs/decisions/0090). A macrotask
// (setTimeout 0) rather than a microtask: on Node and in workerd it returns to the event loop, where
// waiting I/O and other requests are served before the work goes on.
export const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Calls `fn` for each item, yielding to the event loop every `every` items. */
export async function forEachSliced<T>(
  items: readonly T[],
  fn: (item: T, index: number) => void,
  every = 250,
) {
  for (let i = 0; i < items.length; i++) {
    if (i && i % every === 0) await yieldToLoop();
    fn(items[i]!, i);
  }
}
