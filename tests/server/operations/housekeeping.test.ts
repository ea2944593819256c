/**
 * Housekeeping (src/server/services/housekeeping): old stored responses are dropped but their keys still stop a
 * replay from applying twice; very old keys, ended sessions and abandoned uploads go; nothing current is touched.
 */
import { mkdtemp, mkdir, rm, utimes, writeFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, sessions } from '../../../src/server/db/schema.js';
import {
  ENDED_SESSION_DAYS,
  KEY_RESPONSE_DAYS,
  KEY_RETENTION_DAYS,
  purgeAbandonedUploads,
  runHousekeeping,
  UPLOAD_RETENTION_DAYS,
} from '../../../src/server/services/housekeeping/index.js';
import { uploadsDir } from '../../../src/server/storage/index.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

const DAY = 86_400_000;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'observa-housekeeping-'));
  t = await createTestApp({ config: { dataDir } });
});
beforeEach(() => t.reset());
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ageKey = (key: string, days: number) =>
  t.db.execute(sql`update ${idempotencyKeys} set created_at = now() - make_interval(days => ${days}) where ${idempotencyKeys.key} = ${key}`);

describe('idempotency keys', () => {
  it('drop their stored response after a month, and a replay is still applied once', async () => {
    const token = await t.login('observer');
    const id = await t.userId('observer');
    const headers = { 'idempotency-key': 'old-change' };
    expect((await t.put(`/api/user/update/${id}`, { phone: '111' }, token, headers)).statusCode).toBe(200);
    expect((await t.put(`/api/user/update/${id}`, { phone: '222' }, token, { 'idempotency-key': 'fresh-change' })).statusCode).toBe(200);
    await ageKey('old-change', KEY_RESPONSE_DAYS + 1);

    const report = (await runHousekeeping(t.db, dataDir))!;
    expect(report.responsesDropped).toBe(1);
    const [old] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old-change'));
    expect(old.response).toBeNull();
    const [fresh] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'fresh-change'));
    expect(fresh.response).not.toBeNull();

    const replay = await t.put(`/api/user/update/${id}`, { phone: '111' }, token, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect((await t.get('/api/auth/me', token)).json().phone).toBe('222');
  });

  it('are deleted after a year', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    await t.put(`/api/user/update/${id}`, { phone: '1' }, token, { 'idempotency-key': 'ancient' });
    await t.put(`/api/user/update/${id}`, { phone: '2' }, token, { 'idempotency-key': 'recent' });
    await ageKey('ancient', KEY_RETENTION_DAYS + 1);
    expect((await runHousekeeping(t.db, dataDir))!.keys).toBe(1);
    const left = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((k) => k.key)).toEqual(['recent']);
  });
});

describe('sessions', () => {
  it('are deleted a week after they were revoked or expired; live ones stay', async () => {
    const live = await t.login('hod');
    const revoked = await t.loginUser('hod');
    const expired = await t.loginUser('observer');
    await t.post('/api/auth/logout', {}, revoked.token);
    const old = new Date(Date.now() - (ENDED_SESSION_DAYS + 1) * DAY);
    await t.db.update(sessions).set({ revokedAt: old }).where(sql`${sessions.revokedAt} is not null`);
    await t.db.execute(sql`update ${sessions} set expires_at = ${old.toISOString()} where user_id = ${expired.id}`);
    const before = (await t.db.select().from(sessions)).length;

    expect((await runHousekeeping(t.db, dataDir))!.sessions).toBe(2);
    expect((await t.db.select().from(sessions)).length).toBe(before - 2);
    expect((await t.get('/api/auth/me', live)).statusCode).toBe(200);
  });
});

describe('uploads', () => {
  it('removes uploads untouched for two weeks, file and metadata, and keeps recent ones', async () => {
    const dir = uploadsDir(dataDir);
    await mkdir(dir, { recursive: true });
    const oldId = 'a'.repeat(32);
    const newId = 'b'.repeat(32);
    const onlyMeta = 'c'.repeat(32);
    for (const name of [oldId, `${oldId}.json`, newId, `${newId}.json`, `${onlyMeta}.json`]) await writeFile(path.join(dir, name), 'x');
    const stale = new Date(Date.now() - (UPLOAD_RETENTION_DAYS + 1) * DAY);
    for (const name of [oldId, `${oldId}.json`, `${onlyMeta}.json`]) await utimes(path.join(dir, name), stale, stale);

    expect(await purgeAbandonedUploads(dataDir)).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([newId, `${newId}.json`]);
  });

  it('copes with no uploads directory', async () => {
    expect(await purgeAbandonedUploads(path.join(dataDir, 'nothing-here'))).toBe(0);
  });
});
