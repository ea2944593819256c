import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransport } from '../../src/client/sync/http-transport.js';

/** The real fetch transport against a real local HTTP server that echoes what it received. */
describe('fetchTransport', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, contentType: req.headers['content-type'] ?? null, body }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends no JSON content type when there is no body (a DELETE the server would otherwise refuse)', async () => {
    const t = fetchTransport(base);
    const res = await t.send({ method: 'DELETE', path: '/x', headers: { 'content-type': 'application/json', 'idempotency-key': 'k' }, body: undefined, timeoutMs: 5000 } as never);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ method: 'DELETE', contentType: null, body: '' });
  });

  it('sends the JSON body with its content type otherwise', async () => {
    const t = fetchTransport(base);
    const res = await t.send({ method: 'PUT', path: '/x', headers: { 'content-type': 'application/json' }, body: { a: 1 }, timeoutMs: 5000 } as never);
    expect(res.body).toEqual({ method: 'PUT', contentType: 'application/json', body: '{"a":1}' });
  });
});
