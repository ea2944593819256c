/**
 * Runtime cache for artifact files (`GET /api/artifacts/<id>/file`): CacheFirst, so thumbnails and documents seen
 * once open offline. Files never change under one id (a new upload is a new artifact), so a cached copy is never
 * stale; expiry only bounds the space used.
 *
 * The file route needs a bearer token. `<img src>` and `<video src>` cannot send one, so when the page's request
 * has no Authorization header the worker adds the session token (idb-keyval `token`, mirrored at sign-in).
 * The cache key is the URL alone: a copy is only ever served to this browser profile's own signed-in user, and
 * sign-out clears the cache (see clearArtifactCache, called on the SIGNED_OUT message).
 */
import { get } from 'idb-keyval';
import { ExpirationPlugin } from 'workbox-expiration';
import { Route } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

export const ARTIFACT_CACHE = 'observa-artifacts';
const ARTIFACT_FILE = /^\/api\/artifacts\/[^/]+\/file$/;

async function withToken(request: Request): Promise<Request> {
  if (request.headers.has('authorization')) return request;
  const token = await get<string>('token');
  if (!token) return request;
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${token}`);
  // mode 'cors' on the same origin behaves as same-origin; a navigate/no-cors request cannot carry the header.
  return new Request(request.url, { method: 'GET', headers, credentials: 'same-origin', mode: 'cors', cache: request.cache });
}

export function artifactFileRoute(): Route {
  const strategy = new CacheFirst({
    cacheName: ARTIFACT_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      {
        requestWillFetch: async ({ request }) => withToken(request),
        // Only complete, successful answers are kept (never a 401/404 or a partial range).
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      },
    ],
  });
  return new Route(({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && ARTIFACT_FILE.test(url.pathname), strategy);
}

const CALIBRATION_VIDEO = /^\/api\/calibration\/sessions\/[^/]+\/video$/;

/**
 * A calibration lesson's video (`GET /api/calibration/sessions/<id>/video`): never cached (a lesson is large and the
 * answers are byte ranges), only given the token so the page's <video> streams and seeks with Range requests.
 */
export function calibrationVideoRoute(): Route {
  return new Route(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && CALIBRATION_VIDEO.test(url.pathname),
    async ({ request }) => fetch(await withToken(request)),
  );
}

export async function clearArtifactCache(): Promise<void> {
  await caches.delete(ARTIFACT_CACHE);
}
