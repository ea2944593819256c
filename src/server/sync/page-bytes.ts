/** Pages of the pull are bounded by bytes as well as rows: the JSON size of changes, estimated cheaply. */
import type { SyncChange } from '../../shared/sync/protocol.js';

export function bytesOf(changes: SyncChange[]): number {
  let n = 0;
  for (const c of changes) n += changeBytes(c);
  return n;
}

function changeBytes(c: SyncChange): number {
  // The envelope is ~100 bytes; the record's JSON dominates (ASCII-heavy, so length ≈ bytes).
  return 100 + (c.data ? JSON.stringify(c.data).length : 0);
}

/**
 * The longest prefix of `page` within `maxBytes` (counting `used` already), ending on a version boundary. At
 * least the first version's records go out, so a single huge record still moves the cursor.
 */
export function cutByBytes(page: SyncChange[], maxBytes: number, used = 0): SyncChange[] {
  let total = used;
  let end = 0;
  while (end < page.length) {
    let next = end + 1;
    while (next < page.length && page[next].version === page[end].version) next++;
    let size = 0;
    for (let i = end; i < next; i++) size += changeBytes(page[i]);
    if (end > 0 && total + size > maxBytes) break;
    total += size;
    end = next;
  }
  return page.slice(0, end);
}
