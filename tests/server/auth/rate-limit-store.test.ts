/**
 * Rate-limit counters in the database (plugins/rate-limit-store.ts): one statement decides each hit, windows are
 * fixed and end by the database's clock, routes never share a counter, and two app instances on one database count
 * the same requests (on PostgreSQL; the cross-process version is tests/instances/postgres-instances.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../src/server/app.js';
import { hit } from '../../../src/server/plugins/rate-limit-store.js';
import { purgeRateLimits } from '../../../src/server/services/housekeeping/rate-limits.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { MSG } from '../../../src/shared/messages.js';
import { testConfig, useTestApp } from '../support/helpers.js';

const t = useTestApp({ loginLimits: { perIpPerMinute: 4 } });

const wrongLogin = (n: number, ip: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: `nobody-${n}@university.edu`, password: 'wrong-password' } });

describe('hit', () => {
  it('counts within a window and starts again once it has ended', async () => {
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) counts.push((await hit(t.db, 'k', 300)).current);
    expect(counts).toEqual([1, 2, 3]);
    const { ttl } = await hit(t.db, 'other', 300);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 350));
    expect((await hit(t.db, 'k', 300)).current).toBe(1);
  });

  it('concurrent hits on one key are all counted', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(t.db, 'busy', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('housekeeping drops counters whose window has ended, and keeps the open ones', async () => {
    await hit(t.db, 'short', 1);
    await hit(t.db, 'long', 60_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(await purgeRateLimits(t.db)).toBe(1);
    const left = rowsOf<{ key: string }>(await t.db.execute(sql`select key from rate_limits`)).map((r) => r.key);
    expect(left).toEqual(['long']);
  });
});

describe('the login flood limit', () => {
  it('answers 429 with Retry-After and the catalogue message past the limit, per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await wrongLogin(i, '192.0.2.10')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const blocked = await wrongLogin(99, '192.0.2.10');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.json()).toEqual({ error: MSG.tooManyAttempts });
    // Another address has its own counter.
    expect((await wrongLogin(100, '192.0.2.11')).statusCode).toBe(401);
  });

  it('a second app instance on the same database shares the count', async () => {
    if (!t.databaseUrl) {
      // PGlite belongs to one process: a second app on the same handle stands in for a second instance.
      const second = await buildApp({ config: testConfig(), dbHandle: t.handle, loginLimits: { perIpPerMinute: 4 } });
      try {
        await checkShared(second);
      } finally {
        await second.close();
      }
      return;
    }
    const second = await buildApp({ config: testConfig({ databaseUrl: t.databaseUrl, inMemoryDb: false }), loginLimits: { perIpPerMinute: 4 } });
    try {
      await checkShared(second);
    } finally {
      await second.close();
    }
  });
});

async function checkShared(second: Awaited<ReturnType<typeof buildApp>>) {
  await second.ready();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await wrongLogin(i, '192.0.2.20', i % 2 ? second : t.app)).statusCode);
  expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
}
