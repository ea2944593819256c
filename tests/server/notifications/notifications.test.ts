import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema.js';
import { notify } from '../../../src/server/services/notify.js';
import { MSG } from '../../../src/shared/messages.js';
import { useTestApp } from '../support/helpers.js';

const t = useTestApp();

async function seedNotes() {
  const faculty = await t.userId('faculty');
  const first = await notify(t.db, { userId: faculty, title: 'Observation initiated', message: 'First', route: '/observations/list-observation' });
  await new Promise((r) => setTimeout(r, 5));
  const second = await notify(t.db, { userId: faculty, title: 'Scheduling updated', message: 'Second', route: '/observations/detail-observation/x' });
  const theirs = await notify(t.db, { userId: await t.userId('faculty2'), title: 'Other', message: 'Not yours', route: '/' });
  return { first, second, theirs };
}

describe('notifications', () => {
  it('GET /api/notifications lists only the own ones, newest first', async () => {
    const { first, second } = await seedNotes();
    expect((await t.get('/api/notifications')).statusCode).toBe(401);
    const res = await t.get('/api/notifications', await t.login('faculty'));
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((n: { id: string }) => n.id)).toEqual([second, first]);
    expect(list[0]).toMatchObject({ title: 'Scheduling updated', message: 'Second', route: '/observations/detail-observation/x', open: false });
    expect(typeof list[0].createdAt).toBe('string');
  });

  it('PUT /api/notifications/:id/open marks one opened', async () => {
    const { first } = await seedNotes();
    const token = await t.login('faculty');
    const res = await t.put(`/api/notifications/${first}/open`, {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first, open: true });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, first));
    expect(row.open).toBe(true);
    // Opening again is harmless.
    expect((await t.put(`/api/notifications/${first}/open`, {}, token)).json().open).toBe(true);
  });

  it("refuses someone else's notification and unknown ids", async () => {
    const { theirs } = await seedNotes();
    const token = await t.login('faculty');
    const res = await t.put(`/api/notifications/${theirs}/open`, {}, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MSG.forbidden });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs));
    expect(row.open).toBe(false);
    expect((await t.put('/api/notifications/00000000-0000-4000-8000-000000000000/open', {}, token)).statusCode).toBe(404);
    expect((await t.put('/api/notifications/zzz/open', {}, token)).statusCode).toBe(404);
    expect((await t.put(`/api/notifications/${theirs}/open`, {})).statusCode).toBe(401);
  });

  it('replays a repeated Idempotency-Key', async () => {
    const { first } = await seedNotes();
    const token = await t.login('faculty');
    const headers = { 'idempotency-key': 'open-1' };
    const a = await t.put(`/api/notifications/${first}/open`, {}, token, headers);
    const b = await t.put(`/api/notifications/${first}/open`, {}, token, headers);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replay']).toBe('true');
  });
});
