/**
 * Pull (docs/sync-protocol.md § Pull): page through GET /api/sync/changes?since=<cursor>. Each page, its cursor and the
 * rebase of unsent rows are written in ONE Dexie transaction, so a crash leaves either the old or the new
 * state, never a page without its cursor. `resetRequired` → cursor 0 and the first page of the re-download
 * clears the replica tables (never the outbox or stored files) in its own transaction.
 */
import { parseChangesResponse, PIN_MAX, SYNC_ENTITIES, type SyncChangesResponse, type SyncPage } from '../../shared/sync/protocol.js';
import { nextDelay } from './backoff.js';
import { call, type EngineCtx, type Outcome } from './context.js';
import { getMeta, META, setMeta, type RefetchKey } from './meta.js';
import { rebase } from './rebase.js';

export interface PullState {
  attempts: number;
  nextAt: number;
}

export type PullResult = { state: 'done' } | { state: 'waiting'; wakeAt: number } | { state: 'auth' } | { state: 'stopped' };

const MAX_PAGES_PER_PULL = 10_000;

/** The next page, asked for before the current one is written. */
interface Ahead {
  cursor: string;
  pins: string;
  outcome: Promise<Outcome>;
}

export async function pull(ctx: EngineCtx, ps: PullState): Promise<PullResult> {
  const { db, clock } = ctx;
  if (ps.nextAt > clock.now()) return { state: 'waiting', wakeAt: ps.nextAt };
  let resets = 0;
  // While a page is written, the next one is already asked for (its cursor is in the answer): a first download
  // costs about max(server, IndexedDB) instead of their sum. Used only if nothing it was built from changed.
  let ahead = null as Ahead | null;
  for (let pages = 0; pages < MAX_PAGES_PER_PULL; pages++) {
    if (ctx.stopped() || ctx.state.updateRequired) return { state: 'stopped' };
    if (ctx.state.authRequired) return { state: 'auth' };
    const [cursor, refetch, pins, scope] = await db.transaction('r', db.meta, async () => [
      (await getMeta<string>(db, META.cursor)) ?? '0',
      (await getMeta<RefetchKey[]>(db, META.refetch)) ?? [],
      (await getMeta<string[]>(db, META.pins)) ?? [],
      await getMeta<string | null>(db, META.scope),
    ] as const);
    const pinList = pins.slice(-PIN_MAX).join(',');
    const reuse: Ahead | null = ahead && ahead.cursor === cursor && ahead.pins === pinList && refetch.length === 0 ? ahead : null;
    ahead = null;
    const sent = reuse ? [] : refetch;
    const outcome: Outcome = await (reuse ? reuse.outcome : call(ctx, { method: 'GET', path: changesPath(ctx, cursor, refetch, pinList, scope) }));
    if (ctx.stopped()) return { state: 'stopped' };
    if (outcome.kind === 'auth') {
      ctx.state.authRequired = true;
      ctx.emit();
      return { state: 'auth' };
    }
    if (outcome.kind === 'update') return { state: 'stopped' };
    const parsed = outcome.kind === 'ok' ? parseChangesResponse(outcome.body) : null;
    if (outcome.kind !== 'ok' || !parsed?.success) {
      ps.attempts++;
      const retryAfter = outcome.kind === 'retry' ? outcome.retryAfterMs : null;
      ps.nextAt = clock.now() + nextDelay(ps.attempts, ctx.random, retryAfter);
      return { state: 'waiting', wakeAt: ps.nextAt };
    }
    ps.attempts = 0;
    const res: SyncChangesResponse = parsed.data;
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
    if (res.hasMore && res.cursor !== cursor && !ctx.stopped()) {
      const next = call(ctx, { method: 'GET', path: changesPath(ctx, res.cursor, [], pinList, res.scope ?? scope) });
      ahead = { cursor: res.cursor, pins: pinList, outcome: next };
    }
    await writePage(ctx, res, sent);
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

function changesPath(ctx: EngineCtx, cursor: string, refetch: RefetchKey[], pins: string, scope: string | null | undefined): string {
  const q = new URLSearchParams({ since: cursor, limit: String(ctx.pageLimit) });
  if (refetch.length) q.set('refetch', refetch.join(','));
  // Opened observations travel whole; the scope key lets the server reset a replica built for another scope.
  if (pins) q.set('pin', pins);
  if (scope) q.set('scope', scope);
  return `/api/sync/changes?${q}`;
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
    // One bulk request per table (a first download writes thousands of rows per page): the last change of an
    // id in the page wins, as it would applied one by one in page order.
    const last = new Map<string, SyncPage['changes'][number]>();
    for (const c of page.changes) last.set(`${c.entity}\u0000${c.id}`, c);
    const byEntity = new Map<(typeof SYNC_ENTITIES)[number], SyncPage['changes']>();
    for (const c of last.values()) {
      const list = byEntity.get(c.entity);
      if (list) list.push(c);
      else byEntity.set(c.entity, [c]);
    }
    for (const [entity, changes] of byEntity) {
      const table = db[entity];
      let puts = changes.filter((c) => c.data !== null);
      const gone = changes.filter((c) => c.data === null).map((c) => c.id);
      if (gone.length) await table.bulkDelete(gone);
      if (entity === 'observations' && pins.size) {
        // Pinned after this page was asked for: keep the whole copy and fetch its new version whole next pull.
        const pinnedSummaries = puts.filter((c) => c.data?.grain === 'summary' && pins.has(c.id));
        const held = pinnedSummaries.length ? await table.bulkGet(pinnedSummaries.map((c) => c.id)) : [];
        const keep = new Set(held.filter((h) => h?.grain === 'full').map((h) => h!.id as string));
        for (const id of keep) late.push(`observations:${id}`);
        puts = puts.filter((c) => !keep.has(c.id));
      }
      if (puts.length) await table.bulkPut(puts.map((c) => ({ ...c.data, id: c.id, version: c.version })));
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
