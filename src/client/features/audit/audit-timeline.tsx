/**
 * The audit trail of an observation: who did what and when, from GET /observation/{id}/audit (the
 * observer, the HOD and Super_Admin). A change made offline shows the device time beside the server time it
 * arrived. Every action reads as words, and repeats of one action by one person in a row are one line with a
 * count. Read online only: the trail is not part of the replica (it is read rarely and grows with every change).
 */
import '@mantine/core/styles/Timeline.css';
import { useEffect, useState } from 'react';
import { Button, Card, Text, Timeline, Title } from '@mantine/core';
import type { AuditEntry } from '../../../shared/contract/evidence.js';
import { request } from '../../api/http.js';

/** The device time is shown when it differs from the arrival by more than this (a change queued offline). */
const OFFLINE_GAP_MS = 60_000;

const ACTIONS: Record<string, string> = {
  'observation.initiate': 'Initiated the observation',
  'observation.delete': 'Deleted the observation',
  'scheduling.create': 'Started scheduling',
  'scheduling.plan': 'Submitted the teaching plan',
  'scheduling.facultySlots': 'Offered class slots',
  'scheduling.observerSlot': 'Picked the class slot and date',
  'scheduling.facultyAccept': 'Confirmed the class date (faculty)',
  'scheduling.observerAccept': 'Confirmed the class date (observer)',
  'scheduling.done': 'Finished scheduling',
  'scheduling.reasons': 'Wrote reasons about the schedule',
  'post.plan': 'Submitted the reflection plan',
  'post.facultySlot': 'Chose a meeting slot',
  'post.observerSlots': 'Offered meeting slots',
  'post.scheduled': 'Marked the meeting scheduled',
  'post.completed': 'Completed the observation',
  'post.ongoing': 'Reopened the meeting scheduling',
  'informed.saveGroup': 'Saved informed rubric scores',
  'informed.submit': 'Submitted informed rubric scores',
  'informed.lock': 'Locked the informed rubric',
  'uninformed.start': 'Started the uninformed observation',
  'uninformed.saveGroup': 'Saved uninformed rubric scores',
  'uninformed.submit': 'Submitted uninformed rubric scores',
  'uninformed.lock': 'Locked the uninformed rubric',
  'post.create': 'Created the post-observation meeting',
  'artifact.register': 'Uploaded an artifact',
  'message.send': 'Sent a message',
  'note.create': 'Wrote an evidence note',
  'note.update': 'Edited an evidence note',
  'note.delete': 'Deleted an evidence note',
  'note.photo': 'Attached a photo to a note',
  'note.share': 'Shared a note',
  'note.unshare': 'Stopped sharing a note',
  'agenda.save': 'Saved the meeting agenda',
  'agenda.share': 'Shared the meeting agenda',
};

/** Words for an internal code: "scheduling.facultySlots" → "Scheduling: faculty slots" when no label is known. */
export function actionLabel(action: string): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const words = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[._-]+/g, ' ').toLowerCase().trim();
  const [area, ...rest] = action.split('.');
  const head = words(area ?? action);
  const tail = words(rest.join(' '));
  return `${head.charAt(0).toUpperCase()}${head.slice(1)}${tail ? `: ${tail}` : ''}`;
}

export interface AuditRun {
  first: AuditEntry;
  last: AuditEntry;
  count: number;
}

/** Consecutive entries of the same action by the same person are one line ("Saved informed rubric scores ×4"). */
export function collapseRuns(rows: readonly AuditEntry[]): AuditRun[] {
  const out: AuditRun[] = [];
  for (const r of rows) {
    const prev = out[out.length - 1];
    if (prev && prev.last.action === r.action && prev.last.actorId === r.actorId) {
      prev.last = r;
      prev.count++;
    } else out.push({ first: r, last: r, count: 1 });
  }
  return out;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function AuditTimeline({ observationId }: { observationId: string }) {
  const [rows, setRows] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    request<AuditEntry[]>('GET', `/observation/${observationId}/audit`).then(
      (r) => live && setRows(r),
      (err: unknown) => live && setError(err instanceof Error ? err.message : 'The audit trail needs a connection.'),
    );
    return () => {
      live = false;
    };
  }, [observationId, tick]);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Audit trail">
      <Title order={2} size="h5" mb="sm">Audit trail</Title>
      {error ? (
        <Text size="sm" c="dimmed">
          {error} <Button size="compact-xs" variant="subtle" onClick={() => setTick((t) => t + 1)}>Retry</Button>
        </Text>
      ) : rows === null ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} active={collapseRuns(rows).length - 1}>
          {collapseRuns(rows).map(({ first, last: r, count }) => {
            const offline = r.clientTime != null && Math.abs(Date.parse(r.at) - Date.parse(r.clientTime)) > OFFLINE_GAP_MS;
            const span = count > 1 && when(first.at) !== when(r.at) ? `${when(first.at)} – ${when(r.at)}` : when(r.at);
            return (
              <Timeline.Item key={r.id} title={`${actionLabel(r.action)}${count > 1 ? ` ×${count}` : ''}`} data-testid="audit-row">
                <Text size="xs" c="dimmed">
                  {r.actorName || 'System'}
                  {r.actorRole ? ` (${r.actorRole.replace(/_/g, ' ')})` : ''} · {span}
                </Text>
                {offline ? (
                  <Text size="xs" c="orange" data-testid="audit-device-time">
                    Made offline on the device at {when(r.clientTime!)}, arrived {when(r.at)}
                  </Text>
                ) : null}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}
