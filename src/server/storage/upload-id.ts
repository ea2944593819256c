/**
 * The one place that reads an upload id out of a request to /api/files/<id>. Both the ownership check and the
 * tus server (its `getFileIdFromRequest` option) use it, so the id whose owner is checked is the id tus acts on.
 *
 * Strict on purpose: the request target must be exactly `/api/files/<32 lowercase hex>` — no query string,
 * no fragment, no percent-encoding, no dot segments, no extra or trailing segments. Anything else names no
 * upload (404), however a URL parser would normalise it.
 */
import { FILES_ROUTE, isFileId } from './files.js';

const PREFIX = `${FILES_ROUTE}/`;

/** The upload id of a request target (`/api/files/<id>`), or of an absolute URL's path; null for anything else. */
export function uploadIdFromTarget(target: string): string | null {
  let rest = target;
  const scheme = /^https?:\/\/[^/?#]*/i.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  if (!rest.startsWith(PREFIX)) return null;
  const id = rest.slice(PREFIX.length);
  return isFileId(id) ? id : null;
}
