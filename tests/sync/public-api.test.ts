/**
 * The public API of src/client/sync (what the UI uses) in one process with the real server: sign-in token,
 * startSync, mutate, status updates, a refused change retried and discarded, clearLocalData.
 * Node has no navigator.locks, so this context is the leader (the documented fallback).
 */
import 'fake-indexeddb/auto';
import { get as idbGet } from 'idb-keyval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearLocalData,
  discardMutation,
  getDb,
  getSyncStatus,
  mutate,
  retryMutation,
  setSessionToken,
  startSync,
  stopSync,
  subscribeSyncStatus,
  TOKEN_KEY,
  type SyncStatus,
} from '../../src/client/sync/index.js';
import { createTestApp, type TestApp } from '../server/support/helpers.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await stopSync();
  await t.close();
});

async function until(check: (s: SyncStatus) => boolean | Promise<boolean>, ms = 10_000): Promise<SyncStatus> {
  const start = Date.now();
  for (;;) {
    const s = getSyncStatus();
    if (await check(s)) return s;
    if (Date.now() - start > ms) throw new Error(`timed out; status ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('sync public API', () => {
  it('syncs a profile edit, reports status, and handles a refused change', async () => {
    const me = await t.loginUser('faculty');
    await setSessionToken(me.token, me.id);
    expect(await idbGet(TOKEN_KEY)).toBe(me.token);
    const seen: SyncStatus[] = [];
    const off = subscribeSyncStatus((s) => seen.push(s));
    startSync({ baseUrl: base });
    await until(async () => (await getDb().users.get(me.id)) !== undefined);
    expect(getSyncStatus().isLeader).toBe(true);

    await mutate('user.updateProfile', { userId: me.id, changes: { phone: '+44 20 0000' } });
    expect((await getDb().users.get(me.id))?.phone).toBe('+44 20 0000');
    await until(async () => (await getDb().outbox.count()) === 0);
    const s = await until((x) => x.pending === 0 && x.lastSyncedAt !== null);
    expect(s.online).toBe(true);
    expect((await t.get(`/api/user/${me.id}`, me.token)).json()).toMatchObject({ phone: '+44 20 0000' });

    // Someone else's notification id: refused (404/403) → needs attention, visible in the status.
    const { mutationId } = await mutate('notification.open', { id: '00000000-0000-4000-8000-0000000000aa' });
    const refused = await until((x) => x.needsAttention.some((r) => r.mutationId === mutationId));
    expect(refused.needsAttention[0].lastError).toBeTruthy();
    await retryMutation(mutationId);
    await until((x) => x.needsAttention.some((r) => r.mutationId === mutationId && r.attempts >= 1));
    await discardMutation(mutationId);
    await until((x) => x.needsAttention.length === 0 && x.pending === 0);
    expect(seen.length).toBeGreaterThan(2);
    // Subscribers hear of changes only: the engine refreshes the status on every step of its loop, and each
    // notification re-renders the header's indicator.
    for (let i = 1; i < seen.length; i++) expect(JSON.stringify(seen[i]), `notification ${i} repeats the one before`).not.toBe(JSON.stringify(seen[i - 1]));
    off();

    await clearLocalData();
    expect(await getDb().users.count()).toBe(0);
    expect(await getDb().outbox.count()).toBe(0);
    expect(await idbGet(TOKEN_KEY)).toBeUndefined();
  });
});
