/**
 * Hostile rows of a batched push (POST /api/sync/push): a row named after a member of Object.prototype
 * (`constructor`, `__proto__`, `toString`, `hasOwnProperty`…) or whose id carries malformed percent-encoding is
 * refused as that row's own 400 naming the problem, and the rows after it still apply. Then a property: whatever
 * the names and ids of the rows, no row is ever answered 5xx (and so none stops the batch).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATIONS } from '../../../src/shared/sync/mutations/index.js';
import { PushResponse } from '../../../src/shared/sync/protocol.js';
import { notify } from '../../../src/server/services/notify.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
let me: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  me = await t.loginUser('faculty');
}, 60_000);
afterAll(() => t?.close());

async function push(rows: unknown[]) {
  const res = await t.post('/api/sync/push', { rows }, me.token);
  expect(res.statusCode, res.body).toBe(200);
  return PushResponse.parse(res.json()).results;
}

/**
 * NUL characters and lone surrogates anywhere in the body refuse the whole request before any row runs
 * (tests/server/api/hostile-input.test.ts): left out here, where the subject is what one row does.
 */
const rowLevel = (s: string) => !s.includes('\u0000') && !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);
const row = (name: string, args: unknown) => ({ mutationId: randomUUID(), name, args });

describe('batched push: rows named after Object.prototype members, malformed percent-encoding', () => {
  it('answers each such row 400 naming the problem; the rows after it apply', async () => {
    const note = await notify(t.db, { userId: me.id, title: 'T', message: 'M', route: '/' });
    const rows = [
      ...PROTO_NAMES.map((name) => row(name, { id: note })),
      row('notification.open', { id: '%E0%A4%A' }),
      row('notification.open', { id: '%' }),
      row('user.updateProfile', { userId: '%zz', changes: { phone: '+1 9' } }),
      row('notification.open', { id: note }),
    ];
    expect(PROTO_NAMES).toEqual(expect.arrayContaining(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']));
    const results = await push(rows);
    const statuses = results.map((r) => ('status' in r ? r.status : 'not attempted'));
    expect(statuses).toEqual([...PROTO_NAMES.map(() => 400), 400, 400, 400, 200]);
    for (const [i, name] of PROTO_NAMES.entries()) {
      expect(results[i], name).toMatchObject({ body: { error: `name: unknown change "${name}"` } });
    }
    const bad = results.slice(PROTO_NAMES.length, PROTO_NAMES.length + 3);
    for (const r of bad) expect(r).toMatchObject({ body: { error: expect.stringMatching(/^(id|userId): malformed percent-encoding/) } });
  });

  it('never answers a row 5xx, whatever its name and ids (property)', async () => {
    const names = Object.keys(MUTATIONS);
    const hostileId = fc.oneof(
      fc.uuid(),
      fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%zz', '%2F', '..', '../x', 'a/b', '?x=1', '#frag', '%00', '', ' ', '__proto__', 'constructor'),
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    ).filter(rowLevel);
    const rowArb = fc.record({
      name: fc.oneof(fc.constantFrom(...names), fc.constantFrom(...PROTO_NAMES), fc.string({ minLength: 1, maxLength: 20 }).filter(rowLevel)),
      // (A `__proto__` key refuses the whole request at JSON parsing, before any row: not a row's concern.)
      ids: fc.dictionary(
        fc.constantFrom('id', 'userId', 'facultyId', 'courseId', 'templateId', 'observationId', 'postId', 'kind', 'observationsId', 'changes', 'constructor'),
        fc.oneof(hostileId, fc.constant({ phone: '+1 1' }), fc.constant(null)),
        { maxKeys: 4 },
      ),
    });
    // Rows whose args are valid but for one id that lands in the path: they reach the route lookup.
    const pathRow = fc.record({
      template: fc.constantFrom<(id: string) => { name: string; args: unknown }>(
        (id) => ({ name: 'notification.open', args: { id } }),
        (id) => ({ name: 'user.updateProfile', args: { userId: id, changes: { phone: '+1 2' } } }),
        (id) => ({ name: 'notification.readAll', args: { userId: id } }),
        (id) => ({ name: 'course.assign', args: { facultyId: id, courseId: id, slots: [randomUUID()] } }),
        (id) => ({ name: 'planTemplate.updateStep', args: { templateId: id, type: 'Teaching', stepId: id, name: 'Step', field: 'Text' } }),
        (id) => ({ name: 'emailTemplate.update', args: { templateId: id, type: 'CreateUser', email: 'Hello {{name}}' } }),
      ),
      id: hostileId.filter((s) => s.length > 0),
    });
    let rowsSent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(rowArb.map((r) => row(r.name, r.ids)), pathRow.map((p) => {
        const r = p.template(p.id);
        return row(r.name, r.args);
      })), { minLength: 1, maxLength: 8 }), async (rows) => {
        rowsSent += rows.length;
        const results = await push(rows);
        for (const [i, r] of results.entries()) {
          const what = `${rows[i].name} ${JSON.stringify(rows[i].args).slice(0, 200)}`;
          expect('status' in r, `row not attempted: ${what}`).toBe(true);
          if ('status' in r) expect(r.status, `${what} → ${JSON.stringify(r.body).slice(0, 200)}`).toBeLessThan(500);
        }
      }),
      { seed: 32_004, numRuns: 150, endOnFailure: true },
    );
    expect(rowsSent).toBeGreaterThan(300);
  }, 120_000);
});
