/**
 * What the two drivers hand back, read one way. `db.execute` answers an array on one driver and `{ rows }` on
 * the other; json computed in SQL is parsed by both drivers but may still arrive as text on some paths.
 */
import { getTableColumns, type Table } from 'drizzle-orm';

/** The rows of a `db.execute` result, whichever driver answered. */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** A json value from SQL (already parsed, or text), or null. */
export function parseJson<T>(v: unknown): T | null {
  if (v == null) return null;
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/**
 * A row of `table` from its `row_to_json` form (column names as keys, values as JSON), with the fields and values
 * Drizzle's own select of that table gives: each column's driver mapping applied (timestamps → Date, json parsed).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    out[field] = value == null ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}
