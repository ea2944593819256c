import { useEffect, useState } from 'react';

export interface StorageEstimate {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

/** navigator.storage figures, re-read whenever `refreshKey` changes (e.g. when the sync panel opens). */
export function useStorageEstimate(refreshKey: unknown): StorageEstimate {
  const [value, setValue] = useState<StorageEstimate>({ usage: null, quota: null, persisted: null });
  useEffect(() => {
    let alive = true;
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.estimate) return;
    void Promise.all([storage.estimate(), storage.persisted ? storage.persisted() : Promise.resolve(null)]).then(
      ([est, persisted]) => {
        if (alive) setValue({ usage: est.usage ?? null, quota: est.quota ?? null, persisted });
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [refreshKey]);
  return value;
}
