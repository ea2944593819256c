/**
 * `useLiveQuery` that keeps the previous result object when a re-run returns the same value (compared as JSON;
 * meant for the small results screens read: counts, a few rows, chart bars). Dexie re-runs a live query after
 * every write transaction that touches what it read; during a first download that is every page, and most
 * re-runs (the newest users, the recent rows once the newest page is in) return what they returned before. A
 * stable reference lets memoised children skip rendering (#12.4: the dashboard re-rendered its chart several times
 * per downloaded page).
 */
import { useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';

export function useStableLiveQuery<T>(querier: () => Promise<T> | T, deps: unknown[]): T | undefined {
  const value = useLiveQuery(querier, deps);
  const last = useRef<{ value: T | undefined; json: string | undefined }>({ value: undefined, json: undefined });
  if (value === last.current.value) return value;
  const json = value === undefined ? undefined : JSON.stringify(value);
  if (json !== undefined && json === last.current.json) return last.current.value;
  last.current = { value, json };
  return value;
}
