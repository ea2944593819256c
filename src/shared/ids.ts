/**
 * Record ids are UUIDs. A value that is not one names nothing: checked before it reaches the database (where a bad
 * uuid is an error, not an empty result) — a path id answers 404, a body id names its field.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
