/**
 * Row locks a transaction holds, remembered by the transaction object, so a second write to the same row in one
 * transaction (the rows of a batched push: fifty rubric saves of one observation share a transaction) need not
 * lock it again, one statement fewer each.
 *
 * Invariant: a key is remembered only while the transaction holds that row's lock. A row lock lasts until the
 * transaction ends, save one taken inside a savepoint that is rolled back: whoever rolls back to a savepoint calls
 * forgetRowLocks (http/idempotency.ts does), which drops every key of the transaction, taken before the savepoint or
 * not (the next write locks again; always safe). A transaction object is never reused after it ends, and a rolled
 * back transaction forgets with its object. A view of a transaction (one row's, sync/row-pipeline.ts) shares the
 * transaction's set: the lock belongs to the transaction, whichever view took it.
 */
import type { Tx } from './client.js';

const held = new WeakMap<Tx, Set<string>>();
/** A view → the transaction it runs in. */
const viewed = new WeakMap<Tx, Tx>();

/** `view` runs its statements in `tx`: it holds the locks `tx` holds, and a lock it takes is `tx`'s. */
export function shareRowLocks(view: Tx, tx: Tx): void {
  viewed.set(view, viewed.get(tx) ?? tx);
}

export function holdsRowLock(tx: Tx, key: string): boolean {
  return held.get(viewed.get(tx) ?? tx)?.has(key) ?? false;
}

/** Call only once the lock is taken (the statement that takes it has returned). */
export function noteRowLock(tx: Tx, key: string): void {
  const owner = viewed.get(tx) ?? tx;
  let keys = held.get(owner);
  if (!keys) held.set(owner, (keys = new Set()));
  keys.add(key);
}

/** After a rollback to a savepoint of `tx`: the locks taken inside it are gone. */
export function forgetRowLocks(tx: Tx): void {
  held.delete(viewed.get(tx) ?? tx);
}
