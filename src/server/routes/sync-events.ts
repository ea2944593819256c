/**
 * GET /api/sync/events — server-sent events telling an open app that its feed moved (src/server/sync/feed-bus.ts).
 *
 * Authenticated with the usual `Authorization: Bearer` header: the client reads the stream with fetch (it runs
 * the engine, and fetch can send headers), so no token ever travels in a URL (access logs, proxies, history)
 * and no second kind of token is needed. `event: feed` carries no records; `: ping` comments every
 * SYNC_EVENTS_HEARTBEAT_MS keep proxies from closing an idle stream and let the client notice a dead one.
 * A stream ends after STREAM_MAX_MS: the client reconnects, and the session is checked again; it ends at once when
 * its session is revoked (sync/feed-bus.ts). A user over the per-user limit, or an instance over its total, is
 * answered 429 with Retry-After (the client keeps its timed pull meanwhile).
 */
import type { FastifyInstance } from 'fastify';
import { SYNC_EVENT_FEED, SYNC_EVENTS_HEARTBEAT_MS } from '../../shared/sync/protocol.js';
import { routeSchema } from '../http/route-schema.js';

export const STREAM_MAX_MS = 15 * 60_000;

export default async function syncEventsRoutes(app: FastifyInstance): Promise<void> {
  const open = new Set<() => void>();
  // Open streams would keep app.close() waiting: end them first (clients reconnect to another instance).
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  const schema = routeSchema('/sync/events', { tag: 'sync', summary: 'Server-sent events: data-less "feed moved" nudges and heartbeats', who: 'signed in', produces: 'text/event-stream' });
  app.get('/sync/events', { preHandler: app.authenticate, schema }, async (req, reply) => {
    // Over the per-user or total stream limit: 429 with Retry-After, answered as JSON before the stream starts.
    app.feedBus.admit(req.user);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and similar: do not buffer the stream.
      'x-accel-buffering': 'no',
    });
    const write = (text: string) => {
      if (!res.writableEnded) res.write(text);
    };
    let unsubscribe: () => void = () => undefined;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const end = () => {
      open.delete(end);
      unsubscribe();
      for (const t of timers) clearTimeout(t);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    req.raw.on('close', end);
    try {
      // `end`: the bus ends the stream when its session is revoked (logout, password change).
      unsubscribe = await app.feedBus.subscribe(req.user, req.user.sessionId, () => write(`event: ${SYNC_EVENT_FEED}\ndata: moved\n\n`), end);
    } catch (err) {
      // The response is ours (hijacked): end it; the client reconnects after backoff.
      req.log.warn({ err }, 'event stream not opened');
      return end();
    }
    if (!open.has(end)) return unsubscribe(); // closed while subscribing
    timers.push(setInterval(() => write(': ping\n\n'), SYNC_EVENTS_HEARTBEAT_MS), setTimeout(end, STREAM_MAX_MS));
    // Subscribed: from here on no change is missed (the client pulls once the stream is open).
    write(`retry: 5000\n: open\n\n`);
  });
}
