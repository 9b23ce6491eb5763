/**
 * Resolves in a task of its own, after what the browser has queued meanwhile (by message, not
 * timer: a test's fake clock holds timers).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // An open port keeps Node's event loop alive (the build's pre-render runs this too).
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A lazy route's loader that runs its code in steps, each in a task of its own: first `before`
 * (the form schemas a sign-in screen checks with, which zod builds as their module runs: ~150 ms
 * in one piece on a phone; the number formats a screen writes with), then the screen. The browser
 * gets a turn before each.
 */
export function inSteps<T>(before: (() => unknown)[], screen: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (const step of before) {
      await nextTask();
      await step();
    }
    await nextTask();
    return screen();
  };
}

/** Runs `fn` once the browser is idle (within two seconds), as a task of its own. */
export function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: 2000 });
  else setTimeout(fn, 0);
}
