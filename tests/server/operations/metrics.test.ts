/**
 * GET /metrics (plugins/metrics.ts) on the test engine (PGlite, or PostgreSQL with OBSERVA_TEST_DB=postgres): off
 * without METRICS_TOKEN, 401 without the bearer token, and a text exposition whose values move after real requests —
 * latency by route pattern (never an id), pulls, pushes and batch sizes, open event streams, the mail queue and
 * (PostgreSQL) the pool.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { TEST_DOMAIN, testConfig, useTestApp } from '../support/helpers.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const t = useTestApp({ config: { metricsToken: TOKEN } });
const bearer = { authorization: `Bearer ${TOKEN}` };

/** One sample of the text exposition: name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

async function scrape(): Promise<Sample[]> {
  const res = await t.get('/metrics', undefined, bearer);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

/** The value of one series (0 when absent: a counter not yet incremented has no labelled series). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const s = samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return s?.value ?? 0;
}

describe('GET /metrics', () => {
  it('is off (404) when METRICS_TOKEN is not set', async () => {
    const off = await buildApp({ config: testConfig(), dbHandle: t.handle, logger: false });
    try {
      const res = await off.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Metrics are off: set METRICS_TOKEN to serve them.' });
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the bearer token, or with another one', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await t.get('/metrics', undefined, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Metrics need the bearer token METRICS_TOKEN.' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    // A user's session token is not the metrics token.
    expect((await t.get('/metrics', await t.login('superadmin'))).statusCode).toBe(401);
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const token = await t.login('observer');
    const before = await scrape();
    const id = randomUUID();
    const pattern = { method: 'GET', route: '/api/observation/:id', status: '404' };
    for (let i = 0; i < 3; i++) expect((await t.get(`/api/observation/${id}`, token)).statusCode).toBe(404);
    await t.get(`/no/such/page/${id}`);
    const after = await scrape();
    expect(value(after, 'observa_http_request_duration_seconds_count', pattern) - value(before, 'observa_http_request_duration_seconds_count', pattern)).toBe(3);
    expect(value(after, 'observa_http_request_duration_seconds_bucket', { ...pattern, le: '+Inf' })).toBe(value(after, 'observa_http_request_duration_seconds_count', pattern));
    expect(value(after, 'observa_http_request_duration_seconds_sum', pattern)).toBeGreaterThan(0);
    expect(value(after, 'observa_http_request_duration_seconds_count', { route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(1);
    // No label anywhere holds an id: series stay bounded however many records there are.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);
  });

  it('counts pulls (pages and resets) with the rows per page, and pushes with their batch sizes and outcomes', async () => {
    const user = await t.loginUser('observer');
    const before = await scrape();
    const first = await t.get('/api/sync/changes?since=0', user.token);
    expect(first.statusCode).toBe(200);
    const rowsOnPage = (first.json() as { changes: unknown[] }).changes.length;
    expect(rowsOnPage).toBeGreaterThan(0);
    // A cursor ahead of the server: reset required.
    expect((await t.get('/api/sync/changes?since=999999999', user.token)).json()).toEqual({ resetRequired: true });
    const rows = [
      { mutationId: randomUUID(), name: 'user.updateProfile', args: { userId: user.id, changes: { phone: '555-0101' } } },
      { mutationId: randomUUID(), name: 'user.updateProfile', args: { userId: user.id, changes: { phone: '555-0102' } } },
      // Another user's profile: refused (403), and the batch goes on.
      { mutationId: randomUUID(), name: 'user.updateProfile', args: { userId: await t.userId('faculty'), changes: { phone: '555-0103' } } },
    ];
    const push = await t.post('/api/sync/push', { rows }, user.token);
    expect(push.statusCode, push.body).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(delta('observa_sync_pulls_total', { result: 'page' })).toBe(1);
    expect(delta('observa_sync_pulls_total', { result: 'reset' })).toBe(1);
    expect(delta('observa_sync_pull_changes_count')).toBe(1);
    expect(delta('observa_sync_pull_changes_sum')).toBe(rowsOnPage);
    expect(delta('observa_sync_pushes_total')).toBe(1);
    expect(delta('observa_sync_push_batch_size_count')).toBe(1);
    expect(delta('observa_sync_push_batch_size_sum')).toBe(3);
    expect(delta('observa_sync_push_rows_total', { outcome: 'applied' })).toBe(2);
    expect(delta('observa_sync_push_rows_total', { outcome: 'refused' })).toBe(1);
  });

  it('reports the mail queue and the outbox by state, read when scraped', async () => {
    const before = await scrape();
    const hod = await t.login('hod');
    const created = await t.post('/api/auth/create', { name: 'New Person', email: `metrics.person@${TEST_DOMAIN}`, password: 'long-enough', confirmPassword: 'long-enough', role: 'Observer', campus: 'Main_Campus' }, hod);
    expect(created.statusCode, created.body).toBe(201);
    const after = await scrape();
    // No SMTP in this app: recorded emails stay queued.
    expect(value(after, 'observa_mail_queue_depth') - value(before, 'observa_mail_queue_depth')).toBe(1);
    expect(value(after, 'observa_email_outbox_rows', { state: 'queued' }) - value(before, 'observa_email_outbox_rows', { state: 'queued' })).toBe(1);
  });

  it('counts open event streams while they are open', async () => {
    const token = await t.login('observer');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ctrl = new AbortController();
    try {
      expect(value(await scrape(), 'observa_sync_event_streams')).toBe(0);
      const res = await fetch(`${base}/api/sync/events`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read(); // the stream is open (subscribed) once its first bytes arrive
      expect(value(await scrape(), 'observa_sync_event_streams')).toBe(1);
      ctrl.abort();
      await expect.poll(async () => value(await scrape(), 'observa_sync_event_streams'), { timeout: 3000 }).toBe(0);
    } finally {
      ctrl.abort();
    }
  });

  it('reports the PostgreSQL pool (and nothing of the kind on PGlite)', async () => {
    const samples = await scrape();
    if (t.handle.kind === 'postgres') {
      expect(value(samples, 'observa_db_pool_max')).toBe(10);
      const busy = samples.find((s) => s.name === 'observa_db_pool_connections' && s.labels.state === 'busy');
      const idle = value(samples, 'observa_db_pool_connections', { state: 'idle' });
      expect(busy).toBeDefined();
      expect(busy!.value + idle).toBeGreaterThan(0); // the scrape's own query opened at least one
    } else {
      expect(samples.some((s) => s.name.startsWith('observa_db_pool'))).toBe(false);
    }
    // prom-client's default process metrics come along.
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('METRICS_TOKEN', () => {
  it('is validated at start, naming the setting without echoing the secret', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN: must be 16 to 512 characters long/);
    let message = '';
    try {
      loadConfig({ METRICS_TOKEN: 'has a space in the middle 0123' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/METRICS_TOKEN: must be printable ASCII without spaces/);
    expect(message).not.toContain('has a space');
  });
});
