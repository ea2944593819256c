/**
 * Runs inside Chromium (bundled by tests/bench/mutate-latency.ts): times `mutate` — the optimistic apply and the
 * outbox append in one strict-durability Dexie transaction — beside a raw Dexie `put` of the same record on the
 * same database, interleaved so both see the same conditions. Two writes are timed: a profile edit (the target)
 * and an observer saving a rubric group on a whole observation document (the heaviest edit of the product).
 */
import { ReplicaDb, type ReplicaRecord } from '../../../src/client/db/db.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { mutateIn } from '../../../src/client/sync/mutate.js';
import { RUBRIC_CODES } from '../../../src/shared/enums.js';
import { meeting, OBS_ID, OBSERVER, scheduling, teachingPlan } from '../../client/observations/fixtures.js';

type Timings = { raw: number[]; mutate: number[] };

declare global {
  interface Window {
    runMutateBench(n: number, warmup: number): Promise<Timings>;
    runRubricBench(n: number, warmup: number): Promise<Timings & { docBytes: number }>;
  }
}

/** Interleaves `raw(i)` and `mutate(i)` n + warmup times (then `untimed()`); the warm-up rounds are not kept. */
async function interleave(
  n: number,
  warmup: number,
  raw: (i: number) => Promise<unknown>,
  mutate: (i: number) => Promise<unknown>,
  untimed?: () => Promise<void>,
): Promise<Timings> {
  const out: Timings = { raw: [], mutate: [] };
  for (let i = 0; i < n + warmup; i++) {
    let t = performance.now();
    await raw(i);
    const rawMs = performance.now() - t;
    t = performance.now();
    await mutate(i);
    const mutateMs = performance.now() - t;
    await untimed?.();
    if (i >= warmup) {
      out.raw.push(rawMs);
      out.mutate.push(mutateMs);
    }
  }
  return out;
}

async function freshDb(userId: string): Promise<ReplicaDb> {
  const db = new ReplicaDb(`bench-mutate-${Date.now()}-${Math.random()}`);
  await db.open();
  await setMeta(db, META.userId, userId);
  return db;
}

async function dispose(db: ReplicaDb): Promise<void> {
  db.close();
  await ReplicaDb.delete(db.name);
}

window.runMutateBench = async (n, warmup) => {
  const userId = crypto.randomUUID();
  const db = await freshDb(userId);
  const user = { id: userId, version: 1, name: 'Bench User', role: 'Faculty', phone: null as string | null, designation: 'Lecturer' };
  await db.users.put(user);
  const phone = (i: number) => `+1 555 ${String(i).padStart(7, '0')}`;
  const timings = await interleave(
    n,
    warmup,
    (i) => db.users.put({ ...user, phone: phone(i) }),
    (i) => mutateIn(db, 'user.updateProfile', { userId, changes: { phone: phone(i) } }, { now: Date.now() }),
  );
  await dispose(db);
  return timings;
};

window.runRubricBench = async (n, warmup) => {
  const db = await freshDb(OBSERVER.id);
  // An observation in its informed meeting: the scheduling request with its answered teaching plan, 20 rubric items.
  const doc = scheduling({ status: 'Completed', teachingPlan: teachingPlan(OBSERVER.id) }, { meetings: { informedObservation: meeting('m-informed'), uninformedObservation: null, postObservation: null } });
  let record = doc as unknown as ReplicaRecord;
  await db.observations.put(record);
  const group = (i: number) => RUBRIC_CODES[i % RUBRIC_CODES.length];
  const scores = (i: number) => [1, 2, 3, 4, 5].map((k) => ({ id: `r-${group(i)}-${k}`, score: ((i + k) % 4) + 1 }));
  const timings = await interleave(
    n,
    warmup,
    // The raw put rewrites the record as it stands (the same bytes): a scorer's edits follow one another with
    // nothing else changing the document in between, as in a classroom.
    () => db.observations.put(record),
    (i) => mutateIn(db, 'rubrics.saveGroup', { kind: 'informed', observationsId: OBS_ID, rubricsFinal: scores(i) }, { now: Date.now() }),
    async () => {
      record = (await db.observations.get(OBS_ID))!;
    },
  );
  await dispose(db);
  return { ...timings, docBytes: JSON.stringify(doc).length };
};
