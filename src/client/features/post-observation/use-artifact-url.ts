/**
 * An object URL for an artifact's bytes. Uploaded files are fetched from `GET /api/artifacts/:id/file` with the
 * bearer token (a plain <img src> cannot send it); a file still queued offline is read back from its stored
 * chunks, so the user sees what they picked before it reached the server. Revoked on unmount.
 */
import { useEffect, useState } from 'react';
import { getDb } from '../../sync/index.js';
import { isPendingUpload } from './format.js';

export async function artifactBlob(fileURL: string, type: string, token: string | null): Promise<Blob> {
  if (isPendingUpload(fileURL)) {
    const blobId = fileURL.slice('pending-upload:'.length);
    const chunks = await getDb().blobChunks.where('blobId').equals(blobId).sortBy('index');
    return new Blob(chunks.map((c) => c.data), { type });
  }
  const res = await fetch(fileURL, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`Could not load the file (${res.status})`);
  return res.blob();
}

export function useArtifactUrl(fileURL: string, type: string, token: string | null, enabled = true): { url: string | null; error: string | null } {
  const [state, setState] = useState<{ url: string | null; error: string | null }>({ url: null, error: null });
  useEffect(() => {
    if (!enabled || !fileURL) return;
    let url: string | null = null;
    let live = true;
    artifactBlob(fileURL, type, token)
      .then((b) => {
        if (!live) return;
        url = URL.createObjectURL(b);
        setState({ url, error: null });
      })
      .catch((err: unknown) => live && setState({ url: null, error: err instanceof Error ? err.message : 'Could not load the file' }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileURL, type, token, enabled]);
  return state;
}
