/**
 * The class timer of the rubric page: start / stop, kept in localStorage per observation and rubric so
 * a reload or a tab switch in the room keeps counting. Notes are stamped with its elapsed seconds.
 */
import { useCallback, useEffect, useState } from 'react';

interface TimerState {
  /** Epoch ms the current run started, or null when stopped. */
  runningSince: number | null;
  /** Seconds counted by earlier runs. */
  carried: number;
}

const keyOf = (observationId: string, kind: string) => `observa.classTimer.${observationId}.${kind}`;

/** Every timer on the page (the sticky class bar, the notes form) follows a start or stop made by another. */
const CHANGED = 'observa:class-timer';

function read(key: string): TimerState {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null') as TimerState | null;
    if (raw && typeof raw.carried === 'number') return raw;
  } catch {
    // A damaged entry starts a fresh timer.
  }
  return { runningSince: null, carried: 0 };
}

export function elapsedSeconds(s: TimerState, now: number): number {
  return Math.floor(s.carried + (s.runningSince != null ? Math.max(0, now - s.runningSince) / 1000 : 0));
}

export function useClassTimer(observationId: string, kind: string) {
  const key = keyOf(observationId, kind);
  const [state, setState] = useState<TimerState>(() => read(key));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const follow = (e: Event) => {
      if ((e as CustomEvent<string>).detail === key) setState(read(key));
    };
    window.addEventListener(CHANGED, follow);
    return () => window.removeEventListener(CHANGED, follow);
  }, [key]);
  useEffect(() => {
    if (state.runningSince == null) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [state.runningSince]);
  const save = useCallback(
    (s: TimerState) => {
      setState(s);
      setNow(Date.now());
      localStorage.setItem(key, JSON.stringify(s));
      window.dispatchEvent(new CustomEvent(CHANGED, { detail: key }));
    },
    [key],
  );
  const start = () => save({ runningSince: Date.now(), carried: state.carried });
  const stop = () => save({ runningSince: null, carried: elapsedSeconds(state, Date.now()) });
  const reset = () => save({ runningSince: null, carried: 0 });
  return { running: state.runningSince != null, elapsed: () => elapsedSeconds(state, Date.now()), shown: elapsedSeconds(state, now), start, stop, reset };
}
