/**
 * Calibration sessions through the API (docs/adr/2026-11-28-calibration.md): created by a HOD, scored blind by the
 * department's observers in whole groups on the version's scale, closed by the last submission or by housekeeping
 * after the deadline; the results' statistics equal tests/fixtures/calibration/fixtures.json's expected values for
 * the same scores; anonymous unless the organiser names participants; the lesson's video only for the session's
 * people; scores and notes pushed in a batch from the outbox apply once and reach the device in the pull.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, calibrationNotes, calibrationSessions, departments } from '../../../src/server/db/schema.js';
import { closeDueSessions } from '../../../src/server/services/calibration/close.js';
import type { CalibrationResults, CalibrationSession } from '../../../src/shared/contract/calibration.js';
import { PushResponse, type SyncChange } from '../../../src/shared/sync/protocol.js';
import { expectFigures, expectStat, fixtures, type CalibrationCase } from '../../shared/calibration/fixtures.js';
import { createSession, groupsOf, inDays, newObservers, publishedVersion, type Version } from '../support/calibration-fixture.js';
import { useTestApp } from '../support/helpers.js';
import { key } from '../support/observations-fixture.js';
import { SAMPLES, writeUpload } from '../support/observations-upload.js';

const t = useTestApp();

const fixture = (name: string): CalibrationCase => {
  const c = fixtures.calibration.find((x) => x.name === name);
  if (!c) throw new Error(`no fixture ${name}`);
  return c;
};

interface Person {
  id: string;
  token: string;
}

/** observer@, observer2@ and new Computer Science observers: `n` in all. */
async function observers(n: number): Promise<Person[]> {
  const demo = [
    { id: await t.userId('observer'), token: await t.login('observer') },
    { id: await t.userId('observer2'), token: await t.login('observer2') },
  ];
  return [...demo, ...(n > 2 ? await newObservers(t, await t.login('hod'), n - 2) : [])].slice(0, n);
}

const itemIdOf = (v: Version, code: string) => v.items.find((i) => i.code === code)!.id;

/** A session on the case's version with the case's reference (when it has one); participants in the case's order. */
async function sessionFor(c: CalibrationCase, opts: { namesParticipants?: boolean } = {}) {
  const hod = await t.login('hod');
  const version = await publishedVersion(t, hod, c.input.levels, c.input.items);
  const people = await observers(c.input.participants.length);
  const reference = c.input.reference
    ? { expertName: 'Dr Expert', items: Object.entries(c.input.reference).map(([code, score]) => ({ itemId: itemIdOf(version, code), score, rationale: `Why ${code}` })) }
    : undefined;
  const session = await createSession(t, hod, {
    title: `Calibration on ${c.name}`,
    rubricVersionId: version.id,
    lesson: { kind: 'live', description: 'Year 9 algebra, period 2', date: '2026-12-01' },
    participantIds: people.map((p) => p.id),
    ...(reference ? { reference } : {}),
    deadline: inDays(7),
    ...(opts.namesParticipants !== undefined ? { namesParticipants: opts.namesParticipants } : {}),
  });
  return { hod, version, people, session };
}

