/**
 * What became of the files sent from this form (uploads give visible results): one line per
 * file with its progress while uploading (the leader tab's live byte count, else the stored one), "saved on this
 * phone — it will upload when you are online" while offline (never a success before the server has the file), the server's message if it was refused, and a done message (and
 * toast) once the file is registered on the server — the outbox row is then gone.
 */
import { useEffect, useRef } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { useEngineStatus } from '../../hooks/use-sync-status.js';
import { getDb } from '../../sync/index.js';

export interface SentUpload {
  blobId: string;
  mutationId: string;
  name: string;
}

type State = { kind: 'done' } | { kind: 'failed'; message: string } | { kind: 'uploading'; percent: number } | { kind: 'waiting' };

export function UploadStatusList({ sent, doneMessage }: { sent: SentUpload[]; doneMessage: string }) {
  const status = useEngineStatus();
  const rows = useLiveQuery(async () => {
    const db = getDb();
    const ids = new Set(sent.map((s) => s.mutationId));
    const [outbox, blobs] = await Promise.all([
      db.outbox.filter((r) => ids.has(r.mutationId)).toArray(),
      db.blobs.bulkGet(sent.map((s) => s.blobId)),
    ]);
    return { outbox, blobs, ids };
  }, [sent]);
  const announced = useRef(new Set<string>());

  const stateOf = (s: SentUpload, i: number): State | null => {
    // Until the query for this file has run (a live query returns its previous result while the new one runs),
    // its state is unknown: a missing outbox row must not be read as "registered".
    if (!rows || !rows.ids.has(s.mutationId)) return null;
    const row = rows.outbox.find((r) => r.mutationId === s.mutationId);
    if (!row) return { kind: 'done' };
    if (row.status === 'needs-attention') return { kind: 'failed', message: row.lastError ?? MSG.somethingWrong };
    const blob = rows.blobs[i];
    if (blob?.status === 'failed') return { kind: 'failed', message: blob.lastError ?? MSG.somethingWrong };
    // Offline nothing moves: the file is on this device (a started upload resumes when the connection is back).
    if (!status.online) return { kind: 'waiting' };
    const live = status.uploads.find((u) => u.blobId === s.blobId);
    const loaded = live ? live.loaded : (blob?.uploadedBytes ?? 0);
    const total = live ? live.total : (blob?.size ?? 0);
    if (live || blob?.status === 'uploading' || blob?.status === 'uploaded') return { kind: 'uploading', percent: total ? Math.round((loaded / total) * 100) : 100 };
    return { kind: 'waiting' };
  };
  const states = sent.map(stateOf);

  useEffect(() => {
    sent.forEach((s, i) => {
      if (states[i]?.kind === 'done' && !announced.current.has(s.mutationId)) {
        announced.current.add(s.mutationId);
        toast.success(`${doneMessage} (${s.name})`);
      }
    });
  });

  if (sent.length === 0) return null;
  return (
    <Stack gap={6} aria-label="Uploads" role="list">
      {sent.map((s, i) => {
        const st = states[i];
        return (
          <div key={s.mutationId} role="listitem">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>{s.name}</Text>
              <Text size="xs" c={st?.kind === 'failed' ? 'red' : st?.kind === 'done' ? 'teal' : 'dimmed'}>
                {st === null
                  ? ''
                  : st.kind === 'done'
                    ? doneMessage
                    : st.kind === 'failed'
                      ? st.message
                      : st.kind === 'uploading'
                        ? `${MSG.uploading} ${st.percent}%`
                        : status.online
                          ? MSG.uploadWaiting
                          : MSG.uploadSavedOffline}
              </Text>
            </Group>
            {st?.kind === 'uploading' ? <Progress value={st.percent} size="sm" aria-label={`Upload of ${s.name}`} /> : null}
          </div>
        );
      })}
    </Stack>
  );
}
