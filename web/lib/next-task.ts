/**
 * Resolves in a task of its own, after the browser had its turn (input, a frame): what follows
 * an `await nextTask()` is not added to the long task of the code before it. A MessageChannel
 * message, not a timer: browsers may clamp timers to 4 ms or more.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
