// @vitest-environment jsdom
/**
 * A server that no longer speaks this app's sync protocol answers 426: the direct-call API client (which sends
 * its version on every request) raises "update required", and the update prompt then offers Reload and cannot be
 * dismissed, since nothing syncs until the app is updated (the sync engine's side: tests/sync/protocol-version).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { ApiError } from '../../src/client/api/errors.js';
import { request, setApiBase } from '../../src/client/api/http.js';
import { UpdatePrompt } from '../../src/client/features/pwa/update-prompt.js';
import { isUpdateRequired } from '../../src/client/sync/update-required.js';
import { SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION, UPDATE_REQUIRED_MESSAGE } from '../../src/shared/sync/protocol-version.js';
import { renderWithMantine } from './render.js';

let server: Server;
const seen: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  // A server that has moved past this app's protocol: every call is answered 426, as plugins/protocol-version does.
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(426, { 'content-type': 'application/json', 'access-control-allow-origin': '*', [SYNC_PROTOCOL_HEADER]: '99' });
    res.end(JSON.stringify({ error: UPDATE_REQUIRED_MESSAGE }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
});
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => server.close(resolve));
});

describe('update required', () => {
  it('a 426 to a direct call shows the update prompt, with Reload and without Later', async () => {
    renderWithMantine(<UpdatePrompt />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(isUpdateRequired()).toBe(false);

    let error: unknown;
    await act(async () => {
      error = await request('GET', '/user/calendar-feed').catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(UPDATE_REQUIRED_MESSAGE);
    expect(seen[0]?.[SYNC_PROTOCOL_HEADER]).toBe(String(SYNC_PROTOCOL_VERSION));

    expect(isUpdateRequired()).toBe(true);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Update required');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Later' })).toBeNull();
  });
});
