/**
 * POST /api/sync/push: each row is run by its mutator (write/push.ts) exactly as its single REST call, under its
 * mutationId as Idempotency-Key — so a row sent singly and in a batch applies once with the same stored answer;
 * a refused row does not stop the rest; a 5xx stops the batch and the rest are not attempted.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys, notifications, users } from '../../../src/server/db/schema.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { notify } from '../../../src/server/services/notify.js';
import { PushResponse } from '../../../src/shared/sync/protocol.js';
import { useTestApp } from '../support/helpers.js';

const t = useTestApp();

const profile = (userId: string, phone: string, mutationId = randomUUID()) => ({ mutationId, name: 'user.updateProfile', args: { userId, changes: { phone } } });

async function push(token: string, rows: unknown[]) {
  const res = await t.post('/api/sync/push', { rows }, token);
  expect(res.statusCode, res.body).toBe(200);
  return PushResponse.parse(res.json()).results;
}

/**
 * Runs `fn` with a BEFORE UPDATE trigger on users named `name` whose PL/pgSQL body is `body` (before `return new`),
 * dropped afterwards whatever happens (a test may drop it itself earlier).
 */
async function withUsersTrigger(name: string, body: string, fn: () => Promise<void>): Promise<void> {
  await t.db.execute(sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} return new; end $$`));
  await t.db.execute(sql.raw(`create trigger ${name} before update on users for each row execute function ${name}()`));
  try {
    await fn();
  } finally {
    await t.db.execute(sql.raw(`drop trigger if exists ${name} on users`));
    await t.db.execute(sql.raw(`drop function if exists ${name}()`));
  }
}

async function profileAudits(userId: string): Promise<number> {
  const rows = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(and(eq(auditLog.entityId, userId), eq(auditLog.action, 'user.updateProfile')));
  return Number(rows[0].n);
}

describe('POST /api/sync/push', () => {
  it('applies rows in order, one answer each; a refused row does not stop the rest', async () => {
    const me = await t.loginUser('faculty');
    expect((await t.put(`/api/user/update/${me.id}`, { designation: 'Lecturer' }, me.token)).statusCode).toBe(200);
    const other = await t.userId('faculty2');
    const note = await notify(t.db, { userId: me.id, title: 'T', message: 'M', route: '/' });
    const rows = [
      profile(me.id, '+1 1'),
      profile(other, '+1 2'), // someone else's profile: 403, as the single route answers
      { mutationId: randomUUID(), name: 'no.such', args: {} },
      { mutationId: randomUUID(), name: 'notification.open', args: { id: note } },
      profile(me.id, '+1 3'),
    ];
    const results = await push(me.token, rows);
    expect(results.map((r) => ('status' in r ? r.status : 'skipped'))).toEqual([200, 403, 400, 200, 200]);
    expect(results.map((r) => r.mutationId)).toEqual(rows.map((r) => r.mutationId));
    expect(results[1]).toMatchObject({ body: { error: expect.any(String) } });
    expect(results[2]).toMatchObject({ body: { error: expect.stringContaining('name') } });
    expect(results[4]).toMatchObject({ body: { id: me.id, phone: '+1 3' } });
    const [u] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(u.phone).toBe('+1 3');
    expect(u.designation, 'fields a row does not name are left alone').toBe('Lecturer');
    expect((await t.db.select().from(notifications).where(eq(notifications.id, note)))[0].open).toBe(true);
    // Refusals store nothing (judged afresh next time); the accepted rows are stored under their keys.
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, me.id));
    expect(new Set(keys.map((k) => k.key))).toEqual(new Set([rows[0], rows[3], rows[4]].map((r) => r.mutationId)));
  });

  it('a row sent singly and replayed in a batch (and vice versa) applies once, with the same stored answer', async () => {
    const me = await t.loginUser('faculty');
    const a = profile(me.id, '+1 A');
    const single = await t.put(`/api/user/update/${me.id}`, a.args.changes, me.token, { 'idempotency-key': a.mutationId });
    expect(single.statusCode).toBe(200);
    const b = profile(me.id, '+1 B');
    const first = await push(me.token, [a, b]);
    // The single route adds the caller's token on the way out (SPEC §7); it is never part of the stored answer.
    const stored = (res: { json(): unknown }) => {
      const { token, ...rest } = res.json() as { token?: string };
      expect(token).toBe(me.token);
      return rest;
    };
    expect(first[0]).toEqual({ mutationId: a.mutationId, status: 200, body: stored(single) });
    // The batch's row replayed singly and the whole batch replayed: stored answers, nothing re-applied.
    const again = await t.put(`/api/user/update/${me.id}`, b.args.changes, me.token, { 'idempotency-key': b.mutationId });
    expect(stored(again)).toEqual((first[1] as { body: unknown }).body);
    expect(await push(me.token, [a, b])).toEqual(first);
    // A key twice in one batch: the second is a replay.
    const c = profile(me.id, '+1 C');
    const twice = await push(me.token, [c, c]);
    expect(twice[1]).toEqual(twice[0]);
    expect(await profileAudits(me.id)).toBe(3);
    const [u] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(u.phone).toBe('+1 C');
  });

  it('a row refused inside its write (after its first query) is rolled back alone; the rows around it apply once', async () => {
    const me = await t.loginUser('faculty');
    const a = profile(me.id, '+1 A');
    const missing = { mutationId: randomUUID(), name: 'notification.open', args: { id: randomUUID() } };
    const b = profile(me.id, '+1 B');
    const first = await push(me.token, [a, missing, b]);
    expect(first.map((r) => ('status' in r ? r.status : 'skipped'))).toEqual([200, 404, 200]);
    expect(first[2]).toMatchObject({ body: { id: me.id, phone: '+1 B' } });
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, me.id));
    expect(new Set(keys.map((k) => k.key))).toEqual(new Set([a.mutationId, b.mutationId]));
    expect(await profileAudits(me.id)).toBe(2);
    // Sent again: the applied rows are replays with their stored answers, the refused one is judged afresh.
    expect(await push(me.token, [a, missing, b])).toEqual(first);
    expect(await profileAudits(me.id)).toBe(2);
    const [u] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(u.phone).toBe('+1 B');
  });

  it('a row failing in a full batch: the rows run again in savepoints, in transactions of 50; every row applies once, in order', async () => {
    const me = await t.loginUser('faculty');
    const rows = Array.from({ length: 100 }, (_, i) => profile(me.id, `+1 ${i}`));
    rows[70] = { mutationId: randomUUID(), name: 'notification.open', args: { id: randomUUID() } } as never;
    const results = await push(me.token, rows);
    expect(results.map((r) => ('status' in r ? r.status : 'skipped'))).toEqual(rows.map((_, i) => (i === 70 ? 404 : 200)));
    expect(await profileAudits(me.id)).toBe(99);
    const [u] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(u.phone).toBe('+1 99');
    expect(await push(me.token, rows)).toEqual(results);
    expect(await profileAudits(me.id)).toBe(99);
  });

  it('a 5xx stops the batch there: the rest are not attempted (nothing applied)', async () => {
    const me = await t.loginUser('faculty');
    // A real database failure for one value (a server fault the client must back off on, not a refusal).
    await withUsersTrigger('boom', `if new.phone = 'BOOM' then raise exception 'disk on fire'; end if;`, async () => {
      const rows = [profile(me.id, '+1 before'), profile(me.id, 'BOOM'), profile(me.id, '+1 after')];
      const results = await push(me.token, rows);
      expect(results[0]).toMatchObject({ status: 200 });
      expect(results[1]).toMatchObject({ status: 500, body: { error: expect.any(String) } });
      expect(results[2]).toEqual({ mutationId: rows[2].mutationId, notAttempted: true });
      const [u] = await t.db.select().from(users).where(eq(users.id, me.id));
      expect(u.phone).toBe('+1 before');
      // The failed row stored nothing: sent again once the fault is gone, it applies.
      await t.db.execute(sql.raw('drop trigger boom on users'));
      const retry = await push(me.token, rows.slice(1).map((r) => ({ ...r, args: { ...r.args, changes: { phone: '+1 fixed' } } })));
      expect(retry.map((r) => ('status' in r ? r.status : 0))).toEqual([200, 200]);
    });
  });

  it('a row that breaks a deferred foreign key (migration 0015) fails alone, in a batch as singly, as it did at its statement', async () => {
    const me = await t.loginUser('faculty');
    const deferred = rowsOf<{ conname: string }>(
      await t.db.execute(sql`select conname from pg_constraint where contype = 'f' and condeferrable and condeferred order by conname`),
    ).map((r) => r.conname);
    expect(deferred).toEqual(['rubric_scores_meeting_id_meetings_id_fk', 'rubric_scores_rubric_item_id_rubric_items_id_fk', 'users_department_id_departments_id_fk']);
    // A department that does not exist, set by a trigger for one value: the write passes its statement and breaks
    // the key only when the checks run.
    await withUsersTrigger('orphan', `if new.phone = 'ORPHAN' then new.department_id := 999999; end if;`, async () => {
      const rows = [profile(me.id, '+1 before'), profile(me.id, 'ORPHAN'), profile(me.id, '+1 after')];
      const results = await push(me.token, rows);
      expect(results[0]).toMatchObject({ status: 200 });
      expect(results[1]).toMatchObject({ status: 500, body: { error: expect.any(String) } });
      expect(results[2]).toEqual({ mutationId: rows[2].mutationId, notAttempted: true });
      const [u] = await t.db.select().from(users).where(eq(users.id, me.id));
      expect(u).toMatchObject({ phone: '+1 before', departmentId: expect.any(Number) });
      expect(u.departmentId).not.toBe(999999);
      const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, me.id));
      expect(keys.map((k) => k.key)).toEqual([rows[0].mutationId]);
      // Singly: refused at COMMIT, nothing applied.
      const single = await t.put(`/api/user/update/${me.id}`, { phone: 'ORPHAN' }, me.token, { 'idempotency-key': randomUUID() });
      expect(single.statusCode).toBe(500);
      const [again] = await t.db.select().from(users).where(eq(users.id, me.id));
      expect(again.phone).toBe('+1 before');
    });
  });

  it('rows whose checks read what the row before wrote are judged on it, though rows are sent pipelined', async () => {
    const me = await t.loginUser('faculty');
    const degree = (changes: Record<string, string>) => ({ mutationId: randomUUID(), name: 'user.updateProfile', args: { userId: me.id, changes } });
    // One date alone is checked against the stored other one (a read, then the write): row 2 must see row 1's end
    // (2004) and be refused; read before row 1's write, it would see 2010 and pass. Pipelined, row 2's read is sent
    // before row 1's write, so the attempt is thrown away and the rows run in order.
    const rows = [degree({ starting: '2000', ending: '2010' }), degree({ ending: '2004' }), degree({ starting: '2008' }), degree({ starting: '2002' })];
    const results = await push(me.token, rows);
    expect(results.map((r) => ('status' in r ? r.status : 'skipped'))).toEqual([200, 200, 400, 200]);
    expect(results[3]).toMatchObject({ body: { starting: '2002', ending: '2004' } });
    const [u] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect({ starting: u.starting, ending: u.ending }).toEqual({ starting: '2002', ending: '2004' });
  });

  it("keeps the rows' audit entries in row order", async () => {
    const me = await t.loginUser('faculty');
    const phones = Array.from({ length: 30 }, (_, i) => `+1 ${i}`);
    const results = await push(me.token, phones.map((p) => profile(me.id, p)));
    expect(results.map((r) => ('status' in r ? r.status : 'skipped'))).toEqual(phones.map(() => 200));
    const audits = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, me.id), eq(auditLog.action, 'user.updateProfile')))
      .orderBy(auditLog.id);
    expect(audits.map((a) => (a.detail as { phone: string }).phone)).toEqual(phones);
  });

  it('validates the batch and needs a signed-in user', async () => {
    const token = await t.login('faculty');
    expect((await t.post('/api/sync/push', { rows: [] }, token)).json()).toEqual({ error: expect.stringContaining('rows') });
    const tooMany = Array.from({ length: 101 }, () => profile(randomUUID(), 'x'));
    expect((await t.post('/api/sync/push', { rows: tooMany }, token)).statusCode).toBe(400);
    expect((await t.post('/api/sync/push', { rows: [profile(randomUUID(), 'x')] })).statusCode).toBe(401);
  });
});
