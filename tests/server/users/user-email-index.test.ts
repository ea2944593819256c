/**
 * Lookups of a user by address (schema.ts emailIs: sign-in, account creation) probe users_email_lower_key, the one
 * unique index on addresses since migration 0014 dropped the plain one on `email`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/db/results.js';
import { emailIs, users } from '../../../src/server/db/schema.js';
import { createTestApp, DEMO, type TestApp } from '../support/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a user looked up by address', () => {
  it('is found whatever the case it is typed in, through the lower-case index', async () => {
    const indexes = rowsOf<{ indexname: string }>(await t.db.execute(sql`select indexname from pg_indexes where tablename = 'users' order by indexname`)).map((r) => r.indexname);
    expect(indexes).toContain('users_email_lower_key');
    expect(indexes).not.toContain('users_email_key');

    const typed = DEMO.faculty.toUpperCase();
    const [found] = await t.db.select({ email: users.email }).from(users).where(emailIs(typed));
    expect(found?.email).toBe(DEMO.faculty);

    // With sequential scans priced out, a lookup the index can answer is planned on it; one it cannot (the column
    // compared as is) would still be a sequential scan.
    const { sql: text, params } = t.db.select({ id: users.id }).from(users).where(emailIs(typed)).toSQL();
    const literal = text.replace('$1', `'${String(params[0]).replace(/'/g, "''")}'`);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain ${literal}`)));
      return r.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using users_email_lower_key/);
  });

  it('signs in with the address typed in capitals', async () => {
    const res = await t.post('/api/auth/login', { email: DEMO.faculty.toUpperCase(), password: 'observa-demo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: DEMO.faculty });
  });
});
