/// <reference lib="webworker" />
/**
 * Observa's service worker (vite-plugin-pwa, injectManifest).
 *  - precaches the built app shell (the manifest is injected at build time into `self.__WB_MANIFEST`);
 *  - serves every navigation except /api/* from the precached index.html, so the app opens offline;
 *  - keeps artifact files (/api/artifacts/<id>/file) in a CacheFirst runtime cache with expiry;
 *  - gives a calibration lesson's video request the token (ranged, never cached);
 *  - wakes the sync engine on the Background Sync `sync` event (Chromium only; the page-side triggers are the
 *    real mechanism, this is a bonus when the app is closed);
 *  - updates by prompt only: a new version waits until the page posts SKIP_WAITING (the user clicked Reload).
 *    Nothing here ever reloads a page.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { artifactFileRoute, calibrationVideoRoute, clearArtifactCache } from './artifact-cache.js';
import { SYNC_TAG, wakeSyncEngine } from './background-sync.js';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// SPA navigations: the shell answers every path the server would answer with index.html; /api never.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

registerRoute(artifactFileRoute());
registerRoute(calibrationVideoRoute());

self.addEventListener('sync', (event: SyncEvent) => {
  if (event.tag === SYNC_TAG) event.waitUntil(wakeSyncEngine());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Sign-out: artifact copies belong to the signed-in user; drop them.
  else if (type === 'SIGNED_OUT') event.waitUntil(clearArtifactCache());
});

// A first install controls the open page at once (there is no older version to protect); later versions reach
// this only after the user chose Reload (SKIP_WAITING), so claiming is safe.
clientsClaim();

/** Background Sync's event (not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}
