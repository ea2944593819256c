/**
 * A calibration world for the report pages' component tests, built through the real API: a Computer Science
 * rubric version of four items on levels 1–4, and sessions the demo HOD organises for the department's observers —
 * closed with an expert reference, closed with one participant and no reference (the degenerate figures), and
 * one still open.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createSession, groupsOf, inDays, newObservers, publishedVersion, type Version } from '../../server/support/calibration-fixture.js';
import { createTestApp, type TestApp } from '../../server/support/helpers.js';
import { key } from '../../server/support/observations-fixture.js';

export interface Person {
  id: string;
  token: string;
  name: string;
}

export interface ResultsWorld {
  t: TestApp;
  base: string;
  hod: Record<string, unknown> & { id: string; token: string };
  version: Version;
  observers: Person[];
  /** Expert reference A1..A4 = 3, 2, 4, 1; observers[0] matches it, [1] is one level off on two items, [2] far off. */
  closed: string;
  /** observers[0] alone, no reference: every agreement figure has its reason instead of a value. */
  single: string;
  open: string;
  close(): Promise<void>;
}

export const REFERENCE = { A1: 3, A2: 2, A3: 4, A4: 1 } as const;
export const SCORES = [
  { A1: 3, A2: 2, A3: 4, A4: 1 },
  { A1: 2, A2: 2, A3: 3, A4: 1 },
  { A1: 1, A2: 4, A3: 2, A4: 3 },
];

async function submitAll(t: TestApp, p: Person, sessionId: string, version: Version, scores: Record<string, number>) {
  const res = await t.post(`/api/calibration/sessions/${sessionId}/submit`, { scores: groupsOf(version, scores).flat() }, p.token, key());
  expect(res.statusCode, res.body).toBe(200);
}

export async function resultsWorld(): Promise<ResultsWorld> {
  const t = await createTestApp();
  await t.reset();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  const hod = await t.loginUser('hod');
  const version = await publishedVersion(t, hod.token, [1, 2, 3, 4], ['A1', 'A2', 'A3', 'A4']);
  const demo = async (who: string): Promise<Person> => {
    const u = await t.loginUser(who);
    return { id: u.id, token: u.token, name: String(u.name) };
  };
  const observers = [await demo('observer'), await demo('observer2'), ...(await newObservers(t, hod.token, 1))];
  const itemId = (code: string) => version.items.find((i) => i.code === code)!.id;
  const reference = { expertName: 'Dr Expert', items: Object.entries(REFERENCE).map(([code, score]) => ({ itemId: itemId(code), score, rationale: `Because of ${code}` })) };
  const lesson = { kind: 'live', description: 'Year 9 algebra, period 2', date: '2026-12-01' };
  const closed = await createSession(t, hod.token, { title: 'Closed with an expert', rubricVersionId: version.id, lesson, participantIds: observers.map((o) => o.id), reference, deadline: inDays(7) });
  for (const [i, p] of observers.entries()) await submitAll(t, p, closed.id, version, SCORES[i]);
  const single = await createSession(t, hod.token, { title: 'One participant', rubricVersionId: version.id, lesson, participantIds: [observers[0].id], deadline: inDays(7) });
  await submitAll(t, observers[0], single.id, version, SCORES[0]);
  const open = await createSession(t, hod.token, { title: 'Still open', rubricVersionId: version.id, lesson, participantIds: observers.map((o) => o.id), deadline: inDays(3) });
  return { t, base, hod, version, observers, closed: closed.id, single: single.id, open: open.id, close: () => t.close() };
}

/** A port that accepts and drops every connection: what a lost network looks like to fetch. */
export async function deadServer(): Promise<{ base: string; close: () => Promise<void> }> {
  const dead: Server = createServer((req) => req.socket.destroy());
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(dead.address() as AddressInfo).port}/api`, close: () => new Promise<void>((r) => dead.close(() => r())) };
}
