/** Both drivers parse json columns; a json value computed in SQL may still arrive as text on some paths. */
export function parseJson<T>(v: unknown): T | null {
  if (v == null) return null;
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}
