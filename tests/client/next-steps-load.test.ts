/**
 * The first screen's reads on a real (fake-indexeddb) replica: the open, full observations of the viewer's scope
 * (summaries and completed ones left out), and a HOD's faculty members without any observation.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { loadClosingObservations, loadOpenObservations, loadUninitiatedFaculty } from '../../src/client/features/dashboard/load-next-steps.js';

const db = new ReplicaDb(`next-steps-load-${process.pid}`);
const dept = { id: 7, name: 'Physics' };
const full = (id: string, status: string, facultyId: string, extra: object = {}) => ({
  id, status, facultyId, observerId: 'v1', departmentId: 7, semester: 'Fall', createdAt: `2026-11-0${id.length}T10:00:00.000Z`, grain: 'full', meetings: {}, ...extra,
});

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.users.clear()]);
  await db.users.bulkPut([
    { id: 'f1', name: 'Zoe Ng', role: 'Faculty', department: dept },
    { id: 'f2', name: 'Amir Sato', role: 'Faculty', department: dept },
    { id: 'f3', name: 'Bea Lund', role: 'Faculty', department: dept },
    { id: 'f4', name: 'Other Dept', role: 'Faculty', department: { id: 8, name: 'Maths' } },
    { id: 'v1', name: 'Obs Erver', role: 'Observer', department: dept },
  ]);
  await db.observations.bulkPut([
    full('a', 'Pending', 'f1'),
    full('bb', 'Ongoing', 'f1'),
    full('ccc', 'Completed', 'f1'),
    full('dddd', 'Ongoing', 'f1', { grain: 'summary', meetings: undefined }),
  ]);
});

describe('next steps reads', () => {
  it('reads only the open full documents of the scope', async () => {
    const asObserver = await loadOpenObservations(db, { id: 'v1', role: 'Observer', department: dept });
    expect(asObserver.map((o) => o.id).sort()).toEqual(['a', 'bb']);
    const asFaculty = await loadOpenObservations(db, { id: 'f1', role: 'Faculty', department: dept });
    expect(asFaculty.map((o) => o.id).sort()).toEqual(['a', 'bb']);
    const asHod = await loadOpenObservations(db, { id: 'h', role: 'Head_of_Department', department: dept });
    expect(asHod.map((o) => o.id).sort()).toEqual(['a', 'bb']);
    expect(await loadOpenObservations(db, { id: 'h', role: 'Head_of_Department', department: { id: 8, name: 'Maths' } })).toEqual([]);
  });

  it('gives a HOD the faculty members of their department with no observation, by name; nobody else', async () => {
    expect(await loadUninitiatedFaculty(db, { role: 'Head_of_Department', department: dept })).toEqual(['Amir Sato', 'Bea Lund']);
    expect(await loadUninitiatedFaculty(db, { role: 'Observer', department: dept })).toEqual([]);
    expect(await loadUninitiatedFaculty(db, { role: 'Head_of_Department', department: null })).toEqual([]);
  });

  it('reads the completed full documents whose cycle is not signed off, for the closing steps (not for Admin)', async () => {
    const closing = (signedOffAt: string | null) => ({ responseDueAt: '2026-11-20T10:00:00.000Z', acknowledgedAt: null, acknowledgedName: null, response: null, respondedAt: null, signedOffAt, signedOffBy: null });
    await db.observations.bulkPut([
      full('eeeee', 'Completed', 'f2', { closing: closing(null) }),
      full('ffffff', 'Completed', 'f2', { closing: closing('2026-11-25T10:00:00.000Z') }),
      full('ggggggg', 'Completed', 'f4', { departmentId: 8, closing: closing(null) }),
    ]);
    expect((await loadClosingObservations(db, { id: 'f2', role: 'Faculty', department: dept })).map((o) => o.id)).toEqual(['eeeee']);
    expect((await loadClosingObservations(db, { id: 'h', role: 'Head_of_Department', department: dept })).map((o) => o.id)).toEqual(['eeeee']);
    expect((await loadClosingObservations(db, { id: 'v1', role: 'Observer', department: dept })).map((o) => o.id).sort()).toEqual(['eeeee', 'ggggggg']);
    expect(await loadClosingObservations(db, { id: 'a', role: 'Admin', department: null })).toEqual([]);
  });
});
