/**
 * One online read for the calibration report pages (results, due, severity): loading, the answer, or the failure
 * with its HTTP status (a 409 "not closed yet" is a state of its own on the results page, not an error). A newer
 * call replaces an older one still in flight, so a quickly changed filter never shows a stale answer.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../api/errors.js';

export type Remote<T> = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; data: T };

export function useRemote<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): Remote<T> & { reload: () => void } {
  const [result, setResult] = useState<Remote<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setResult({ state: 'loading' });
    load().then(
      (data) => live && setResult({ state: 'ready', data }),
      (err: unknown) => live && setResult({ state: 'error', status: err instanceof ApiError ? err.status : 0, message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
    // `load` is rebuilt on each render; `deps` say when it reads something new.
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...result, reload };
}
