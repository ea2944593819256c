/**
 * The real engine (fake-indexeddb) against the real server in-process on an ephemeral port: changes queued
 * while offline reach the server exactly once after reconnecting (even when replies are lost), refused
 * changes need attention and their entity is re-pulled, tombstones delete, a reset re-downloads without
 * dropping unsent rows, and a multi-chunk tus upload interrupted by a killed tab resumes and completes.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { readBlob } from '../../src/client/sync/blobs.js';
import { SyncEngine } from '../../src/client/sync/engine.js';
import { fetchTransport } from '../../src/client/sync/http-transport.js';
import { META, getMeta, setMeta } from '../../src/client/sync/meta.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { queueFile } from '../../src/client/sync/operations.js';
import { mathRandom, NetworkError, type Transport, type Uploader } from '../../src/client/sync/ports.js';
import { tusUploader } from '../../src/client/sync/tus-uploader.js';
import { auditLog, idempotencyKeys, notifications } from '../../src/server/db/schema.js';
import { uploadInfo, uploadPath } from '../../src/server/storage/files.js';
import { purgeTombstones } from '../../src/server/sync/tombstones.js';
import { BLOB_CHUNK_BYTES } from '../../src/shared/constants.js';
import { createTestApp, type TestApp } from '../server/support/helpers.js';
import { FakeClock } from './sim-kit.js';

let t: TestApp;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'observa-sync-'));
  t = await createTestApp({ config: { dataDir } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
beforeEach(() => t.reset());
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The real HTTP transport behind switches: offline, pushes failing, or the next replies lost after the server answered. */
function switchable(inner: Transport) {
  const s = { offline: false, failWrites: false, dropReplies: 0 };
  const transport: Transport = {
    async send(req) {
      if (s.offline || (s.failWrites && req.method !== 'GET')) throw new NetworkError('offline');
      const res = await inner.send(req);
      if (req.method !== 'GET' && s.dropReplies > 0) {
        s.dropReplies--;
        throw new NetworkError('reply lost');
      }
      return res;
    },
  };
  return { s, transport };
}

async function device(who: string) {
  const me = await t.loginUser(who);
  const db = new ReplicaDb('it', { indexedDB: new IDBFactory(), IDBKeyRange });
  await setMeta(db, META.userId, me.id);
  const clock = new FakeClock(Date.now());
  const { s, transport } = switchable(fetchTransport(base));
  const make = (uploader?: Uploader) =>
    new SyncEngine({ db, transport, clock, random: mathRandom, getToken: () => me.token, uploader, requestTimeoutMs: 10_000 });
  return { me, db, clock, net: s, engine: make(), make };
}

/** Drain until nothing is pending or waiting, jumping the fake clock over backoff. */
async function heal(engine: SyncEngine, db: ReplicaDb, clock: FakeClock) {
  for (let i = 0; i < 50; i++) {
    const r = await engine.drainOnce();
    const pending = await db.outbox.where('status').equals('pending').count();
    if (pending === 0 && r.wakeAt === null) return;
    clock.t = Math.max(clock.t + 1, r.wakeAt ?? clock.t);
  }
  throw new Error('did not drain');
}

