/**
 * Closing the cycle (src/shared/closing.ts, services/observations/closing.ts), on PGlite and PostgreSQL: the
 * response window opens when the post-observation meeting is completed; the faculty member acknowledges with their
 * typed full name (only they, only then, only once) and responds within the window; the HOD signs off after a
 * response or once the window has closed; the observation is then final everywhere (no response, no chat, no
 * deletion). Each step is audited and announced; the reminder goes out once before the window closes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, notifications } from '../../../src/server/db/schema.js';
import { remindResponses } from '../../../src/server/services/observations/closing.js';
import { CLOSING_MSG } from '../../../src/shared/closing.js';
import { MSG } from '../../../src/shared/messages.js';
import { useTestApp, type TestApp } from '../support/helpers.js';
import { completedCycle as completed } from '../support/completed-cycle.js';
import { actors, doc, initiate, key, put, type Actors } from '../support/observations-fixture.js';

const DAY = 86_400_000;
let clock = new Date('2026-10-08T12:00:00.000Z');
const t = useTestApp(() => ({ now: () => clock, config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-closing-')) } }));

const call = (what: 'acknowledge' | 'response' | 'sign-off', body: object, token: string) => put(t, what, body, token);
const fullName = async (who: string) => (await t.loginUser(who)).name as string;

describe('closing the cycle', () => {
  it('opens the window when the meeting is completed, and refuses every step before', async () => {
    clock = new Date('2026-10-08T12:00:00.000Z');
    const a = await actors(t);
    const open = await initiate(t, a);
    // Before completion: no closing in the document, and each step is refused out of turn.
    expect((await doc(t, open, a.faculty)).closing).toBeNull();
    const early = await call('acknowledge', { observationsId: open, fullName: await fullName('faculty') }, a.faculty);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: CLOSING_MSG.notCompleted });
    expect((await call('sign-off', { observationsId: open }, a.hod)).json()).toEqual({ error: CLOSING_MSG.notCompleted });
    await t.del(`/api/observation/${open}`, a.superadmin, key());

    const id = await completed(t, a);
    const closing = (await doc(t, id, a.hod)).closing;
    expect(closing).toEqual({
      responseDueAt: new Date(clock.getTime() + 10 * DAY).toISOString(),
      acknowledgedAt: null,
      acknowledgedName: null,
      response: null,
      respondedAt: null,
      signedOffAt: null,
      signedOffBy: null,
    });
  });

  it('acknowledge: only the faculty member, with their full name, once; then respond within the window; then the HOD signs off and it is final', async () => {
    clock = new Date('2026-10-08T12:00:00.000Z');
    const a = await actors(t);
    const id = await completed(t, a);
    const name = await fullName('faculty');

    // Who: the observer, the HOD and another faculty member may not acknowledge.
    for (const token of [a.observer, a.hod, a.faculty2]) {
      const res = await call('acknowledge', { observationsId: id, fullName: name }, token);
      expect(res.statusCode).toBe(403);
    }
    // A response before acknowledging, a wrong name, an empty name: refused, naming the field.
    expect((await call('response', { observationsId: id, response: 'Thank you.' }, a.faculty)).json()).toEqual({ error: CLOSING_MSG.acknowledgeFirst });
    const wrong = await call('acknowledge', { observationsId: id, fullName: 'Someone Else' }, a.faculty);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: CLOSING_MSG.fullName });
    expect((await call('acknowledge', { observationsId: id }, a.faculty)).statusCode).toBe(400);
    // Signing off before the faculty member has responded and while the window is open: refused.
    expect((await call('sign-off', { observationsId: id }, a.hod)).json()).toEqual({ error: CLOSING_MSG.stillOpen });

    clock = new Date(clock.getTime() + 60_000);
    const ok = await call('acknowledge', { observationsId: id, fullName: `  ${name.toUpperCase()} ` }, a.faculty);
    expect(ok.json()).toEqual({ message: MSG.acknowledged });
    expect((await call('acknowledge', { observationsId: id, fullName: name }, a.faculty)).json()).toEqual({ error: CLOSING_MSG.alreadyAcknowledged });
    let c = (await doc(t, id, a.observer)).closing;
    expect(c).toMatchObject({ acknowledgedAt: clock.toISOString(), acknowledgedName: name.toUpperCase(), response: null });

    clock = new Date(clock.getTime() + 3 * DAY);
    expect((await call('response', { observationsId: id, response: '   ' }, a.faculty)).statusCode).toBe(400);
    expect((await call('response', { observationsId: id, response: 'I disagree with 2-B.' }, a.observer)).statusCode).toBe(403);
    expect((await call('response', { observationsId: id, response: ' I disagree with 2-B. ' }, a.faculty)).json()).toEqual({ message: MSG.responseSaved });
    // The response may be rewritten while the window is open.
    expect((await call('response', { observationsId: id, response: 'I disagree with 2-B; see my reflection.' }, a.faculty)).statusCode).toBe(200);
    c = (await doc(t, id, a.hod)).closing;
    expect(c).toMatchObject({ response: 'I disagree with 2-B; see my reflection.', respondedAt: clock.toISOString(), signedOffAt: null });

    // Sign-off: not the observer, not the HOD of another department; the department's HOD may.
    expect((await call('sign-off', { observationsId: id }, a.observer)).statusCode).toBe(403);
    expect((await call('sign-off', { observationsId: id }, a.hodMath)).statusCode).toBe(403);
    expect((await call('sign-off', { observationsId: id }, a.hod)).json()).toEqual({ message: MSG.signedOff });
    c = (await doc(t, id, a.faculty)).closing;
    expect(c?.signedOffAt).toBe(clock.toISOString());
    expect(c?.signedOffBy?.id).toBe(a.ids.hod);

    // Final: nothing changes any more — response, acknowledgement, sign-off, chat, deletion.
    expect((await call('response', { observationsId: id, response: 'One more thing.' }, a.faculty)).json()).toEqual({ error: CLOSING_MSG.final });
    expect((await call('sign-off', { observationsId: id }, a.hod)).json()).toEqual({ error: CLOSING_MSG.alreadySignedOff });
    const chat = await t.post(`/api/observation/${id}/messages`, { body: 'Hello?' }, a.faculty, key());
    expect(chat.statusCode).toBe(409);
    expect(chat.json()).toEqual({ error: CLOSING_MSG.final });
    const del = await t.del(`/api/observation/${id}`, a.superadmin, key());
    expect(del.statusCode).toBe(409);
    expect((await doc(t, id, a.hod)).closing?.response).toBe('I disagree with 2-B; see my reflection.');

    // Audited, and the others were told.
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['observation.acknowledge', 'observation.respond', 'observation.signOff']));
    const toObserver = await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, a.ids.observer));
    expect(toObserver.map((n) => n.title)).toEqual(expect.arrayContaining(['Observation acknowledged', 'Faculty response added', 'Observation signed off']));
  });

  it('after the window: no response; the HOD signs off without one (and without an acknowledgement)', async () => {
    clock = new Date('2026-10-08T12:00:00.000Z');
    const a = await actors(t);
    const id = await completed(t, a);
    clock = new Date(clock.getTime() + 10 * DAY - 1000);
    expect((await call('sign-off', { observationsId: id }, a.hod)).json()).toEqual({ error: CLOSING_MSG.stillOpen });
    clock = new Date(clock.getTime() + 2000);
    // The window has closed: acknowledging is still possible (it records receipt), responding is not.
    expect((await call('acknowledge', { observationsId: id, fullName: await fullName('faculty') }, a.faculty)).statusCode).toBe(200);
    expect((await call('response', { observationsId: id, response: 'Late.' }, a.faculty)).json()).toEqual({ error: CLOSING_MSG.windowClosed });
    const other = await completedFor(t, a);
    clock = new Date(clock.getTime() + 11 * DAY);
    expect((await call('sign-off', { observationsId: other }, a.hod)).json()).toEqual({ message: MSG.signedOff });
    expect((await doc(t, other, a.hod)).closing).toMatchObject({ acknowledgedAt: null, response: null, signedOffAt: clock.toISOString() });
  });

  it('reminds a faculty member who has not responded, once, shortly before the window closes (notification and email)', async () => {
    clock = new Date('2026-10-08T12:00:00.000Z');
    const a = await actors(t);
    const id = await completed(t, a);
    const config = { responseWindow: { days: 10, reminderDays: 2 } };
    const reminders = () =>
      t.db.select().from(notifications).where(and(eq(notifications.userId, a.ids.faculty), eq(notifications.title, 'Your response window closes soon')));
    expect(await remindResponses(t.db, config, new Date(clock.getTime() + 7 * DAY))).toBe(0);
    const mailsBefore = (await t.db.select().from(emailOutbox)).length;
    expect(await remindResponses(t.db, config, new Date(clock.getTime() + 8.5 * DAY))).toBe(1);
    expect(await remindResponses(t.db, config, new Date(clock.getTime() + 9 * DAY))).toBe(0);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0].message).toContain('2026-10-18');
    expect(sent[0].route).toBe(`/observations/detail-observation/${id}`);
    expect((await t.db.select().from(emailOutbox)).length).toBe(mailsBefore + 1);
    // Nobody is reminded after the window, or with reminders off.
    expect(await remindResponses(t.db, { responseWindow: { days: 10, reminderDays: 0 } }, new Date(clock.getTime() + 9 * DAY))).toBe(0);
  });
});

/** A second faculty member's completed observation (the first faculty member has one open at most). */
async function completedFor(t: TestApp, a: Actors): Promise<string> {
  const other = { ...a, faculty: a.faculty2, ids: { ...a.ids, faculty: a.ids.faculty2 } };
  return completed(t, other);
}
