/**
 * A note's photo. Uploaded photos come from GET /api/observation/{id}/notes/{noteId}/photo with the bearer token
 * (an <img src> cannot send it); one taken offline is read back from its stored chunks until it is registered.
 */
import { useEffect, useState } from 'react';
import { Image, Text } from '@mantine/core';
import { getSession } from '../../stores/session.js';
import { getDb } from '../../sync/index.js';

const PENDING = 'pending-upload:';

async function photoBlob(url: string): Promise<Blob> {
  if (url.startsWith(PENDING)) {
    const chunks = await getDb().blobChunks.where('blobId').equals(url.slice(PENDING.length)).sortBy('index');
    return new Blob(chunks.map((c) => c.data));
  }
  const token = getSession()?.token;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`Could not load the photo (${res.status})`);
  return res.blob();
}

export function NotePhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    photoBlob(url).then(
      (b) => {
        if (!live) return;
        made = URL.createObjectURL(b);
        setSrc(made);
      },
      (err: unknown) => live && setError(err instanceof Error ? err.message : 'Could not load the photo'),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (error) return <Text size="xs" c="dimmed">{error}</Text>;
  return src ? <Image src={src} alt={alt} mah={160} w="auto" fit="contain" radius="sm" data-testid="note-photo" /> : null;
}