describe('engine against the real server', () => {
  it('queues profile edits offline and applies each exactly once after reconnecting, even with lost replies', async () => {
    const d = await device('faculty');
    await d.engine.drainOnce();
    expect((await d.db.users.get(d.me.id))?.email).toBe('faculty@university.edu');

    d.net.offline = true;
    const ids: string[] = [];
    for (const phone of ['+1 555 0001', '+1 555 0002', '+1 555 0003']) {
      ids.push((await mutateIn(d.db, 'user.updateProfile', { userId: d.me.id, changes: { phone } }, { now: d.clock.now() })).mutationId);
    }
    ids.push((await mutateIn(d.db, 'user.updateProfile', { userId: d.me.id, changes: { designation: 'Professor' } }, { now: d.clock.now() })).mutationId);
    await d.engine.drainOnce();
    expect(await d.db.outbox.where('status').equals('pending').count()).toBe(4);
    // Optimistic: the replica already shows what was typed.
    expect(await d.db.users.get(d.me.id)).toMatchObject({ phone: '+1 555 0003', designation: 'Professor' });

    d.net.offline = false;
    d.net.dropReplies = 2; // the server commits the first two but their answers never arrive
    await heal(d.engine, d.db, d.clock);

    expect(await d.db.outbox.count()).toBe(0);
    const keys = await t.db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, ids));
    expect(keys).toHaveLength(4);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.updateProfile'), eq(auditLog.entityId, d.me.id)));
    expect(audits).toHaveLength(4); // each change applied once, none twice
    const server = (await t.get(`/api/user/${d.me.id}`, d.me.token)).json();
    expect(server).toMatchObject({ phone: '+1 555 0003', designation: 'Professor' });
    expect(await d.db.users.get(d.me.id)).toMatchObject({ phone: '+1 555 0003', designation: 'Professor' });
  });

  it('a refused change needs attention with the server message, the queue moves on, the entity is re-pulled', async () => {
    const other = await t.loginUser('faculty2');
    const [theirs] = await t.db.insert(notifications).values({ userId: other.id, title: 'X', message: 'Y', route: '/' }).returning();
    const d = await device('faculty');
    await d.engine.drainOnce();
    // A stale local copy of someone else's notification (e.g. left over): opening it is refused (403).
    await d.db.notifications.put({ id: theirs.id, open: false, title: 'X' });
    const bad = await mutateIn(d.db, 'notification.open', { id: theirs.id }, { now: d.clock.now() });
    await mutateIn(d.db, 'user.updateProfile', { userId: d.me.id, changes: { institute: 'MIT' } }, { now: d.clock.now() });
    await heal(d.engine, d.db, d.clock);

    const rows = await d.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mutationId: bad.mutationId, status: 'needs-attention', lastStatus: 403 });
    expect(rows[0].lastError).toBeTruthy();
    expect(rows[0].args).toEqual({ id: theirs.id }); // what the user did is kept
    expect((await t.get(`/api/user/${d.me.id}`, d.me.token)).json()).toMatchObject({ institute: 'MIT' });
    // Re-pulled: the server says it is not ours to see → gone from the replica.
    expect(await d.db.notifications.get(theirs.id)).toBeUndefined();
  });

  it('pulls tombstones, and a reset re-downloads everything without dropping unsent rows', async () => {
    const d = await device('faculty');
    const [n1] = await t.db.insert(notifications).values({ userId: d.me.id, title: 'A', message: 'a', route: '/' }).returning();
    const [n2] = await t.db.insert(notifications).values({ userId: d.me.id, title: 'B', message: 'b', route: '/' }).returning();
    await d.engine.drainOnce();
    expect(await d.db.notifications.get(n1.id)).toBeDefined();

    await t.db.delete(notifications).where(eq(notifications.id, n1.id));
    await d.engine.drainOnce();
    expect(await d.db.notifications.get(n1.id)).toBeUndefined();

    // Writes fail for now; an edit stays queued.
    d.net.failWrites = true;
    await mutateIn(d.db, 'user.updateProfile', { userId: d.me.id, changes: { degree: 'PhD' } }, { now: d.clock.now() });
    // The server forgets old tombstones (n2 deleted meanwhile): this client's cursor is now behind the floor.
    await t.db.delete(notifications).where(eq(notifications.id, n2.id));
    await purgeTombstones(t.db, -1);
    await d.db.notifications.put({ id: 'stale-local', title: 'never on the server' });
    await d.engine.drainOnce();
    expect(await d.db.notifications.get(n2.id)).toBeUndefined();
    expect(await d.db.notifications.get('stale-local')).toBeUndefined();
    expect(await d.db.outbox.where('status').equals('pending').count()).toBe(1);
    expect((await d.db.users.get(d.me.id))?.degree).toBe('PhD'); // rebased on the fresh download
    expect(await getMeta(d.db, META.resetPending)).toBe(false);

    d.net.failWrites = false;
    await heal(d.engine, d.db, d.clock);
    expect((await t.get(`/api/user/${d.me.id}`, d.me.token)).json()).toMatchObject({ degree: 'PhD' });
  });

  it('uploads a multi-chunk file with tus, resumes after a killed tab, then sends the register mutation', async () => {
    const d = await device('faculty');
    const size = BLOB_CHUNK_BYTES + 1_234_567;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
    const file = Object.assign(new Blob([bytes], { type: 'application/pdf' }), { name: 'plan.pdf' });
    const { blobId, mutationId } = await queueFile(
      d.db,
      file,
      {
        name: 'artifact.register',
        args: {
          observationsId: '00000000-0000-4000-8000-000000000001',
          postId: '00000000-0000-4000-8000-000000000002',
          id: '00000000-0000-4000-8000-000000000003',
          name: 'plan.pdf',
          type: 'application/pdf',
        },
        blobField: 'fileURL',
      },
      d.clock.now(),
    );
    expect(await d.db.blobChunks.where('blobId').equals(blobId).count()).toBe(2);
    expect(Buffer.from(await readBlob(d.db, (await d.db.blobs.get(blobId))!)).equals(bytes)).toBe(true);

    // Tab 1 dies once the first chunk is on the server (when tus asks for the second one).
    const real = tusUploader(`${base}/api/files`);
    const killer: Uploader = {
      upload: (blob, source, cb) =>
        new Promise((resolve, reject) => {
          const ctrl = new AbortController();
          cb.signal.addEventListener('abort', () => ctrl.abort());
          const dying = {
            size: source.size,
            slice: (start: number, end: number) => {
              if (start < BLOB_CHUNK_BYTES) return source.slice(start, end);
              ctrl.abort();
              reject(Object.assign(new Error('tab killed'), { status: 0 }));
              return new Promise<Uint8Array>(() => undefined);
            },
          };
          real.upload(blob, dying, { ...cb, signal: ctrl.signal }).then(resolve, reject);
        }),
    };
    const tab1 = d.make(killer);
    await tab1.drainOnce();
    tab1.stop();
    const row = (await d.db.blobs.get(blobId))!;
    expect(row.uploadUrl).toMatch(/\/api\/files\/[0-9a-f]{32}$/);
    const id = row.uploadUrl!.split('/').pop()!;
    const partial = await uploadInfo(dataDir, id);
    expect(partial?.offset).toBe(BLOB_CHUNK_BYTES);
    expect(partial?.complete).toBe(false);
    expect(partial?.metadata.owner).toBe(d.me.id);

    // Tab 2 resumes from the server's offset.
    const tab2 = d.make(tusUploader(`${base}/api/files`));
    d.clock.advance(120_000);
    await tab2.drainOnce();
    const done = await uploadInfo(dataDir, id);
    expect(done?.complete).toBe(true);
    expect((await readFile(uploadPath(dataDir, id))).equals(bytes)).toBe(true);
    expect((await d.db.blobs.get(blobId))?.status).toBe('uploaded');
    // The register mutation went out after the upload, carrying the file path; this observation does not
    // exist, so the server refuses it and the row (with its file) waits for the user.
    const reg = await d.db.outbox.filter((r) => r.mutationId === mutationId).first();
    expect(reg?.status).toBe('needs-attention');
    expect(reg?.lastStatus).toBeGreaterThanOrEqual(400);
  });

  it('the tus endpoint needs a session, refuses files over the limit and hides uploads of other users', async () => {
    const me = await t.login('faculty');
    const other = await t.login('faculty2');
    const tus = { 'tus-resumable': '1.0.0' };
    const head = (url: string, token: string) => t.app.inject({ method: 'HEAD', url, headers: { ...tus, authorization: `Bearer ${token}` } });
    expect((await t.request('POST', '/api/files', { headers: { ...tus, 'upload-length': '10' } })).statusCode).toBe(401);
    const big = await t.request('POST', '/api/files', { token: me, headers: { ...tus, 'upload-length': String(300 * 1024 * 1024) } });
    expect(big.statusCode).toBe(413);
    const ok = await t.request('POST', '/api/files', { token: me, headers: { ...tus, 'upload-length': '10' } });
    expect(ok.statusCode).toBe(201);
    const loc = ok.headers.location as string;
    expect(loc).toMatch(/^\/api\/files\/[0-9a-f]{32}$/);
    expect((await head(loc, me)).statusCode).toBe(200);
    expect((await head(loc, other)).statusCode).toBe(404);
    expect((await head('/api/files/..%2F..%2Fetc%2Fpasswd', me)).statusCode).toBe(404);
  });
});
