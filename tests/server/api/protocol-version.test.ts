/**
 * The sync protocol's version at the server (plugins/protocol-version.ts): every answer under /api names the
 * server's version; a request naming a version below the oldest supported is answered 426 with `{ error }`
 * before authentication or the route runs (its change is not applied); a malformed version is a 400 naming the
 * header; requests without the header, and the app's own version, are served as before.
 */
import { describe, expect, it } from 'vitest';
import {
  OLDEST_SUPPORTED_PROTOCOL,
  SYNC_PROTOCOL_HEADER,
  SYNC_PROTOCOL_VERSION,
  UPDATE_REQUIRED_MESSAGE,
} from '../../../src/shared/sync/protocol-version.js';
import { useTestApp } from '../support/helpers.js';

const t = useTestApp();
const current = { [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION) };
const tooOld = { [SYNC_PROTOCOL_HEADER]: String(OLDEST_SUPPORTED_PROTOCOL - 1) };

describe('X-Observa-Protocol', () => {
  it('every answer under /api names the server version, with or without the header, whatever the status', async () => {
    const token = await t.login('faculty');
    for (const res of [
      await t.get('/api/sync/changes?since=0', token, current),
      await t.get('/api/sync/changes?since=0', token),
      await t.get('/api/sync/changes?since=0'), // 401
      await t.get('/api/no-such-route', token, current), // 404
    ]) {
      expect(res.headers[SYNC_PROTOCOL_HEADER]).toBe(String(SYNC_PROTOCOL_VERSION));
    }
    expect((await t.get('/api/sync/changes?since=0', token, current)).statusCode).toBe(200);
  });

  it('a client below the oldest supported version gets 426 { error } before sign-in is checked, and its change is not applied', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    const pull = await t.get('/api/sync/changes?since=0', token, tooOld);
    expect(pull.statusCode).toBe(426);
    expect(pull.json()).toEqual({ error: UPDATE_REQUIRED_MESSAGE });
    expect(pull.headers[SYNC_PROTOCOL_HEADER]).toBe(String(SYNC_PROTOCOL_VERSION));
    expect((await t.get('/api/sync/changes?since=0', undefined, tooOld)).statusCode).toBe(426);

    const write = await t.put(`/api/user/update/${id}`, { phone: '0123 456' }, token, { ...tooOld, 'idempotency-key': 'old-client-1' });
    expect(write.statusCode).toBe(426);
    const push = await t.post('/api/sync/push', { rows: [{ mutationId: 'old-client-2', name: 'user.updateProfile', args: { userId: id, changes: { phone: '0123 456' } }, clientTime: 1 }] }, token, tooOld);
    expect(push.statusCode).toBe(426);
    const me = await t.get(`/api/user/${id}`, token, current);
    expect(me.json().phone).not.toBe('0123 456');
  });

  it('a malformed version is a 400 naming the header', async () => {
    for (const bad of ['', 'one', '1.5', '-1', '01', '9999999']) {
      const res = await t.get('/api/sync/changes?since=0', undefined, { [SYNC_PROTOCOL_HEADER]: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toContain(SYNC_PROTOCOL_HEADER);
    }
  });

  it('answers outside /api carry no version', async () => {
    const res = await t.get('/', undefined, current);
    expect(res.headers[SYNC_PROTOCOL_HEADER]).toBeUndefined();
  });
});
