/**
 * editRecord's speculative write (src/client/sync/apply/edit-record.ts): the remembered copy is only a hint.
 * Whatever changed the record behind this tab's back (another tab, a pull, an aborted transaction), the stored
 * result is always change(actual record), and a record deleted meanwhile stays deleted.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { editRecord, forgetCopies, sameValue } from '../../src/client/sync/apply/edit-record.js';

let db: ReplicaDb;
let other: ReplicaDb;

beforeEach(async () => {
  const indexedDB = new IDBFactory();
  db = new ReplicaDb('edit-record', { indexedDB, IDBKeyRange });
  other = new ReplicaDb('edit-record', { indexedDB, IDBKeyRange }); // a second tab on the same database
  await db.open();
  await other.open();
  await db.users.put({ id: 'u1', version: 3, name: 'Ada', phone: null, designation: 'Lecturer' });
});

afterEach(() => {
  db.close();
  other.close();
});

const setPhone = (phone: string) => (u: Record<string, unknown>) => {
  u.phone = phone;
};
const edit = (target: ReplicaDb, change: (u: Record<string, unknown>) => void) =>
  target.transaction('rw', target.users, () => editRecord(target, 'users', 'u1', change));

describe('editRecord', () => {
  it('merges the change into the stored record, first without and then with a remembered copy', async () => {
    await edit(db, setPhone('1'));
    expect(await db.users.get('u1')).toEqual({ id: 'u1', version: 3, name: 'Ada', phone: '1', designation: 'Lecturer' });
    await edit(db, setPhone('2'));
    expect(await db.users.get('u1')).toEqual({ id: 'u1', version: 3, name: 'Ada', phone: '2', designation: 'Lecturer' });
  });

  it('corrects a stale guess: a change made by another tab in between is kept', async () => {
    await edit(db, setPhone('1')); // db now remembers {phone: '1', name: 'Ada'}
    await other.users.put({ id: 'u1', version: 4, name: 'Ada Lovelace', phone: '1', designation: 'Professor' });
    await edit(db, setPhone('2'));
    expect(await db.users.get('u1')).toEqual({ id: 'u1', version: 4, name: 'Ada Lovelace', phone: '2', designation: 'Professor' });
  });

  it('never leaves the guess behind for a record deleted in between', async () => {
    await edit(db, setPhone('1'));
    await other.users.delete('u1');
    await edit(db, setPhone('2'));
    expect(await db.users.get('u1')).toBeUndefined();
  });

  it('is not fooled by a copy from a transaction that aborted', async () => {
    await edit(db, setPhone('1'));
    await expect(
      db.transaction('rw', db.users, () =>
        editRecord(db, 'users', 'u1', setPhone('lost')).then(() => {
          throw new Error('abort after the edit');
        }),
      ),
    ).rejects.toThrow('abort after the edit');
    expect((await db.users.get('u1'))?.phone).toBe('1');
    await edit(db, (u) => {
      u.designation = 'Reader';
    });
    expect(await db.users.get('u1')).toEqual({ id: 'u1', version: 3, name: 'Ada', phone: '1', designation: 'Reader' });
  });

  it('serialises concurrent edits of one record from one tab (each sees the previous one)', async () => {
    await edit(db, setPhone('0'));
    await Promise.all([edit(db, setPhone('a')), edit(db, (u) => void (u.name = 'Ada B.')), edit(db, (u) => void (u.designation = 'Dean'))]);
    expect(await db.users.get('u1')).toEqual({ id: 'u1', version: 3, name: 'Ada B.', phone: 'a', designation: 'Dean' });
  });

  it('skips a missing record quietly and forgets copies on request', async () => {
    await db.transaction('rw', db.users, () => editRecord(db, 'users', 'nobody', setPhone('1')));
    expect(await db.users.get('nobody')).toBeUndefined();
    await edit(db, setPhone('1'));
    forgetCopies(db);
    await edit(db, setPhone('2'));
    expect((await db.users.get('u1'))?.phone).toBe('2');
  });
});

describe('sameValue', () => {
  it('compares stored documents structurally, ignoring key order and undefined fields', () => {
    expect(sameValue({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, x: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue({ a: null }, { a: {} })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});

describe('editRecord with a copy the change cannot handle', () => {
  it('falls back to reading first instead of failing the edit', async () => {
    await edit(db, setPhone('1'));
    await other.users.put({ id: 'u1', version: 5, name: 'Ada', phone: '1', designation: 'Lecturer', tags: ['a'] });
    // Works on the stored record (it has tags), throws on the remembered copy (it has none).
    await edit(db, (u) => {
      (u.tags as string[]).push('b');
    });
    expect((await db.users.get('u1'))?.tags).toEqual(['a', 'b']);
  });
});
