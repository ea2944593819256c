/**
 * Work the first screen does not need (resuming the background sync, registering the service worker) waits
 * until the page has loaded and the main thread is idle, so it does not compete with the first render for the
 * CPU of a slow phone. It still runs within `maxDelayMs` of the call whatever the page is doing: the replica is
 * local, so the user sees their data at once, and the sync catches up a moment later.
 */
const hasIdleCallback = () => typeof globalThis.requestIdleCallback === 'function';

export function afterFirstScreen(fn: () => void, maxDelayMs = 2_000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const cap = setTimeout(run, maxDelayMs);
  const whenIdle = () => {
    if (hasIdleCallback()) requestIdleCallback(() => {
      clearTimeout(cap);
      run();
    });
    else setTimeout(() => {
      clearTimeout(cap);
      run();
    }, 50);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') whenIdle();
  else globalThis.addEventListener('load', whenIdle, { once: true });
}
