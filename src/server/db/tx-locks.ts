/**
 * Row locks a transaction holds, remembered by the transaction object, so a second write to the same row in one
 * transaction (the rows of a batched push: fifty rubric saves of one observation share a transaction) need not
 * lock it again, one statement fewer each.
 *
 * Invariant: a key is remembered only while the transaction holds that row's lock. A row lock lasts until the
 * transaction ends, save one taken inside a savepoint that is rolled back: whoever rolls back to a savepoint calls
 * forgetRowLocks (http/idempotency.ts does), which drops every key of the transaction, taken before the savepoint or
 * not (the next write locks again; always safe). A transaction object is never reused after it ends, and a rolled
 * back transaction forgets with its object.
 */
import type { Tx } from './client.js';

const held = new WeakMap<Tx, Set<string>>();

export function holdsRowLock(tx: Tx, key: string): boolean {
  return held.get(tx)?.has(key) ?? false;
}

/** Call only once the lock is taken (the statement that takes it has returned). */
export function noteRowLock(tx: Tx, key: string): void {
  let keys = held.get(tx);
  if (!keys) held.set(tx, (keys = new Set()));
  keys.add(key);
}

/** After a rollback to a savepoint of `tx`: the locks taken inside it are gone. */
export function forgetRowLocks(tx: Tx): void {
  held.delete(tx);
}
