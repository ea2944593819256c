/**
 * A live replica query (Dexie `liveQuery`) whose results reach the screen as a React transition: the render they
 * cause is built in slices of a few milliseconds instead of one long task, so a dashboard filling in (or a sync
 * landing under it) never blocks input. `undefined` until the first result; a new result replaces the previous
 * one, and while the deps change the previous result stays on screen until the new one arrives (as
 * dexie-react-hooks' useLiveQuery does). A failed query throws on render, for the error boundary.
 *
 * Stable: a re-run that answers the same (compared as JSON; meant for the small results screens read: counts, a
 * few rows, chart bars) keeps the previous result and renders nothing. Dexie re-runs a live query after every
 * write transaction that touches what it read; during a first download that is every page, and most re-runs
 * answer what they answered before (the dashboard re-rendered its chart several times per page).
 */
import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { liveQuery } from 'dexie';

export function useReplicaQuery<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ value: T | undefined; error: unknown }>({ value: undefined, error: null });
  useEffect(() => {
    let lastJson: string | undefined;
    const sub = liveQuery(query).subscribe({
      next: (value) => {
        const json = JSON.stringify(value);
        if (json === lastJson) return;
        lastJson = json;
        startTransition(() => setState({ value, error: null }));
      },
      error: (error: unknown) => startTransition(() => setState((s) => ({ value: s.value, error }))),
    });
    return () => sub.unsubscribe();
    // The caller's deps decide when the query is a different one (as with useEffect).
  }, deps);
  if (state.error) throw state.error;
  return state.value;
}

/**
 * Each field of `value` as the same object as last time when it answers the same (JSON), so memoised children
 * that take one field render only when that field changed.
 */
export function stableFields<T extends object>(previous: T | undefined, value: T): T {
  if (!previous) return value;
  const out = { ...value };
  for (const k of Object.keys(value) as (keyof T)[]) {
    if (JSON.stringify(previous[k]) === JSON.stringify(value[k])) out[k] = previous[k];
  }
  return out;
}
