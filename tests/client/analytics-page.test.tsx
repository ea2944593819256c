// @vitest-environment jsdom
/**
 * Department analytics against the real server: the page shows the server's aggregate for the
 * Head of Department's department, keeps it in the replica's meta table, and when the server cannot be reached
 * opens from that kept copy saying how old it is (instead of an error). Without a kept copy it says why it has
 * nothing to show.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, screen } from '@testing-library/react';
import { renderWithMantine } from './render.js';
import { AnalyticsPage } from '../../src/client/features/analytics/analytics-page.js';
import { analyticsKey } from '../../src/client/features/analytics/use-analytics.js';
import { setApiBase } from '../../src/client/api/http.js';
import { getDb } from '../../src/client/sync/index.js';
import { useSessionStore, type SessionUser } from '../../src/client/stores/session.js';
import { createTestApp, type TestApp } from '../server/support/helpers.js';

let t: TestApp;
let base: string;
let dead: Server;
let deadBase: string;
let hod: SessionUser;
let dataDir: string;

beforeAll(async () => {
  // The Physics department's staged demo cycles give its HOD something to count (they write artifact files).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-analytics-'));
  t = await createTestApp({ config: { seedDemoObservations: true, dataDir } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  // A port that accepts and drops every connection: what a lost network looks like to fetch.
  dead = createServer((req) => req.socket.destroy());
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
  deadBase = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/api`;
  hod = (await t.loginUser('hod.physics')) as unknown as SessionUser;
  useSessionStore.getState().signIn(hod);
}, 120_000);
afterAll(async () => {
  useSessionStore.getState().signOut();
  await new Promise<void>((r) => dead.close(() => r()));
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  cleanup();
  await getDb().meta.clear();
});

describe('analytics page', { timeout: 30_000 }, () => {
  it('shows the server aggregate, keeps it in the replica, and opens from the kept copy when offline', async () => {
    const dept = hod.department!.id;
    const fromServer = (await t.request('GET', `/api/analytics?departmentId=${dept}`, { token: hod.token })).json() as { total: number };
    expect(fromServer.total).toBeGreaterThan(0);

    setApiBase(base);
    renderWithMantine(<AnalyticsPage viewer={hod} departments={[]} />);
    expect(await screen.findByText(`${fromServer.total} observation(s); how many reached each stage.`, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('analytics-kept')).toBeNull();
    await expect.poll(async () => ((await getDb().meta.get(analyticsKey(dept)))?.value as { data: { total: number } } | undefined)?.data.total).toBe(fromServer.total);

    cleanup();
    setApiBase(deadBase);
    renderWithMantine(<AnalyticsPage viewer={hod} departments={[]} />);
    expect(await screen.findByText(`${fromServer.total} observation(s); how many reached each stage.`)).toBeTruthy();
    expect((await screen.findByText(/^Showing the copy kept on this device from /, undefined, { timeout: 10_000 })).textContent).toMatch(/\d/);
  });

  it('says why when the server cannot be reached and nothing is kept', async () => {
    setApiBase(deadBase);
    renderWithMantine(<AnalyticsPage viewer={hod} departments={[]} />);
    expect(await screen.findByText('Analytics are not available', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/observation\(s\); how many reached each stage/)).toBeNull();
  });
});
