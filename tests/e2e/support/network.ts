/**
 * Really offline: `context.setOffline` covers the pages but not the service worker's own fetches (a known
 * Playwright gap), so requests made by the worker are aborted by a route as well. The playwright config turns on
 * service-worker network events (PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS) so such requests reach routes.
 */
import type { BrowserContext, Route } from '@playwright/test';

const abortWorkerRequests = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();

export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', abortWorkerRequests);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*', abortWorkerRequests);
  await context.setOffline(false);
}
