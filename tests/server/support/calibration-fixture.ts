/**
 * Calibration set-ups through the real API (tests/server/calibration/): a published rubric version on a given
 * scale, extra observers of Computer Science, and a session. One of tests/fixtures/calibration/fixtures.json's
 * cases is mapped onto real rubric items and observers so the API's statistics can be compared with its expected
 * values.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_PASSWORD, type TestApp } from './helpers.js';
import { key } from './observations-fixture.js';

export interface Version {
  id: string;
  items: { id: string; code: string; group: string }[];
}

/** Items `codes` split into groups of `perGroup`, scored on `levels`; created by `token` and published. */
export async function publishedVersion(t: TestApp, token: string, levels: number[], codes: string[], perGroup = 4, departmentId?: number | null): Promise<Version> {
  const groups: { code: string; title: string; items: { code: string; title: string }[] }[] = [];
  codes.forEach((code, i) => {
    if (i % perGroup === 0) groups.push({ code: `G${groups.length + 1}`, title: `Group ${groups.length + 1}`, items: [] });
    groups.at(-1)!.items.push({ code, title: `Item ${code}` });
  });
  const definition = { name: `Calibration rubric ${randomUUID().slice(0, 8)}`, groups, scale: levels.map((value) => ({ value, label: `Level ${value}` })) };
  const res = await t.post('/api/rubrics', { definition, ...(departmentId !== undefined ? { departmentId } : {}) }, token, key());
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  const pub = await t.post(`/api/rubrics/versions/${id}/publish`, undefined, token, key());
  expect(pub.statusCode, pub.body).toBe(200);
  const doc = pub.json() as { groups: { code: string; items: { id: string; code: string }[] }[] };
  return { id, items: doc.groups.flatMap((g) => g.items.map((i) => ({ id: i.id, code: i.code, group: g.code }))) };
}

/** `n` new observers of the HOD's department (POST /auth/create): their ids and tokens. */
export async function newObservers(t: TestApp, hodToken: string, n: number): Promise<{ id: string; token: string; name: string }[]> {
  const out: { id: string; token: string; name: string }[] = [];
  for (let i = 0; i < n; i++) {
    const local = `calib.${randomUUID().slice(0, 8)}`;
    const name = `Calibration Observer ${local}`;
    const email = `${local}@university.edu`;
    const res = await t.post('/api/auth/create', { name, email, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role: 'Observer' }, hodToken, key());
    expect(res.statusCode, res.body).toBe(201);
    out.push({ id: await t.userId(email), token: await t.login(email), name });
  }
  return out;
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export async function createSession(t: TestApp, token: string, body: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
  const res = await t.post('/api/calibration/sessions', body, token, key());
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
}

/** A participant's scores as whole groups of the version (the API's group rule), from item code → level. */
export function groupsOf(version: Version, scores: Record<string, number | null>): { id: string; score: number }[][] {
  const groups = new Map<string, { id: string; score: number }[]>();
  for (const item of version.items) {
    const s = scores[item.code];
    if (s == null) continue;
    groups.set(item.group, [...(groups.get(item.group) ?? []), { id: item.id, score: s }]);
  }
  return [...groups.values()];
}
