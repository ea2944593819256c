/**
 * Direct calls to the server under test (not through the browser): sign in, read and write with a bearer token.
 * Used to check the server's state after a browser journey (e.g. an offline edit arrived exactly once).
 */
import { DEMO_PASSWORD } from './demo.js';

export function serverUrl(): string {
  const url = process.env.OBSERVA_E2E_URL;
  if (!url) throw new Error('OBSERVA_E2E_URL is not set: run the journeys through `playwright test` (global setup)');
  return url;
}

export interface ApiUser {
  id: string;
  name: string;
  email: string;
  role: string;
  campus: string;
  department: { id: number | string; name: string } | null;
  token?: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} → ${status} ${JSON.stringify(body)}`);
  }
}

export class ServerApi {
  constructor(readonly baseUrl: string) {}

  async request<T>(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw new ApiError(res.status, body, `${method} ${path}`);
    return body as T;
  }

  /** Signs in as a demo account (password observa-demo unless given); returns the user with its token. */
  login(email: string, password = DEMO_PASSWORD): Promise<ApiUser & { token: string }> {
    return this.request('POST', '/auth/login', { body: { email, password } });
  }

  getUser(id: string, token: string): Promise<ApiUser> {
    return this.request('GET', `/user/${id}`, { token });
  }

  updateProfile(id: string, token: string, fields: Record<string, string | null>, idempotencyKey?: string): Promise<ApiUser> {
    return this.request('PUT', `/user/update/${id}`, {
      token,
      body: fields,
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
    });
  }
}

export interface SyncChange {
  entity: string;
  id: string;
  version: number;
  data: Record<string, unknown> | null;
}

/** The server's current version of one record as the user sees it (pulls every page of /api/sync/changes). */
export async function recordVersion(api: ServerApi, token: string, entity: string, id: string): Promise<SyncChange | undefined> {
  let since = '0';
  let found: SyncChange | undefined;
  for (let page = 0; page < 100; page++) {
    const r = await api.request<{ changes: SyncChange[]; cursor: string; hasMore: boolean }>('GET', `/sync/changes?since=${since}`, { token });
    for (const c of r.changes) if (c.entity === entity && c.id === id) found = c;
    if (!r.hasMore) break;
    since = r.cursor;
  }
  return found;
}
