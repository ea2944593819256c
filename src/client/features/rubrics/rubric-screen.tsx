/**
 * Informed / uninformed rubric scoring (SPEC §2 Rubric screens, §4, §5, §9). Each side scores its own items
 * (the server takes the side from the token); groups are saved one at a time (all five items, 1 s spinner),
 * Submit needs all four saved. The observer's Done (after 'This action will not be reversed!') locks both
 * scores; afterwards everything is read-only. Faculty never see the observer's score. Group saves stay optimistic
 * (high-frequency, like score clicks); Submit, Done and Start wait briefly for the server's answer.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import type { Observation } from '../../../shared/contract/observations.js';
import { DELAY } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { mutate } from '../../sync/index.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { localDay, rubricBeforeClassError } from '../../../shared/class-dates.js';
import { RubricGroupCard } from './rubric-group-card.js';
import { RubricTotals } from './rubric-totals.js';
import { canLock, canScore, draftFrom, groupSaveError, isGroupSaved, rubricGroups, submitError, type Draft, type ScoringSide } from './rubric-state.js';

export type MeetingKind = 'informed' | 'uninformed';

export interface RubricScreenProps {
  obs: Observation;
  kind: MeetingKind;
  side: ScoringSide | 'viewer';
  /** Shown under each rubric item (evidence notes tagged to it; mounted by the route). */
  renderItemExtra?: (itemId: string) => ReactNode;
}

const fail = (err: unknown) => toast.error(err instanceof Error ? err.message : MSG.somethingWrong);

export function RubricScreen({ obs, kind, side, renderItemExtra }: RubricScreenProps) {
  const meeting = kind === 'informed' ? obs.meetings.informedObservation : obs.meetings.uninformedObservation;
  const shownSide: ScoringSide = side === 'faculty' ? 'faculty' : 'observer';
  const groups = useMemo(() => rubricGroups(meeting?.rubrics ?? []), [meeting?.rubrics]);
  const [draft, setDraft] = useState<Draft>(() => draftFrom(meeting?.rubrics ?? [], shownSide));
  const [saving, setSaving] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [sending, setSending] = useState<'submit' | 'lock' | 'start' | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const editable = canScore(meeting, side);
  // Read-only views follow the replica (another device, the lock, a pull); an editable form keeps what was typed.
  const savedKey = JSON.stringify(draftFrom(meeting?.rubrics ?? [], shownSide));
  useEffect(() => {
    if (!editable) setDraft(JSON.parse(savedKey) as Draft);
  }, [editable, savedKey]);
  // Items arriving later (a meeting created offline gets its items with the next pull) join the draft.
  useEffect(() => {
    setDraft((d) => ({ ...(JSON.parse(savedKey) as Draft), ...Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) }));
  }, [savedKey]);

  if (!meeting) {
    const canStart = kind === 'uninformed' && side === 'observer' && obs.meetings.informedObservation?.status === 'Completed';
    return (
      <Card withBorder radius="md" p="lg">
        <Stack align="flex-start">
          <Text>{kind === 'informed' ? 'The informed observation starts when scheduling is completed.' : 'The uninformed observation has not been started yet.'}</Text>
          {canStart ? (
            <Button
              loading={sending === 'start'}
              onClick={() => {
                setSending('start');
                void submitWithToast('uninformed.start', { observationsId: obs.id, id: crypto.randomUUID() }, { success: MSG.observationUpdated })
                  .catch(fail)
                  .finally(() => setSending(null));
              }}
            >
              Start Uninformed Observation
            </Button>
          ) : kind === 'uninformed' ? (
            <Text size="sm" c="dimmed">{MSG.informedNotCompleted}</Text>
          ) : null}
        </Stack>
      </Card>
    );
  }
  const m = meeting;
  if (groups.length === 0) return <Text c="dimmed">Loading rubric items… they arrive with the next sync.</Text>;

  function saveGroup(code: string) {
    const group = groups.find((g) => g.code === code)!;
    const error = groupSaveError(group, draft);
    if (error) return toast.error(error);
    setSaving(code);
    // SPEC §9: the save button spins for 1 s; the change itself is queued at once.
    timers.current.push(
      setTimeout(() => {
        setSaving(null);
        const rubricsFinal = group.items.map((i) => ({ id: i.id, score: draft[i.id]! }));
        mutate('rubrics.saveGroup', { kind, observationsId: obs.id, meetingId: m.id, rubricsFinal }).then(() => toast.success(MSG.rubricsSaved), fail);
      }, DELAY.saveSpinner),
    );
  }

  // The informed rubric is completed (submitted, locked) from the day of the scheduled class on.
  const early = kind === 'informed' ? rubricBeforeClassError(obs.obsRequest?.scheduledOn, localDay(new Date())) : null;

  async function submit() {
    const error = early ?? submitError(groups, draft, shownSide);
    if (error) return toast.error(error);
    setSending('submit');
    try {
      await submitWithToast('rubrics.submit', { kind, observationsId: obs.id, meetingId: m.id }, { progress: MSG.savingRubrics, success: MSG.rubricsSaved });
    } catch (err) {
      fail(err);
    } finally {
      setSending(null);
    }
  }

  async function lock() {
    setConfirm(false);
    if (early) return toast.error(early);
    setSending('lock');
    try {
      await submitWithToast('rubrics.lock', { kind, observationsId: obs.id, meetingId: m.id }, { progress: MSG.lockingRubrics, success: MSG.observationUpdated });
    } catch (err) {
      fail(err);
    } finally {
      setSending(null);
    }
  }

  const submitted = shownSide === 'observer' ? m.observerScore != null : m.facultyScore != null;
  return (
    <Stack>
      <RubricTotals meeting={m} side={side} draft={draft} editable={editable} />
      {early && m.status !== 'Completed' && (editable || canLock(m, side)) ? <Alert color="yellow" role="note">{early}</Alert> : null}
      {m.status === 'Completed' ? <Alert color="teal" title="Locked">The scores are locked and can no longer change.</Alert> : null}
      {side === 'faculty' && submitted && m.status !== 'Completed' ? <Alert color="blue">{MSG.alreadyScored}</Alert> : null}
      {groups.map((g) => (
        <RubricGroupCard
          key={g.code}
          group={g}
          draft={draft}
          editable={editable}
          saved={isGroupSaved(g, draft, shownSide)}
          saving={saving === g.code}
          showFacultyScores={side !== 'faculty' && (!editable || m.status === 'Completed')}
          onScore={(id, s) => setDraft((d) => ({ ...d, [id]: s }))}
          onSave={() => saveGroup(g.code)}
          renderItemExtra={renderItemExtra}
        />
      ))}
      <Group justify="flex-end">
        {editable ? <Button onClick={() => void submit()} loading={sending === 'submit'}>Submit</Button> : null}
        {canLock(m, side) ? <Button color="red" onClick={() => setConfirm(true)} loading={sending === 'lock'}>Done</Button> : null}
      </Group>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Lock the scores?" centered>
        <Text>{MSG.notReversible}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(false)}>Cancel</Button>
          <Button color="red" onClick={() => void lock()}>Confirm</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
