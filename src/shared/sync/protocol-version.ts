/**
 * The sync protocol's version (docs/sync-protocol.md § Versions). The app's own client — the sync engine and
 * the direct-call API client — sends `X-Observa-Protocol: <SYNC_PROTOCOL_VERSION>` on every request under /api,
 * and every answer under /api carries the server's version in the same header.
 *
 * Raise SYNC_PROTOCOL_VERSION when a wire shape the client relies on changes; raise OLDEST_SUPPORTED_PROTOCOL
 * when the server stops understanding clients below it. Such a client gets 426 Upgrade Required with
 * `{ error: UPDATE_REQUIRED_MESSAGE }`: it stops sending (its queued changes stay on the device, none is marked
 * as refused) and offers the service worker's update. A request without the header (a script, a calendar
 * application, SPEC's own client) is not versioned and is served as before.
 */
export const SYNC_PROTOCOL_HEADER = 'x-observa-protocol';
export const SYNC_PROTOCOL_VERSION = 1;
export const OLDEST_SUPPORTED_PROTOCOL = 1;
export const UPDATE_REQUIRED_STATUS = 426;
export const UPDATE_REQUIRED_MESSAGE = 'This version of Observa is too old for the server. Reload to update; your unsent changes are kept.';

/**
 * What a request's header means: absent (not versioned), a version, or malformed. A version is a whole number
 * written in decimal digits only, at most six of them (0 stands for the protocol before versions were sent).
 */
export function parseProtocolHeader(value: string | string[] | undefined): { kind: 'absent' } | { kind: 'version'; version: number } | { kind: 'invalid' } {
  if (value === undefined) return { kind: 'absent' };
  if (Array.isArray(value) || !/^(0|[1-9][0-9]{0,5})$/.test(value.trim())) return { kind: 'invalid' };
  return { kind: 'version', version: Number(value.trim()) };
}
