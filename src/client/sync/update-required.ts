/**
 * "The server needs a newer app": set when a request under /api is answered 426 (by the sync engine of this tab
 * or of the leader tab, or by a direct call), read by the update prompt (features/pwa). It lives beside the
 * engine because src/client/sync may import nothing else of the client. It only ever turns on: a reload into
 * the new version starts with it off.
 */
type Listener = () => void;

let required = false;
const listeners = new Set<Listener>();

export function markUpdateRequired(): void {
  if (required) return;
  required = true;
  listeners.forEach((l) => l());
}

export function isUpdateRequired(): boolean {
  return required;
}

/** For useSyncExternalStore. */
export function subscribeUpdateRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
