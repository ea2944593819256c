/**
 * A local draft of a long form: what the user typed is kept in localStorage under
 * user + form + entity, restored when the form opens again (also after a reload, or a refused submit), and
 * cleared once the change is applied or queued. Only the user's own edits (`setValues`) are saved, never the
 * form's initial values or a programmatic `reset`.
 */
import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { useSession } from './use-session.js';

const PREFIX = 'observa:draft:';

export function draftStorageKey(userId: string | null | undefined, form: string, entityId: string): string {
  return `${PREFIX}${userId ?? 'anonymous'}:${form}:${entityId}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): forms still work, without drafts
  }
}

export function readDraft<T>(key: string): T | undefined {
  const raw = storage()?.getItem(key);
  if (raw == null) return undefined;
  try {
    return (JSON.parse(raw) as { v: T }).v;
  } catch {
    return undefined;
  }
}

export interface Draft<T> {
  values: T;
  /** The user's edit: saved as the draft. */
  setValues: (next: SetStateAction<T>) => void;
  /** Replace the values without saving a draft (a form reset after success). */
  reset: (next: T) => void;
  /** True when the values came from a saved draft. */
  restored: boolean;
  /** Forget the draft (after the change was applied or queued). */
  clear: () => void;
}

export function useDraft<T>(form: string, entityId: string, initial: () => T): Draft<T> {
  const userId = useSession()?.id;
  const key = draftStorageKey(userId, form, entityId);
  const [state, setState] = useState(() => {
    const saved = readDraft<T>(key);
    return saved === undefined ? { values: initial(), restored: false } : { values: saved, restored: true };
  });
  const dirty = useRef(false);

  useEffect(() => {
    if (!dirty.current) return;
    try {
      storage()?.setItem(key, JSON.stringify({ v: state.values, at: Date.now() }));
    } catch {
      // storage full: the draft is a convenience, the form keeps working
    }
  }, [key, state.values]);

  const setValues = useCallback((next: SetStateAction<T>) => {
    dirty.current = true;
    setState((s) => ({ ...s, values: typeof next === 'function' ? (next as (p: T) => T)(s.values) : next }));
  }, []);
  const reset = useCallback((next: T) => {
    dirty.current = false;
    setState({ values: next, restored: false });
  }, []);
  const clear = useCallback(() => {
    dirty.current = false;
    storage()?.removeItem(key);
    setState((s) => ({ ...s, restored: false }));
  }, [key]);

  return { values: state.values, setValues, reset, restored: state.restored, clear };
}
