/**
 * Pull (DESIGN.md § Pull): page through GET /api/sync/changes?since=<cursor>. Each page, its cursor and the
 * rebase of unsent rows are written in ONE Dexie transaction, so a crash leaves either the old or the new
 * state, never a page without its cursor. `resetRequired` → cursor 0 and the first page of the re-download
 * clears the replica tables (never the outbox or stored files) in its own transaction.
 */
import { PIN_MAX, SYNC_ENTITIES, SyncChangesResponse, type SyncPage } from '../../shared/sync/protocol.js';
import { nextDelay } from './backoff.js';
import { call, type EngineCtx } from './context.js';
import { getMeta, META, setMeta, type RefetchKey } from './meta.js';
import { rebase } from './rebase.js';

export interface PullState {
  attempts: number;
  nextAt: number;
}

export type PullResult = { state: 'done' } | { state: 'waiting'; wakeAt: number } | { state: 'auth' } | { state: 'stopped' };

const MAX_PAGES_PER_PULL = 10_000;

export async function pull(ctx: EngineCtx, ps: PullState): Promise<PullResult> {
  const { db, clock } = ctx;
  if (ps.nextAt > clock.now()) return { state: 'waiting', wakeAt: ps.nextAt };
  let resets = 0;
  for (let pages = 0; pages < MAX_PAGES_PER_PULL; pages++) {
    if (ctx.stopped()) return { state: 'stopped' };
    if (ctx.state.authRequired) return { state: 'auth' };
    const [cursor, refetch, pins, scope] = await db.transaction('r', db.meta, async () => [
      (await getMeta<string>(db, META.cursor)) ?? '0',
      (await getMeta<RefetchKey[]>(db, META.refetch)) ?? [],
      (await getMeta<string[]>(db, META.pins)) ?? [],
      await getMeta<string | null>(db, META.scope),
    ] as const);
    const q = new URLSearchParams({ since: cursor, limit: String(ctx.pageLimit) });
    if (refetch.length) q.set('refetch', refetch.join(','));
    // Opened observations travel whole; the scope key lets the server reset a replica built for another scope.
    if (pins.length) q.set('pin', pins.slice(-PIN_MAX).join(','));
    if (scope) q.set('scope', scope);
    const outcome = await call(ctx, { method: 'GET', path: `/api/sync/changes?${q}` });
    if (ctx.stopped()) return { state: 'stopped' };
    if (outcome.kind === 'auth') {
      ctx.state.authRequired = true;
      ctx.emit();
      return { state: 'auth' };
    }
    const parsed = outcome.kind === 'ok' ? SyncChangesResponse.safeParse(outcome.body) : null;
    if (outcome.kind !== 'ok' || !parsed?.success) {
      ps.attempts++;
      const retryAfter = outcome.kind === 'retry' ? outcome.retryAfterMs : null;
      ps.nextAt = clock.now() + nextDelay(ps.attempts, ctx.random, retryAfter);
      return { state: 'waiting', wakeAt: ps.nextAt };
    }
    ps.attempts = 0;
    const res = parsed.data;
    if ('resetRequired' in res) {
      // A server that replaced its database twice in one pull is broken: back off instead of looping.
      if (++resets > 2) {
        ps.attempts++;
        ps.nextAt = clock.now() + nextDelay(ps.attempts, ctx.random);
        return { state: 'waiting', wakeAt: ps.nextAt };
      }
      await db.transaction('rw', db.meta, async () => {
        await setMeta(db, META.cursor, '0');
        await setMeta(db, META.resetPending, true);
        // The re-download learns the (possibly new) scope key from its first page.
        await setMeta(db, META.scope, null);
      });
      continue;
    }
    await writePage(ctx, res, refetch);
    if (!res.hasMore) return { state: 'done' };
    if (res.cursor === cursor) {
      // A server that says "more" without moving the cursor would spin us forever: try again later.
      ps.attempts++;
      ps.nextAt = clock.now() + nextDelay(ps.attempts, ctx.random);
      return { state: 'waiting', wakeAt: ps.nextAt };
    }
  }
  return { state: 'done' };
}

async function writePage(ctx: EngineCtx, page: SyncPage, sentRefetch: RefetchKey[]): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.tables, async () => {
    if (await getMeta<boolean>(db, META.resetPending)) {
      for (const e of SYNC_ENTITIES) await db[e].clear();
      await setMeta(db, META.resetPending, false);
    }
    const pins = new Set((await getMeta<string[]>(db, META.pins)) ?? []);
    const late: RefetchKey[] = [];
    for (const c of page.changes) {
      const table = db[c.entity];
      if (c.data === null) await table.delete(c.id);
      else if (c.entity === 'observations' && c.data.grain === 'summary' && pins.has(c.id)) {
        // Pinned after this page was asked for: keep the whole copy and fetch its new version whole next pull.
        const held = await table.get(c.id);
        if (held?.grain === 'full') late.push(`observations:${c.id}`);
        else await table.put({ ...c.data, id: c.id, version: c.version });
      } else await table.put({ ...c.data, id: c.id, version: c.version });
    }
    await setMeta(db, META.cursor, page.cursor);
    if (page.scope !== undefined) await setMeta(db, META.scope, page.scope);
    if (!page.hasMore) await setMeta(db, META.lastSyncedAt, ctx.clock.now());
    if (sentRefetch.length || late.length) {
      const now = (await getMeta<RefetchKey[]>(db, META.refetch)) ?? [];
      await setMeta(db, META.refetch, [...new Set([...now.filter((k) => !sentRefetch.includes(k)), ...late])]);
    }
    await rebase(db);
  });
  ctx.emit();
}
