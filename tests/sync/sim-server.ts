/**
 * An in-memory scripted server for the seeded simulation: the profile mutations of the registry with the
 * server's idempotency rule (a key applies once; replays get the stored answer; refusals store nothing), a
 * global version counter, tombstones with a purge floor, and the pull protocol of src/shared/sync/protocol.ts.
 */
import { ProfileUpdate } from '../../src/shared/contract/users.js';
import { mutationDef } from '../../src/shared/sync/mutations/index.js';
import { PushRequest, stopsBatch, type PushRowResult, type SyncChange, type SyncEntity } from '../../src/shared/sync/protocol.js';
import type { TransportRequest, TransportResponse } from '../../src/client/sync/ports.js';

type Doc = Record<string, unknown> & { id: string; version: number };

export class SimServer {
  version = 0;
  floor = 0;
  tokenValid = true;
  returnsDocs = false;
  readonly docs: Record<'users' | 'notifications', Map<string, Doc>> = { users: new Map(), notifications: new Map() };
  readonly tombstones: { entity: SyncEntity; id: string; version: number }[] = [];
  readonly stored = new Map<string, { status: number; body: unknown }>();
  /** Semantic applications: mutation nonce → times applied (must end at exactly 1 for every accepted change). */
  readonly applied = new Map<string, number>();
  /** Batched push: true = this row fails with a 500 before it applies (the rest of the batch is not attempted). */
  rowFault: () => boolean = () => false;
  batches = 0;

  put(entity: 'users' | 'notifications', doc: Omit<Doc, 'version'>): Doc {
    const d = { ...doc, version: ++this.version } as Doc;
    this.docs[entity].set(d.id, d);
    return d;
  }

  delete(entity: 'users' | 'notifications', id: string): void {
    if (this.docs[entity].delete(id)) this.tombstones.push({ entity, id, version: ++this.version });
  }

  /** Drop every tombstone and raise the floor: clients behind it must reset. */
  purgeTombstones(): void {
    this.tombstones.length = 0;
    this.floor = this.version;
  }

  handle(req: TransportRequest): TransportResponse {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, body, headers });
    if (req.headers.authorization !== 'Bearer good' || !this.tokenValid) return json(401, { error: 'Please sign in again.' });
    const url = new URL(req.path, 'http://sim');
    if (req.method === 'GET' && url.pathname === '/api/sync/changes') return json(200, this.changes(url.searchParams));
    if (req.method === 'POST' && url.pathname === '/api/sync/push') return json(200, { results: this.push(req.body) });
    const key = req.headers['idempotency-key'];
    if (!key) return json(400, { error: 'no key' });
    const prior = this.stored.get(key);
    if (prior) return json(prior.status, prior.body, { 'idempotent-replay': 'true' });
    const r = this.write(req.method, url.pathname, req.body as Record<string, unknown>);
    if (r.status < 300) this.stored.set(key, r);
    return json(r.status, r.body);
  }

  /** The batch: each row as its single call (same key record), in order, stopping at a 401/5xx. */
  private push(body: unknown): PushRowResult[] {
    this.batches++;
    const { rows } = PushRequest.parse(body);
    const results: PushRowResult[] = [];
    let stopped = false;
    for (const row of rows) {
      if (stopped) {
        results.push({ mutationId: row.mutationId, notAttempted: true });
        continue;
      }
      const prior = this.stored.get(row.mutationId);
      let r: { status: number; body: unknown };
      const def = mutationDef(row.name);
      if (prior) r = prior;
      else if (!def) r = { status: 400, body: { error: 'name: unknown change' } };
      else if (this.rowFault()) r = { status: 500, body: { error: 'Something went wrong.' } };
      else {
        def.args.parse(row.args);
        const args = row.args as never; // sent as the single call would be (the schema's transforms stay out)
        r = this.write(def.method, `/api${def.path(args)}`, def.body(args) as Record<string, unknown>);
        if (r.status < 300) this.stored.set(row.mutationId, r);
      }
      results.push({ mutationId: row.mutationId, ...r });
      if (stopsBatch(r.status)) stopped = true;
    }
    return results;
  }

  private write(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    let m = /^\/api\/user\/update\/([^/]+)$/.exec(path);
    if (method === 'PUT' && m) {
      const user = this.docs.users.get(m[1]);
      if (!user) return { status: 404, body: { error: 'User not found!' } };
      if (Object.values(body).some((v) => typeof v === 'string' && v.startsWith('REFUSE'))) {
        return { status: 400, body: { error: 'Refused by the rules.' } };
      }
      const changes = ProfileUpdate.parse(body);
      const defined = Object.fromEntries(Object.entries(changes).filter(([k]) => k in body));
      for (const v of Object.values(body)) if (typeof v === 'string') this.applied.set(v, (this.applied.get(v) ?? 0) + 1);
      const doc = this.put('users', { ...user, ...defined });
      return { status: 200, body: this.returnsDocs ? doc : { ...doc, version: undefined } };
    }
    m = /^\/api\/notifications\/([^/]+)\/open$/.exec(path);
    if (method === 'PUT' && m) {
      const n = this.docs.notifications.get(m[1]);
      if (!n) return { status: 404, body: { error: 'Notification not found!' } };
      this.put('notifications', { ...n, open: true });
      this.applied.set(`open:${m[1]}`, (this.applied.get(`open:${m[1]}`) ?? 0) + 1);
      return { status: 200, body: { message: 'ok' } };
    }
    return { status: 404, body: { error: 'No such route' } };
  }

  private changes(q: URLSearchParams): unknown {
    // Cursor "<version>[@<floor when issued>]": one issued before a purge that passed it can't be trusted.
    const [sinceStr, issuedFloor] = (q.get('since') ?? '0').split('@');
    const since = Number(sinceStr);
    const limit = Number(q.get('limit') ?? '500');
    if (since > this.version || (since > 0 && since < this.floor && Number(issuedFloor ?? since) < this.floor)) {
      return { resetRequired: true };
    }
    const upTo = this.version;
    const all: SyncChange[] = [];
    for (const entity of ['users', 'notifications'] as const) {
      for (const d of this.docs[entity].values()) if (d.version > since) all.push({ entity, id: d.id, version: d.version, data: strip(d) });
    }
    for (const t of this.tombstones) if (t.version > since) all.push({ entity: t.entity, id: t.id, version: t.version, data: null });
    all.sort((a, b) => a.version - b.version);
    const page = all.slice(0, limit);
    const hasMore = all.length > limit;
    const refetch: SyncChange[] = [];
    for (const k of (q.get('refetch') ?? '').split(',').filter(Boolean)) {
      const [entity, id] = k.split(':') as ['users' | 'notifications', string];
      const d = this.docs[entity]?.get(id);
      refetch.push(d ? { entity, id, version: d.version, data: strip(d) } : { entity, id, version: upTo, data: null });
    }
    const v = hasMore ? page[page.length - 1].version : upTo;
    return { changes: [...refetch, ...page], cursor: this.floor > 0 ? `${v}@${this.floor}` : String(v), hasMore };
  }
}

function strip(d: Doc): Record<string, unknown> {
  const { version: _v, ...rest } = d;
  return rest;
}
