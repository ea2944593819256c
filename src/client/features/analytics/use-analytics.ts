/**
 * Department analytics as a server-computed aggregate kept in the replica: GET /api/analytics
 * computes the funnel, overdue list, item averages and heatmap with GROUP BY, so the client never loads every
 * observation for them; the answer is validated with the shared contract and kept in the replica's `meta` table
 * per department, so the page opens at once from the kept copy (online it is refreshed behind it; offline it says
 * how old it is). The replica is cleared on sign-out, so a kept aggregate never outlives its viewer.
 *
 *   open ─► kept copy? ──yes──► ready (kept, as of T) ─┐
 *            │ no                                      ├─► GET ok ─► ready (fresh) + keep
 *            └────────► loading ───────────────────────┘   GET fails ─► kept ? ready (kept, + why) : error
 */
import { useEffect, useState } from 'react';
import { AnalyticsResponse } from '../../../shared/contract/analytics.js';
import { request } from '../../api/http.js';
import { getMeta, setMeta } from '../../sync/meta.js';
import { getDb } from '../../sync/index.js';

export type AnalyticsState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  /** `keptAt` is set while the data shown is the replica's copy (refreshing, or the refresh failed: `problem`). */
  | { state: 'ready'; data: AnalyticsResponse; keptAt: number | null; problem: string | null };

interface Kept {
  data: unknown;
  at: number;
}

export const analyticsKey = (departmentId: number | null, rubricVersionId: string | null = null) => `analytics:${departmentId ?? 'all'}${rubricVersionId ? `:${rubricVersionId}` : ''}`;

async function readKept(key: string): Promise<{ data: AnalyticsResponse; at: number } | null> {
  const row = await getMeta<Kept>(getDb(), key).catch(() => undefined);
  const parsed = row ? AnalyticsResponse.safeParse(row.data) : null;
  // A copy written by an older build that no longer parses is ignored (the server's answer replaces it).
  return parsed?.success ? { data: parsed.data, at: row!.at } : null;
}

/** `rubricVersionId` null: the server's choice (the version most used in the scope). */
export function useAnalytics(departmentId: number | null, rubricVersionId: string | null = null): AnalyticsState {
  const [result, setResult] = useState<AnalyticsState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let fresh = false;
    setResult({ state: 'loading' });
    const key = analyticsKey(departmentId, rubricVersionId);
    const kept = readKept(key).then((k) => {
      if (live && !fresh && k) setResult({ state: 'ready', data: k.data, keptAt: k.at, problem: null });
      return k;
    });
    const params = new URLSearchParams();
    if (departmentId != null) params.set('departmentId', String(departmentId));
    if (rubricVersionId) params.set('rubricVersionId', rubricVersionId);
    const query = params.size ? `?${params.toString()}` : '';
    request<unknown>('GET', `/analytics${query}`)
      .then(async (body) => {
        const data = AnalyticsResponse.parse(body);
        fresh = true;
        if (live) setResult({ state: 'ready', data, keptAt: null, problem: null });
        await setMeta(getDb(), key, { data, at: Date.now() } satisfies Kept);
      })
      .catch(async (err: unknown) => {
        const k = await kept;
        if (!live || fresh) return;
        const message = err instanceof Error ? err.message : String(err);
        setResult(k ? { state: 'ready', data: k.data, keptAt: k.at, problem: message } : { state: 'error', message });
      });
    return () => {
      live = false;
    };
  }, [departmentId, rubricVersionId]);
  return result;
}
