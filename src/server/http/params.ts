import { isUuid } from '../../shared/ids.js';
import { notFound } from '../services/errors.js';


/** A path id that is not a UUID names nothing: 404 (and never reaches the database as a bad uuid). */
export function idParam(id: string): string {
  if (!isUuid(id)) throw notFound();
  return id;
}
