/**
 * A live replica query (Dexie `liveQuery`) whose results reach the screen as a React transition: the render they
 * cause is built in slices of a few milliseconds instead of one long task, so a dashboard filling in (or a sync
 * landing under it) never blocks input. `undefined` until the first result; a new result replaces the previous
 * one, and while the deps change the previous result stays on screen until the new one arrives (as
 * dexie-react-hooks' useLiveQuery does). A failed query throws on render, for the error boundary.
 */
import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { liveQuery } from 'dexie';

export function useReplicaQuery<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ value: T | undefined; error: unknown }>({ value: undefined, error: null });
  useEffect(() => {
    const sub = liveQuery(query).subscribe({
      next: (value) => startTransition(() => setState({ value, error: null })),
      error: (error: unknown) => startTransition(() => setState((s) => ({ value: s.value, error }))),
    });
    return () => sub.unsubscribe();
    // The caller's deps decide when the query is a different one (as with useEffect).
  }, deps);
  if (state.error) throw state.error;
  return state.value;
}
