/**
 * Service worker registration (workbox-window) and the prompt-update flow.
 *
 * A new version of the worker installs in the background and then *waits*; we only flag "update available".
 * The page reloads only after the user clicked Reload: `applyUpdate()` asks the waiting worker to skip waiting
 * and reloads once it controls the page. Nothing reloads on its own, so an open form is never lost.
 *
 * Not registered in development (vite dev serves no worker) or where service workers are unavailable.
 */
import { Workbox } from 'workbox-window';

type Listener = () => void;

let wb: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setUpdateWaiting(v: boolean): void {
  updateWaiting = v;
  listeners.forEach((l) => l());
}

/** For useSyncExternalStore. */
export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && !import.meta.env.DEV;
}

/** Idempotent: the first call registers /sw.js; later calls return the same registration promise. */
let registering: Promise<ServiceWorkerRegistration | undefined> | null = null;
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (registering) return registering;
  if (!serviceWorkerSupported()) return (registering = Promise.resolve(undefined));
  wb = new Workbox('/sw.js', { scope: '/' });
  // A worker that finished installing while an older one controls the page (this load or a previous one).
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  registering = wb.register().catch((err: unknown) => {
    console.warn('service worker registration failed', err);
    return undefined;
  });
  // Look for a new version when the app comes back to the foreground (installed apps stay open for days).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb?.update().catch(() => undefined);
  });
  return registering;
}

/**
 * The server asked for a newer app (426): look for the new worker now rather than at the next return to the
 * foreground; `waiting` fires once it installed.
 */
export function checkForUpdate(): void {
  void wb?.update().catch(() => undefined);
}

/**
 * The user chose Reload: activate the waiting worker, then reload once it controls this page. Without a waiting
 * worker (none registered, or the new one not installed yet) a plain reload fetches what the server has.
 */
export function applyUpdate(): void {
  if (!wb || !updateWaiting) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

/** Tell the worker the user signed out (it drops cached artifact files). */
export function notifyWorkerSignedOut(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'SIGNED_OUT' });
}

/**
 * Ask Chromium to wake the worker's `sync` handler when the network is back (tag `observa-sync`).
 * A bonus on top of the engine's own triggers; silently nothing where Background Sync is missing.
 */
export async function requestBackgroundSync(): Promise<void> {
  if (!serviceWorkerSupported()) return;
  try {
    const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await reg.sync?.register('observa-sync');
  } catch {
    /* permission or support missing: the page-side triggers still drain the queue */
  }
}
