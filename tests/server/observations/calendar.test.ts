/**
 * Calendars: an observation's .ics for its participants, and a per-user subscription feed at a
 * secret URL that a reset revokes. RFC 5545: CRLF, lines ≤ 75 octets, UTC times, stable UIDs, rising SEQUENCE.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../../src/server/db/schema.js';
import { calendarText, foldLine, icsText } from '../../../src/server/services/calendar/ics.js';
import { slotMinutes } from '../../../src/server/services/calendar/observation-events.js';
import { MSG } from '../../../src/shared/messages.js';
import { campusInstant } from '../../../src/shared/campus-time.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, answers, bothObservationsDone, doc, initiate, key, put, scheduleDone, scoreAll, type Actors } from '../support/observations-fixture.js';
import { uploadArtifact } from '../support/observations-upload.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-calendar-')) } });
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(() => t?.close());

/** Unfolds and splits an iCalendar text into its properties. */
function props(text: string): string[] {
  return text.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
}
const value = (text: string, name: string) => props(text).filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1));

describe('the iCalendar writer', () => {
  it('escapes TEXT, folds at 75 octets without splitting a character, and ends lines with CRLF', () => {
    expect(icsText('a,b;c\\d\ne\r')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    const text = calendarText('x', []);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(slotMinutes('09:00-10:30')).toBe(90);
    expect(slotMinutes('09:00')).toBeNull();
    expect(slotMinutes('10:00-09:00')).toBeNull();
  });
});

describe('GET /observation/{id}/calendar.ics', () => {
  it('gives the observer and the faculty member the scheduled class; the UID stays, SEQUENCE rises', async () => {
    const id = await initiate(t, a);
    await scheduleDone(t, a, id);
    const first = await t.get(`/api/observation/${id}/calendar.ics`, a.observer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-store');
    for (const line of first.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const uid = value(first.body, 'UID');
    expect(uid).toHaveLength(1);
    expect(uid[0]).toMatch(/^class-[0-9a-f-]{36}@observa$/);
    // scheduled 2026-09-14 09:00 UTC on the 09:00-10:30 slot
    expect(value(first.body, 'DTSTART')).toEqual(['20260914T090000Z']);
    expect(value(first.body, 'DTEND')).toEqual(['20260914T103000Z']);
    expect(value(first.body, 'STATUS')).toEqual(['CONFIRMED']);
    expect(value(first.body, 'SUMMARY')[0]).toMatch(/^Observed class: CSC-101/);
    // The slot's room, and a link to a page that exists (the informed observation), on PUBLIC_URL.
    expect(value(first.body, 'LOCATION')).toEqual(['Room B-101']);
    expect(value(first.body, 'URL')).toEqual([`http://localhost:3000/observations/observation-rubric/${id}`]);

    await scoreAll(t, 'informed', id, a.observer, 3);
    const later = await t.get(`/api/observation/${id}/calendar.ics`, a.faculty);
    expect(later.statusCode).toBe(200);
    expect(value(later.body, 'UID')).toEqual(uid);
    expect(Number(value(later.body, 'SEQUENCE')[0])).toBeGreaterThan(Number(value(first.body, 'SEQUENCE')[0]));
  });

  it('is for participants only: the HOD, another faculty member and an unknown id are refused', async () => {
    const id = await initiate(t, a);
    expect((await t.get(`/api/observation/${id}/calendar.ics`, a.hod)).statusCode).toBe(403);
    expect((await t.get(`/api/observation/${id}/calendar.ics`, a.faculty2)).statusCode).toBe(403);
    expect((await t.get(`/api/observation/${randomUUID()}/calendar.ics`, a.observer)).statusCode).toBe(404);
    expect((await t.get(`/api/observation/not-an-id/calendar.ics`, a.observer)).statusCode).toBe(404);
    expect((await t.get(`/api/observation/${id}/calendar.ics`)).statusCode).toBe(401);
    // nothing scheduled yet: a valid, empty calendar
    const empty = await t.get(`/api/observation/${id}/calendar.ics`, a.observer);
    expect(empty.statusCode).toBe(200);
    expect(value(empty.body, 'UID')).toEqual([]);
  });
});

describe('the subscription feed', () => {
  it('a secret URL serves the user\'s events without a token; a reset revokes the old URL; stop ends it', async () => {
    const id = await initiate(t, a);
    await bothObservationsDone(t, a, id);
    const postId = randomUUID();
    const slotId = randomUUID();
    const post = await t.post('/api/observation/post-scheduling', { observationsId: id, id: postId, timeSlotsByObserver: [{ id: slotId, dateTime: '2026-10-05T13:00:00Z' }], location: 'Room 4, B; 2nd' }, a.observer, key());
    expect(post.statusCode, post.body).toBe(201);

    expect((await t.get('/api/user/calendar-feed', a.faculty)).json()).toEqual({ active: false, createdAt: null });
    const made = await t.post('/api/user/calendar-feed', undefined, a.faculty);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().message).toBe(MSG.calendarFeedReady);
    const url = new URL(made.json().url as string);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t.get('/api/user/calendar-feed', a.faculty)).json().active).toBe(true);

    const feed = await t.get(url.pathname);
    expect(feed.statusCode).toBe(200);
    expect(value(feed.body, 'UID').some((u) => u.startsWith('class-'))).toBe(true);
    // the meeting appears once the faculty member has chosen its slot (after the reflection plan and an artifact)
    expect(value(feed.body, 'UID').some((u) => u.startsWith('meeting-'))).toBe(false);
    const reflection = (await doc(t, id, a.faculty)).meetings.postObservation.reflectionPlan.steps;
    expect((await put(t, 'post-scheduling', { observationsId: id, templateResponse: answers(reflection) }, a.faculty)).statusCode).toBe(200);
    await uploadArtifact(t, postId, a.faculty, 'pdf');
    expect((await put(t, 'post-scheduling', { observationsId: id, timeSlotByFaculty: slotId }, a.faculty)).statusCode).toBe(200);
    const withMeeting = await t.get(url.pathname);
    expect(value(withMeeting.body, 'UID')).toContain(`meeting-${postId}@observa`);
    expect(value(withMeeting.body, 'DTSTART')).toContain('20261005T130000Z');
    expect(value(withMeeting.body, 'DTEND')).toContain('20261005T140000Z');
    expect(value(withMeeting.body, 'LOCATION')).toEqual(['Room B-101', 'Room 4\\, B\\; 2nd']);

    // the secret is stored only as a hash
    const secret = url.pathname.split('/').pop()!.replace('.ics', '');
    const stored = await t.db.select().from(calendarFeeds);
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));

    const again = await t.post('/api/user/calendar-feed', undefined, a.faculty);
    expect(again.statusCode).toBe(201);
    expect((await t.get(url.pathname)).statusCode).toBe(404);
    const fresh = new URL(again.json().url as string).pathname;
    expect((await t.get(fresh)).statusCode).toBe(200);

    const stop = await t.del('/api/user/calendar-feed', a.faculty);
    expect(stop.statusCode).toBe(200);
    expect((await t.get(fresh)).statusCode).toBe(404);
    expect((await t.get('/api/calendar/nothing.ics')).statusCode).toBe(404);
    expect((await t.get(`/api/calendar/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
  });
});

describe('campus time, served address and the HOD feed', () => {
  let campus: TestApp;
  let b: Actors;
  beforeAll(async () => {
    campus = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-calendar-tz-')), campusTimeZone: 'America/New_York', publicUrlAuto: true } });
    b = await actors(campus);
  });
  afterAll(() => campus?.close());

  it('slot times are campus-local; links use the address the request came to; the HOD feed holds the department\'s classes', async () => {
    const id = await initiate(campus, b);
    await scheduleDone(campus, b, id);
    // The class day 2026-09-14 at the slot's 09:00 in New York (EDT, UTC-4) is 13:00 UTC; 90 minutes long.
    const res = await campus.get(`/api/observation/${id}/calendar.ics`, b.observer, { host: 'observa.campus.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(value(res.body, 'DTSTART')).toEqual(['20260914T130000Z']);
    expect(value(res.body, 'DTEND')).toEqual(['20260914T143000Z']);
    expect(value(res.body, 'URL')).toEqual([`http://observa.campus.example/observations/observation-rubric/${id}`]);

    // The HOD's feed: the department's scheduled class, though the HOD is neither observer nor faculty member.
    const made = await campus.post('/api/user/calendar-feed', undefined, b.hod, { host: 'observa.campus.example' });
    expect(made.statusCode, made.body).toBe(201);
    const url = new URL(made.json().url as string);
    expect(url.host).toBe('observa.campus.example');
    const feed = await campus.get(url.pathname);
    expect(value(feed.body, 'UID').filter((u) => u.startsWith('class-'))).toHaveLength(1);
    expect(value(feed.body, 'LOCATION')).toEqual(['Room B-101']);
    // Another department's HOD sees none of it.
    const other = await campus.post('/api/user/calendar-feed', undefined, b.hodMath);
    expect(value((await campus.get(new URL(other.json().url as string).pathname)).body, 'UID')).toEqual([]);
  });

  it('campusInstant crosses daylight saving: winter and summer wall times map to their own offsets', () => {
    expect(campusInstant('2026-01-12', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-01-12T08:00:00.000Z');
    expect(campusInstant('2026-07-13', '09:00-10:30', 'Europe/Berlin').toISOString()).toBe('2026-07-13T07:00:00.000Z');
    expect(campusInstant('2026-03-29', '12:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(campusInstant('2026-07-13', '09:00', 'UTC').toISOString()).toBe('2026-07-13T09:00:00.000Z');
  });
});
