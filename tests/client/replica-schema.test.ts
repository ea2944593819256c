/**
 * Dexie v17: the replica drops observation indexes nothing reads and messages.createdAt. A device that
 * holds a v16 replica opens it as v17 with every record kept, and the readers that used the dropped indexes
 * (dashboard counts by department and by observer, the new observation form's open observations) answer the same
 * from the compound indexes.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { countObservations } from '../../src/client/features/dashboard/compute-counts.js';

const NAME = `replica-schema-${process.pid}`;

/** The observations and messages stores as v16 declared them. */
function openV16(): Dexie {
  const old = new Dexie(NAME);
  old.version(16).stores({
    observations:
      'id, status, facultyId, observerId, createdAt, semester, grain, departmentId, ' +
      '[status+createdAt], [status+semester+createdAt], ' +
      '[departmentId+status+createdAt], [departmentId+status+semester+createdAt], ' +
      '[observerId+status+createdAt], [observerId+status+semester+createdAt]',
    messages: 'id, observationId, createdAt',
    meta: 'key',
    outbox: '++seq, status',
  });
  return old;
}

const obs = [
  { id: 'a', status: 'Pending', semester: 'Fall', departmentId: 1, observerId: 'ob1', facultyId: 'f1', createdAt: '2026-01-01T00:00:00.000Z', grain: 'full' },
  { id: 'b', status: 'Completed', semester: 'Spring', departmentId: 1, observerId: 'ob2', facultyId: 'f2', createdAt: '2025-01-01T00:00:00.000Z', grain: 'summary' },
  { id: 'c', status: 'Ongoing', semester: 'Fall', departmentId: 2, observerId: 'ob1', facultyId: 'f3', createdAt: '2026-02-01T00:00:00.000Z', grain: 'summary' },
  { id: 'd', status: 'Completed', semester: 'Fall', departmentId: 2, observerId: 'ob2', facultyId: 'f1', createdAt: '2024-05-01T00:00:00.000Z', grain: 'summary' },
];

afterAll(() => Dexie.delete(NAME));

describe('replica schema v26', () => {
  it('opens a v16 replica with its records and counts by department and observer as before', async () => {
    const old = openV16();
    await old.table('observations').bulkPut(obs);
    await old.table('messages').bulkPut([{ id: 'm1', observationId: 'a', createdAt: '2026-01-02T00:00:00.000Z', body: 'hi' }]);
    await old.table('outbox').add({ mutationId: 'x', name: 'profile.update', status: 'pending' });
    const before = {
      dept1: await old.table('observations').where('departmentId').equals(1).count(),
      dept2: await old.table('observations').where('departmentId').equals(2).count(),
      ob1: await old.table('observations').where('observerId').equals('ob1').count(),
      open: await old.table('observations').where('status').anyOf('Pending', 'Ongoing').primaryKeys(),
    };
    old.close();

    const db = new ReplicaDb(NAME);
    await db.open();
    expect(db.verno).toBe(26);
    expect(db.drafts.schema.indexes.map((i) => i.name)).toEqual(['observationId']);
    expect(db.rubricVersions.schema.indexes.map((i) => i.name)).toEqual(['rubricId']);
    expect(await db.calibrationSessions.count()).toBe(0);
    const indexes = db.observations.schema.indexes.map((i) => i.name);
    for (const gone of ['status', 'observerId', 'departmentId', 'semester', 'grain']) expect(indexes).not.toContain(gone);
    expect(db.messages.schema.indexes.map((i) => i.name)).toEqual(['observationId']);
    expect(await db.observations.count()).toBe(obs.length);
    expect(await db.messages.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);

    expect(await countObservations(db, { by: 'departmentId', value: 1 })).toBe(before.dept1);
    expect(await countObservations(db, { by: 'departmentId', value: 2 })).toBe(before.dept2);
    expect(await countObservations(db, { by: 'departmentId', value: 3 })).toBe(0);
    expect(await countObservations(db, { by: 'observerId', value: 'ob1' })).toBe(before.ob1);
    expect(await countObservations(db, { by: 'facultyId', value: 'f1' })).toBe(2);
    const open: string[] = [];
    for (const st of ['Pending', 'Ongoing']) open.push(...((await db.observations.where('[status+createdAt]').between([st], [st, Dexie.maxKey], true, true).primaryKeys()) as string[]));
    expect(open.sort()).toEqual([...before.open].sort());
    db.close();
  });
});
