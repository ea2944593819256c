/**
 * TRUST_PROXY: X-Forwarded-For is believed only from the proxies it names (none by default). A client — or any
 * process on the server's own host — that sends a made-up X-Forwarded-For from an untrusted peer keeps its own
 * address for the rate limits (here the per-address login limit), and a trusted proxy's header is used.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { createTestApp, DEMO, testConfig, type TestApp } from '../support/helpers.js';

let t: TestApp;
const apps: FastifyInstance[] = [];
const LIMIT = 3;

beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perIpPerMinute: LIMIT } });
}, 60_000);
beforeEach(() => t.reset());
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
});

async function appWith(trustProxy: string): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy }), dbHandle: t.handle, logger: false, loginLimits: { perIpPerMinute: LIMIT } });
  await app.ready();
  apps.push(app);
  return app;
}

/** LIMIT + 2 sign-ins from `peer`, the i-th claiming `forwarded(i)`; their statuses. */
async function attempts(app: FastifyInstance, peer: string, forwarded: (i: number) => string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwarded(i) },
      payload: { email: DEMO.faculty, password: 'observa-demo' },
    });
    out.push(res.statusCode);
  }
  return out;
}

const limited = [...Array(LIMIT).fill(200), 429, 429];
const spoofed = (i: number) => `203.0.113.${i + 1}`;

describe('TRUST_PROXY', () => {
  it('by default believes nobody: a spoofed X-Forwarded-For, even from this host, leaves the peer limited', async () => {
    expect(await attempts(t.app, '127.0.0.1', spoofed)).toEqual(limited);
    expect(await attempts(t.app, '198.51.100.7', spoofed)).toEqual(limited);
  });

  it('believes a listed proxy (each forwarded client limited on its own), never an unlisted peer', async () => {
    const app = await appWith('10.0.0.5, 192.168.0.0/16');
    // Behind the proxy: different clients are different addresses; one client repeating itself is limited.
    expect(await attempts(app, '10.0.0.5', spoofed)).toEqual(Array(LIMIT + 2).fill(200));
    expect(await attempts(app, '192.168.3.4', () => '198.51.100.20')).toEqual(limited);
    // A client that reaches the server directly cannot claim another address.
    expect(await attempts(app, '10.0.0.6', spoofed)).toEqual(limited);
    expect(await attempts(app, '127.0.0.1', spoofed)).toEqual(limited);
  });

  it('"loopback" believes a proxy on this host only', async () => {
    const app = await appWith('loopback');
    expect(await attempts(app, '127.0.0.1', (i) => `198.51.100.${50 + i}`)).toEqual(Array(LIMIT + 2).fill(200));
    expect(await attempts(app, '10.0.0.5', spoofed)).toEqual(limited);
  });

  it('a hop count believes that many proxies nearest the server, and takes the address before them', async () => {
    const app = await appWith('1');
    // One proxy: the address it appended (the right-most) is the client's; what the client wrote before is ignored.
    expect(await attempts(app, '10.0.0.5', (i) => `203.0.113.${i + 1}, 198.51.100.99`)).toEqual(limited);
  });

  it('is validated at start: addresses, CIDR ranges, named ranges or a hop count; never "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['', 'false', 'none', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy, off).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,fd00::/8,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const bad of ['true', 'TRUE', 'proxy.university.edu', '10.0.0.0/33', '1.2.3', '10.0.0.1/8/1', 'fd00::/129', '11', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
