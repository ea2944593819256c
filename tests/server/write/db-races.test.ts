/**
 * Races decided by the database: concurrent requests that each pass the service's "already
 * exists?" check must still leave one row, and the losers get the SPEC §5 message with 409, never a 500.
 * Runs on PGlite and, with OBSERVA_TEST_DB=postgres, on PostgreSQL (where the transactions truly overlap).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { observations, users } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, TEST_DOMAIN, type TestApp } from '../support/helpers.js';
import { actors, key, type Actors } from '../support/observations-fixture.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(() => t?.close());

const PARALLEL = 10;

describe('one open observation per faculty member', () => {
  it('ten parallel initiates for one faculty member: one 201, nine 409 with the §5 message, one open observation', async () => {
    const body = { facultyIds: [a.ids.faculty], observerId: a.ids.observer, semester: 'Spring' };
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.post('/api/observation/initiate', body, a.hod, key())),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ error: MSG.facultyHasOpenObservation });
    const open = await t.db
      .select()
      .from(observations)
      .where(and(eq(observations.facultyId, a.ids.faculty), ne(observations.status, 'Completed')));
    expect(open).toHaveLength(1);
  });

  it('the database refuses a second open observation, but completed ones do not count', async () => {
    const row = { facultyId: a.ids.faculty, observerId: a.ids.observer, hodId: a.ids.hod, semester: 'Fall' };
    await t.db.insert(observations).values([
      { ...row, status: 'Completed' },
      { ...row, status: 'Completed' },
      { ...row, status: 'Pending' },
    ]);
    const second = await t.db
      .insert(observations)
      .values({ ...row, status: 'Ongoing' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(JSON.stringify(describeDbError(second))).toContain('observations_open_faculty_key');
    // Completing the open one frees the faculty member again.
    await t.db.update(observations).set({ status: 'Completed' }).where(eq(observations.facultyId, a.ids.faculty));
    await t.db.insert(observations).values({ ...row, status: 'Pending' });
  });
});

describe('one account per email, whatever its case', () => {
  it('ten parallel creates of one email (in different cases): one 201, nine 409 with the §5 message, one account', async () => {
    const admin = await t.login('admin');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const local = i % 2 ? 'Race.Person' : 'race.person';
        return t.post(
          '/api/auth/create',
          { name: 'Race Person', email: `${local}@${TEST_DOMAIN}`, password: 'long-enough', confirmPassword: 'long-enough', role: 'Observer', department: 1 },
          admin,
          { 'idempotency-key': randomUUID() },
        );
      }),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ error: MSG.emailTaken });
    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) = ${`race.person@${TEST_DOMAIN}`}`);
    expect(rows).toHaveLength(1);
  });

  it('the database refuses an email that differs from an existing one only in case', async () => {
    const [hod] = await t.db.select().from(users).where(eq(users.email, `hod@${TEST_DOMAIN}`));
    const err = await t.db
      .insert(users)
      .values({ name: 'Shadow', email: `HOD@${TEST_DOMAIN.toUpperCase()}`, passwordHash: hod.passwordHash, role: 'Observer' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(JSON.stringify(describeDbError(err))).toContain('users_email_lower_key');
  });
});

/** The driver error (code, constraint) under Drizzle's wrapper, for assertions. */
function describeDbError(err: unknown): { code?: string; constraint?: string } | null {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code) return { code: e.code, constraint: e.constraint };
    e = e.cause as typeof e;
  }
  return null;
}
