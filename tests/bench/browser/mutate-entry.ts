/**
 * Runs inside Chromium (bundled by tests/bench/mutate-latency.ts): times `mutate` — the optimistic apply and the
 * outbox append in one strict-durability Dexie transaction — beside a raw Dexie `put` of the same record on the
 * same database, interleaved so both see the same conditions.
 */
import { ReplicaDb } from '../../../src/client/db/db.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { mutateIn } from '../../../src/client/sync/mutate.js';

declare global {
  interface Window {
    runMutateBench(n: number, warmup: number): Promise<{ raw: number[]; mutate: number[] }>;
  }
}

window.runMutateBench = async (n, warmup) => {
  const db = new ReplicaDb(`bench-mutate-${Date.now()}`);
  await db.open();
  const userId = crypto.randomUUID();
  const user = { id: userId, version: 1, name: 'Bench User', role: 'Faculty', phone: null as string | null, designation: 'Lecturer' };
  await setMeta(db, META.userId, userId);
  await db.users.put(user);
  const raw: number[] = [];
  const mutate: number[] = [];
  for (let i = 0; i < n + warmup; i++) {
    const phone = `+1 555 ${String(i).padStart(7, '0')}`;
    let t = performance.now();
    await db.users.put({ ...user, phone });
    const rawMs = performance.now() - t;
    t = performance.now();
    await mutateIn(db, 'user.updateProfile', { userId, changes: { phone } }, { now: Date.now() });
    const mutateMs = performance.now() - t;
    if (i >= warmup) {
      raw.push(rawMs);
      mutate.push(mutateMs);
    }
  }
  db.close();
  await ReplicaDb.delete(db.name);
  return { raw, mutate };
};
