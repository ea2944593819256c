/**
 * What the two drivers hand back, read one way. `db.execute` answers an array on one driver and `{ rows }` on
 * the other; json computed in SQL is parsed by both drivers but may still arrive as text on some paths.
 */

/** The rows of a `db.execute` result, whichever driver answered. */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** A json value from SQL (already parsed, or text), or null. */
export function parseJson<T>(v: unknown): T | null {
  if (v == null) return null;
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}