async function scoreAndSubmit(p: Person, sessionId: string, version: Version, scores: Record<string, number | null>) {
  const groups = groupsOf(version, scores);
  for (const g of groups.slice(0, -1)) {
    const res = await t.put(`/api/calibration/sessions/${sessionId}/scores`, { scores: g }, p.token, key());
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await t.post(`/api/calibration/sessions/${sessionId}/submit`, { scores: groups.at(-1) }, p.token, key());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalibrationSession;
}

async function results(sessionId: string, token: string): Promise<CalibrationResults> {
  const res = await t.get(`/api/calibration/sessions/${sessionId}/results`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalibrationResults;
}

const session = async (id: string, token: string) => {
  const res = await t.get(`/api/calibration/sessions/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalibrationSession;
};

describe('a calibration session', () => {
  it('is scored blind, closes with the last submission, and its statistics are the fixture’s', async () => {
    const c = fixture('random 10, expert');
    const { hod, version, people, session: created } = await sessionFor(c, { namesParticipants: true });
    expect(created).toMatchObject({ status: 'open', participants: { total: 4, submitted: 0 }, mine: null, namesParticipants: true });
    expect(created.reference).toMatchObject({ expertName: 'Dr Expert' });

    // Group rule and scale rule: a part of a group, or a value that is not a level, is refused naming the field.
    const first = groupsOf(version, c.input.participants[0].scores)[0];
    const part = await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: first.slice(1) }, people[0].token, key());
    expect(part.statusCode).toBe(400);
    expect(part.json().error).toMatch(/^scores: /);
    const off = await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: first.map((e) => ({ ...e, score: 0 })) }, people[0].token, key());
    expect(off.statusCode).toBe(400);
    const early = await t.post(`/api/calibration/sessions/${created.id}/submit`, { scores: first }, people[0].token, key());
    expect(early.statusCode).toBe(400);

    // Blind: after the first participant saved a group, the second sees nothing of it, nor the reference.
    expect((await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: first }, people[0].token, key())).statusCode).toBe(200);
    const second = await session(created.id, people[1].token);
    expect(second.mine).toEqual({ scores: {}, submittedAt: null, notes: [] });
    expect(second.reference).toBeNull();
    expect(second.roster).toBeNull();
    expect(JSON.stringify(second)).not.toContain('Why item-');
    expect((await session(created.id, people[0].token)).mine!.scores).toEqual(Object.fromEntries(first.map((e) => [e.id, e.score])));
    // No results before the close, for anyone.
    expect((await t.get(`/api/calibration/sessions/${created.id}/results`, people[0].token)).statusCode).toBe(409);
    expect((await t.get(`/api/calibration/sessions/${created.id}/results`, hod)).statusCode).toBe(409);

    for (const [i, p] of people.entries()) {
      const doc = await scoreAndSubmit(p, created.id, version, c.input.participants[i].scores);
      expect(doc.status).toBe(i === people.length - 1 ? 'closed' : 'open');
      if (i < people.length - 1) expect(doc.reference).toBeNull();
    }
    const closed = await session(created.id, people[1].token);
    expect(closed.reference!.items).toHaveLength(c.input.items.length);
    expect(closed.participants).toEqual({ total: 4, submitted: 4 });
    // Closed: nothing changes any more.
    expect((await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: first }, people[0].token, key())).statusCode).toBe(409);

    const codeOf = new Map(version.items.map((i) => [i.id, i.code]));
    const caseIdOf = new Map(people.map((p, i) => [p.id, c.input.participants[i].id]));
    const r = await results(created.id, hod);
    expect(r.referenceKind).toBe(c.expected.referenceKind);
    expect(r.participants).toHaveLength(4);
    for (const row of r.participants) {
      const want = c.expected.participants.find((x) => x.participantId === caseIdOf.get(row.participantId!))!;
      const { participantId: _id, ...figures } = want;
      expectFigures(row, figures, `participant ${want.participantId}`);
      const cert = c.expected.certification.find((x) => x.participantId === want.participantId)!;
      expect(row.certification!.met).toBe(cert.met);
      expect(row.certification!.checks.map((ch) => ch.reason)).toEqual(cert.reasons);
    }
    for (const row of r.items) {
      const want = c.expected.items.find((x) => x.itemId === codeOf.get(row.itemId))!;
      const { itemId: _item, ...figures } = want;
      expectFigures(row, figures, `item ${want.itemId}`);
    }
    expect(r.fleiss.items).toBe(c.expected.fleiss.items);
    expectStat(r.fleiss.value, c.expected.fleiss.value, 'fleiss');
    expect(r.icc.items).toBe(c.expected.icc.items);
    expectStat(r.icc.value, c.expected.icc.value, 'icc');

    // The conversation view of one participant: per item the levels' counts, the reference and its rationale, their own level.
    const mine = await results(created.id, people[0].token);
    expect(mine.participants.filter((p) => p.isMe)).toHaveLength(1);
    expect(mine.participants.find((p) => p.isMe)!.label).toBe('You');
    for (const row of mine.distribution) {
      const code = codeOf.get(row.itemId)!;
      const counts = c.input.levels.map((level) => ({ level, count: c.input.participants.filter((p) => p.scores[code] === level).length }));
      expect(row.counts).toEqual(counts);
      expect(row.reference).toBe(c.input.reference![code]);
      expect(row.rationale).toBe(`Why ${code}`);
      expect(row.own).toBe(c.input.participants[0].scores[code]);
    }
  });

  it('is anonymous by default: other participants are “Participant n” without an id, for participants and organiser alike', async () => {
    const c = fixture('random 10, no expert');
    const { hod, version, people, session: created } = await sessionFor(c);
    expect(created.namesParticipants).toBe(false);
    for (const [i, p] of people.entries()) await scoreAndSubmit(p, created.id, version, c.input.participants[i].scores);

    const mine = await results(created.id, people[1].token);
    expect(mine.referenceKind).toBe('median-of-others');
    for (const row of mine.participants) {
      if (row.isMe) expect(row).toMatchObject({ participantId: people[1].id, label: 'You' });
      else expect(row).toMatchObject({ participantId: null, label: expect.stringMatching(/^Participant \d$/) });
      expect(row.certification).toBeNull();
    }
    const organiser = await results(created.id, hod);
    expect(organiser.participants.every((row) => row.participantId === null)).toBe(true);
    const body = JSON.stringify(organiser);
    for (const p of people) expect(body).not.toContain(p.id);
    expectStat(organiser.fleiss.value, c.expected.fleiss.value, 'fleiss');
    expectStat(organiser.icc.value, c.expected.icc.value, 'icc');
    // Without an expert, each participant is compared with the lower median of the others (fixture's figures).
    const byFigures = organiser.participants.map(({ exactPct, adjacentPct, kappa, compared }) => ({ exactPct, adjacentPct, kappa, compared }));
    for (const want of c.expected.participants) {
      expect(byFigures.some((got) => got.compared === want.compared && got.exactPct.value !== null && Math.abs(got.exactPct.value - (want.exactPct.value as number)) < 1e-9)).toBe(true);
    }
  });

  it('two last submissions at once: the session closes exactly once (decided under its row lock)', async () => {
    const c = fixture('random 10, no expert');
    const { version, people, session: created } = await sessionFor(c);
    await scoreAndSubmit(people[0], created.id, version, c.input.participants[0].scores);
    for (const [i, p] of people.slice(1).entries()) {
      for (const g of groupsOf(version, c.input.participants[i + 1].scores)) {
        expect((await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: g }, p.token, key())).statusCode).toBe(200);
      }
    }
    const answers = await Promise.all(people.slice(1).map((p) => t.post(`/api/calibration/sessions/${created.id}/submit`, {}, p.token, key())));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const closes = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'calibration.close'), eq(auditLog.entityId, created.id)));
    expect(closes).toHaveLength(1);
    expect((await session(created.id, people[0].token)).status).toBe('closed');
  });

  it('closes by housekeeping once the deadline has passed; a figure without a value carries its reason', async () => {
    const c = fixture('random 10, expert');
    const { hod, version, people, session: created } = await sessionFor(c);
    await scoreAndSubmit(people[0], created.id, version, c.input.participants[0].scores);
    // Another participant's unsubmitted draft is not their answer: it is not counted.
    expect((await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: groupsOf(version, c.input.participants[1].scores)[0] }, people[1].token, key())).statusCode).toBe(200);

    expect(await closeDueSessions(t.db, t.config, new Date())).toBe(0);
    const [before] = await t.db.select().from(calibrationSessions).where(eq(calibrationSessions.id, created.id));
    expect(await closeDueSessions(t.db, t.config, new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    const [after] = await t.db.select().from(calibrationSessions).where(eq(calibrationSessions.id, created.id));
    expect(after.closedAt!.toISOString()).toBe(before.deadline.toISOString());
    expect(after.version).toBeGreaterThan(before.version);
    expect(await closeDueSessions(t.db, t.config, new Date(Date.now() + 9 * 86_400_000))).toBe(0);

    const r = await results(created.id, hod);
    expect(r.participants).toHaveLength(1);
    expect(r.fleiss.value).toEqual({ value: null, reason: 'single-participant' });
    expect(r.icc.value).toEqual({ value: null, reason: 'single-participant' });
    expect(JSON.stringify(r)).not.toMatch(/NaN|Infinity/);
    expect((await t.post(`/api/calibration/sessions/${created.id}/submit`, {}, people[1].token, key())).statusCode).toBe(409);
  });
});

describe('who may create and see a session', () => {
  it('organisers by department, participants of the department; everyone else is refused', async () => {
    const hod = await t.login('hod');
    const version = await publishedVersion(t, hod, [0, 1, 2], ['a', 'b']);
    const ids = { observer: await t.userId('observer'), faculty: await t.userId('faculty') };
    const body = (over: Record<string, unknown> = {}) => ({
      title: 'Who may',
      rubricVersionId: version.id,
      lesson: { kind: 'live', description: 'A lesson', date: '2026-12-01' },
      participantIds: [ids.observer],
      deadline: inDays(3),
      ...over,
    });
    for (const who of ['faculty', 'observer', 'director']) {
      expect((await t.post('/api/calibration/sessions', body(), await t.login(who), key())).statusCode, who).toBe(403);
    }
    // Another department's HOD organises their own department's sessions: not on this department's rubric.
    const math = await t.post('/api/calibration/sessions', body(), await t.login('hod.math'), key());
    expect(math.statusCode).toBe(400);
    expect(math.json().error).toMatch(/^rubricVersionId/);
    // An administrator organises institution sessions (on institution rubrics), not a department's.
    expect((await t.post('/api/calibration/sessions', body({ departmentId: (await t.db.select().from(departments).where(eq(departments.name, 'Computer Science')))[0].id }), await t.login('admin'), key())).statusCode).toBe(403);
    expect((await t.post('/api/calibration/sessions', body({ departmentId: null }), hod, key())).statusCode).toBe(403);
    // Bad input names its field.
    for (const [over, field] of [
      [{ participantIds: [ids.faculty] }, 'participantIds'],
      [{ deadline: '2020-01-01T00:00:00Z' }, 'deadline'],
      [{ deadline: 'soon' }, 'deadline'],
      [{ rubricVersionId: randomUUID() }, 'rubricVersionId'],
      [{ reference: { expertName: 'X', items: [{ itemId: version.items[0].id, score: 7, rationale: 'r' }] } }, 'reference'],
      [{ lesson: { kind: 'video', uploadId: 'f'.repeat(32) } }, 'lesson'],
    ] as const) {
      const res = await t.post('/api/calibration/sessions', body(over), hod, key());
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error).toMatch(new RegExp(`^${field}`));
    }
    const created = await createSession(t, hod, body());
    for (const who of ['faculty', 'observer2', 'hod.math', 'admin', 'superadmin', 'director']) {
      expect((await t.get(`/api/calibration/sessions/${created.id}`, await t.login(who))).statusCode, who).toBe(404);
    }
    // Someone who sees the session but does not take part cannot score in it.
    expect((await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: [{ id: version.items[0].id, score: 1 }] }, hod, key())).statusCode).toBe(403);
    expect((await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: [{ id: version.items[0].id, score: 1 }] }, await t.login('observer2'), key())).statusCode).toBe(404);
    const lists = {
      hod: (await t.get('/api/calibration/sessions', hod)).json() as CalibrationSession[],
      observer: (await t.get('/api/calibration/sessions', await t.login('observer'))).json() as CalibrationSession[],
      observer2: (await t.get('/api/calibration/sessions', await t.login('observer2'))).json() as CalibrationSession[],
    };
    expect(lists.hod.map((s) => s.id)).toEqual([created.id]);
    expect(lists.hod[0].roster).toEqual([{ userId: ids.observer, name: expect.any(String), submitted: false }]);
    expect(lists.observer.map((s) => s.id)).toEqual([created.id]);
    expect(lists.observer2).toEqual([]);
  });

  it('streams the lesson’s video to its organiser and participants only', async () => {
    const hod = await t.login('hod');
    const hodId = await t.userId('hod');
    const version = await publishedVersion(t, hod, [0, 1, 2], ['a', 'b']);
    const bytes = SAMPLES.mp4();
    const base = { title: 'Video lesson', rubricVersionId: version.id, participantIds: [await t.userId('observer')], deadline: inDays(3) };
    // Only the organiser's own finished upload, and only an MP4.
    const png = writeUpload(t, SAMPLES.png(), hodId);
    expect((await t.post('/api/calibration/sessions', { ...base, lesson: { kind: 'video', uploadId: png } }, hod, key())).statusCode).toBe(400);
    const others = writeUpload(t, bytes, await t.userId('observer'));
    expect((await t.post('/api/calibration/sessions', { ...base, lesson: { kind: 'video', uploadId: others } }, hod, key())).statusCode).toBe(400);
    const upload = writeUpload(t, bytes, hodId);
    const used = async () => ((await t.get('/api/files/limits', hod)).json() as { usedBytes: number }).usedBytes;
    const before = await used();
    const created = await createSession(t, hod, { ...base, lesson: { kind: 'video', fileURL: `/api/files/${upload}` } });
    // The upload became the lesson's video: still the organiser's bytes in their quota.
    expect(await used()).toBe(before);
    const url = (created as unknown as CalibrationSession).lesson.videoURL!;
    expect(url).toBe(`/api/calibration/sessions/${created.id}/video`);

    for (const who of ['hod', 'observer']) {
      const res = await t.get(url, await t.login(who));
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    for (const who of ['faculty', 'observer2', 'hod.math', 'admin']) expect((await t.get(url, await t.login(who))).statusCode, who).toBe(404);
    expect((await t.get(url)).statusCode).toBe(401);
    // A live lesson has no video.
    const live = await createSession(t, hod, { ...base, lesson: { kind: 'live', description: 'Live', date: '2026-12-02' } });
    expect((await t.get(`/api/calibration/sessions/${live.id}/video`, hod)).statusCode).toBe(404);
  });
});

describe('a session scored offline', () => {
  it('scored partly online, partly in a batched push of the outbox: applied once; the device pulls its own part', async () => {
    const c = fixture('random 10, expert');
    const { version, people, session: created } = await sessionFor(c);
    const [me] = people;
    const groups = groupsOf(version, c.input.participants[0].scores);
    // The first group is saved online; the rest waits in the outbox until the device is back.
    expect((await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: groups[0] }, me.token, key())).statusCode).toBe(200);
    const noteId = randomUUID();
    const rows = [
      { mutationId: randomUUID(), name: 'calibration.note', args: { sessionId: created.id, id: noteId, body: 'Questions at 2:05', offsetSeconds: 125 } },
      ...groups.slice(1, -1).map((g) => ({ mutationId: randomUUID(), name: 'calibration.saveScores', args: { sessionId: created.id, scores: g } })),
      { mutationId: randomUUID(), name: 'calibration.submit', args: { sessionId: created.id, scores: groups.at(-1) } },
    ];
    const push = async () => {
      const res = await t.post('/api/sync/push', { rows }, me.token);
      expect(res.statusCode, res.body).toBe(200);
      return PushResponse.parse(res.json()).results;
    };
    const first = await push();
    expect(first.map((r) => ('status' in r ? r.status : 0))).toEqual([201, ...groups.slice(1, -1).map(() => 200), 200]);
    // The same rows again (the answer was lost): the stored answers, nothing applied twice.
    const again = await push();
    expect(again).toEqual(first);
    expect(await t.db.select().from(calibrationNotes).where(eq(calibrationNotes.sessionId, created.id))).toHaveLength(1);

    const doc = await session(created.id, me.token);
    expect(doc.mine!.submittedAt).not.toBeNull();
    expect(doc.mine!.notes).toEqual([{ id: noteId, body: 'Questions at 2:05', offsetSeconds: 125, createdAt: expect.any(String) }]);
    expect(Object.keys(doc.mine!.scores)).toHaveLength(c.input.items.length);

    // The pull carries the session to its participants only, as the REST API answers each of them.
    const pulled = async (token: string) => {
      const res = await t.get('/api/sync/changes?since=0&limit=500', token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { changes: SyncChange[] }).changes.filter((ch) => ch.entity === 'calibrationSessions');
    };
    const mine = await pulled(me.token);
    expect(mine).toHaveLength(1);
    expect(mine[0].data).toEqual(doc);
    const theirs = await pulled(people[1].token);
    expect((theirs[0].data as CalibrationSession).mine).toEqual({ scores: {}, submittedAt: null, notes: [] });
    expect(await pulled(await t.login('faculty'))).toEqual([]);
    expect(await pulled(await t.login('hod'))).toEqual([]);
  });
});
