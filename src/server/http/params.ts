import { notFound } from '../services/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names nothing: 404 (and never reaches the database as a bad uuid). */
export function idParam(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}
