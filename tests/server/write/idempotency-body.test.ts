/**
 * Idempotency-Key bound to its request: an identical replay gets the stored answer (nothing re-applied), the
 * same key with a different body is refused with 422 and changes nothing. On PGlite the session comes from the
 * in-process cache, so the refusal is found on the failure path (http/idempotency.ts); on PostgreSQL the stored
 * row comes with the session lookup. Both paths run: this file passes on both databases.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../src/server/db/schema.js';
import { useTestApp } from '../support/helpers.js';

const t = useTestApp();

const newUser = (local: string) => ({
  name: `User ${local}`,
  email: `${local}@university.edu`,
  password: 'longenough1',
  confirmPassword: 'longenough1',
  role: 'Observer',
});

describe('Idempotency-Key with a body', () => {
  it('replays an identical request (keys in any order) and refuses a different body with 422', async () => {
    const hod = await t.login('hod');
    const headers = { 'idempotency-key': 'create-1' };
    const first = await t.post('/api/auth/create', newUser('ida'), hod, headers);
    expect(first.statusCode).toBe(201);

    const { name, ...rest } = newUser('ida');
    const replay = await t.post('/api/auth/create', { ...rest, name }, hod, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());

    const other = await t.post('/api/auth/create', newUser('otto'), hod, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'This Idempotency-Key was already used for another request!' });
    expect(await t.db.select().from(users).where(eq(users.email, 'otto@university.edu'))).toHaveLength(0);
  });

  // Both may pass the key lookup before either commits: the second's change then waits for the first's row lock and
  // succeeds, and its key INSERT fails. On PostgreSQL its COMMIT is written behind that INSERT without waiting
  // (db/pg-prepared.ts) and commits nothing; the INSERT's failure is what answers it, from the first's record.
  it('applies a concurrent pair of one profile edit with one key once: one audit row, the same answer twice', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    const audits = async () => (await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'user.updateProfile')))).length;
    const before = await audits();
    const headers = { 'idempotency-key': 'phone-twins' };
    const [a, b] = await Promise.all([t.put(`/api/user/update/${id}`, { phone: '555' }, token, headers), t.put(`/api/user/update/${id}`, { phone: '555' }, token, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replay'], b.headers['idempotent-replay']]).toContain('true');
    expect(await audits(), 'the change applied once').toBe(before + 1);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.phone).toBe('555');
    expect((a.json() as { phone: string }).phone).toBe('555');
  });

  it('refuses a different body whose change would itself succeed, and keeps the first change', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    const headers = { 'idempotency-key': 'phone-1' };
    expect((await t.put(`/api/user/update/${id}`, { phone: '111' }, token, headers)).statusCode).toBe(200);
    const other = await t.put(`/api/user/update/${id}`, { phone: '222' }, token, headers);
    expect(other.statusCode).toBe(422);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row.phone).toBe('111');
    // A fresh session (not cached yet) finds the stored row with the session lookup: same answers.
    const fresh = await t.login('faculty');
    expect((await t.put(`/api/user/update/${id}`, { phone: '333' }, fresh, headers)).statusCode).toBe(422);
    const same = await t.put(`/api/user/update/${id}`, { phone: '111' }, fresh, headers);
    expect([same.statusCode, same.headers['idempotent-replay']]).toEqual([200, 'true']);
  });
});
