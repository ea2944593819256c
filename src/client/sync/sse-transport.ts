/**
 * The real EventStreams: server-sent events read with fetch, so the bearer token goes in a header (EventSource
 * cannot send one, and a token in the URL would end up in logs). Parses the text/event-stream framing; a stream
 * silent for longer than `idleMs` (the server pings every SYNC_EVENTS_HEARTBEAT_MS) counts as broken.
 */
import { SYNC_EVENTS_HEARTBEAT_MS } from '../../shared/sync/protocol.js';
import { NetworkError, type EventStreams, type ServerEvent } from './ports.js';

export function fetchEventStreams(baseUrl = '', fetchImpl: typeof fetch = (...a) => fetch(...a), idleMs = SYNC_EVENTS_HEARTBEAT_MS * 2.5): EventStreams {
  return {
    async open(req, onEvent) {
      const ctrl = new AbortController();
      const abort = () => ctrl.abort();
      if (req.signal.aborted) ctrl.abort();
      else req.signal.addEventListener('abort', abort, { once: true });
      let idle: ReturnType<typeof setTimeout> | undefined;
      let silent = false;
      const arm = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          silent = true;
          ctrl.abort();
        }, idleMs);
      };
      const cleanup = () => {
        clearTimeout(idle);
        req.signal.removeEventListener('abort', abort);
      };
      let res: Response;
      try {
        arm();
        res = await fetchImpl(baseUrl + req.path, { headers: { accept: 'text/event-stream', ...req.headers }, signal: ctrl.signal, cache: 'no-store' });
      } catch (err) {
        cleanup();
        throw new NetworkError(err instanceof Error ? err.message : String(err), silent);
      }
      if (res.status !== 200 || !res.body) {
        cleanup();
        await res.body?.cancel().catch(() => undefined);
        return { status: res.status, done: Promise.resolve(), retryAfter: res.headers.get('retry-after') };
      }
      const reader = res.body.getReader();
      const done = (async () => {
        const dec = new TextDecoder();
        let buf = '';
        try {
          for (;;) {
            arm();
            const { value, done: end } = await reader.read();
            if (end) return;
            buf += dec.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
            for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
              const ev = parseBlock(buf.slice(0, i));
              buf = buf.slice(i + 2);
              if (ev) onEvent(ev);
            }
          }
        } catch (err) {
          if (req.signal.aborted) return;
          throw new NetworkError(err instanceof Error ? err.message : String(err), silent);
        } finally {
          cleanup();
        }
      })();
      return { status: 200, done };
    },
  };
}

/** One event block: `event:` and `data:` lines; a block of comments only is a heartbeat. */
export function parseBlock(block: string): ServerEvent | null {
  let event = '';
  const data: string[] = [];
  let comment = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = true;
    else if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (event || data.length) return { event: event || 'message', data: data.join('\n') };
  return comment ? { event: 'heartbeat', data: '' } : null;
}
