/**
 * Informed / uninformed rubric scoring (SPEC §2 Rubric screens, §4, §5, §9). Each side scores its own items
 * (the server takes the side from the token); groups are saved one at a time (all their items, 1 s spinner),
 * Submit needs all groups saved. Groups, levels, descriptors and the maximum are the observation's rubric version's
 * (read from the replica; docs/adr/2026-11-28-rubric-versions.md). The observer's Done (after 'This action will not be reversed!') locks both
 * scores; afterwards everything is read-only. Faculty never see the observer's score. Group saves stay optimistic
 * (high-frequency, like score clicks); Submit, Done and Start wait briefly for the server's answer.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import type { Observation } from '../../../shared/contract/observations.js';
import { DELAY } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { getDb, mutate } from '../../sync/index.js';
import { clearSentScores, putScoreDraft } from '../../db/drafts.js';
import { useSession } from '../../hooks/use-session.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { localDay, rubricBeforeClassError } from '../../../shared/class-dates.js';
import { groupDomId, RubricGroupCard } from './rubric-group-card.js';
import { RubricTotals } from './rubric-totals.js';
import { LeaveGuard } from './leave-guard.js';
import { useRubricDrafts } from './use-rubric-drafts.js';
import { specWithoutVersion, useRubricVersion } from '../../hooks/use-rubric-version.js';
import {
  canLock,
  canScore,
  draftFrom,
  groupState,
  isGroupComplete,
  isGroupSaved,
  missingItems,
  partlyScored,
  rubricGroups,
  submitError,
  type Draft,
  type ScoringSide,
} from './rubric-state.js';

export type MeetingKind = 'informed' | 'uninformed';

export interface RubricScreenProps {
  obs: Observation;
  kind: MeetingKind;
  side: ScoringSide | 'viewer';
  /** Shown under each rubric item (evidence notes tagged to it; mounted by the route). */
  renderItemExtra?: (itemId: string) => ReactNode;
}

const fail = (err: unknown) => toast.error(err instanceof Error ? err.message : MSG.somethingWrong);

/** Keyboard focus on a group's first item: its chosen level, else its first level. */
function focusGroup(code: string): boolean {
  const first = document.getElementById(groupDomId(code))?.querySelector('[role="radiogroup"]');
  const radio = first?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ?? first?.querySelector<HTMLInputElement>('input[type="radio"]');
  radio?.focus();
  return !!radio;
}

/** Problems a refused Save or Submit points at, per group code. */
interface Problems {
  message: string;
  missing: ReadonlySet<string>;
}

export function RubricScreen({ obs, kind, side, renderItemExtra }: RubricScreenProps) {
  const meeting = kind === 'informed' ? obs.meetings.informedObservation : obs.meetings.uninformedObservation;
  const shownSide: ScoringSide = side === 'faculty' ? 'faculty' : 'observer';
  const userId = useSession()?.id ?? 'anonymous';
  const version = useRubricVersion(obs.rubricVersionId);
  const groups = useMemo(() => rubricGroups(meeting?.rubrics ?? [], version), [meeting?.rubrics, version]);
  // Nothing is checked or sent on a scale that is not the observation's own.
  const versionReady = version != null || (version === null && specWithoutVersion(meeting));
  const { drafts, queued } = useRubricDrafts(obs.id, kind, userId);
  // Taps of this visit show at once; the same taps are written to the device's drafts (which a later visit reads).
  const [taps, setTaps] = useState<Record<string, number>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, Problems>>({});
  const [confirm, setConfirm] = useState(false);
  const [sending, setSending] = useState<'submit' | 'lock' | 'start' | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const editable = canScore(meeting, side);
  const savedKey = JSON.stringify(draftFrom(meeting?.rubrics ?? [], shownSide));
  const saved = useMemo(() => JSON.parse(savedKey) as Draft, [savedKey]);
  // Read-only views follow the replica (another device, the lock, a pull); an editable form shows what was tapped.
  const draft: Draft = useMemo(() => (editable ? { ...saved, ...(drafts ?? {}), ...taps } : saved), [editable, saved, drafts, taps]);
  const latest = useRef({ draft, groups });
  latest.current = { draft, groups };

  // A complete group goes to the outbox as soon as it is complete (also one completed before a reload or a closed
  // tab). Each set of scores is sent once per visit: the replica shows it saved right after the optimistic apply.
  const sent = useRef(new Map<string, { sig: string; done: Promise<void>; settled: boolean }>());
  const m0 = meeting;
  useEffect(() => {
    if (!editable || drafts === undefined || !m0 || !versionReady) return;
    for (const g of groups) {
      if (!isGroupComplete(g, draft) || isGroupSaved(g, draft, shownSide)) continue;
      const rubricsFinal = g.items.map((i) => ({ id: i.id, score: draft[i.id]! }));
      const sig = JSON.stringify(rubricsFinal);
      if (sent.current.get(g.code)?.sig === sig) continue;
      const entry = { sig, done: sendGroup(m0.id, rubricsFinal), settled: false };
      sent.current.set(g.code, entry);
      entry.done.then(() => (entry.settled = true), fail);
    }
    // sendGroup only reads its arguments and the ids of this observation.
  }, [editable, drafts, draft, groups, shownSide, m0?.id, versionReady]);

  // Once a group's send is done and the outbox holds nothing of it, the replica (the server's answer) is what the
  // group shows: this visit's taps of it are dropped, so the screen never keeps a value the server does not hold.
  useEffect(() => {
    const done = groups.filter((g) => sent.current.get(g.code)?.settled && !g.items.some((i) => queued.pending.has(i.id) || queued.refused.has(i.id)));
    if (done.length === 0) return;
    const ids = new Set(done.flatMap((g) => g.items.map((i) => i.id)));
    setTaps((t) => (Object.keys(t).some((id) => ids.has(id)) ? Object.fromEntries(Object.entries(t).filter(([id]) => !ids.has(id))) : t));
  }, [queued, groups]);

  async function sendGroup(meetingId: string, rubricsFinal: { id: string; score: number }[]) {
    await mutate('rubrics.saveGroup', { kind, observationsId: obs.id, meetingId, rubricsFinal });
    await clearSentScores(getDb(), obs.id, kind, rubricsFinal);
  }

  function score(itemId: string, value: number) {
    setTaps((t) => ({ ...t, [itemId]: value }));
    setProblems((p) => {
      const code = groups.find((g) => g.items.some((i) => i.id === itemId))?.code;
      if (!code || !p[code]) return p;
      const { [code]: _gone, ...rest } = p;
      return rest;
    });
    void putScoreDraft(getDb(), obs.id, kind, userId, itemId, value).catch(fail);
  }

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
  if (!versionReady) return <Text c="dimmed">Loading the rubric version… it arrives with the next sync.</Text>;

  function saveGroup(code: string) {
    const group = groups.find((g) => g.code === code)!;
    const missing = missingItems(group, draft);
    if (missing.length) {
      setProblems((p) => ({ ...p, [code]: { message: `${missing.length} of ${group.items.length} items still need a score.`, missing: new Set(missing) } }));
      focusGroupItem(code, missing[0]);
      return toast.error(MSG.selectAllRubrics);
    }
    setSaving(code);
    // SPEC §9: the save button spins for 1 s. A complete group is already in the outbox (sent when it became
    // complete); Save sends it only when it is not saved yet (a refused or interrupted send).
    timers.current.push(
      setTimeout(() => {
        setSaving(null);
        const now = latest.current;
        const g = now.groups.find((x) => x.code === code) ?? group;
        const rubricsFinal = g.items.map((i) => ({ id: i.id, score: now.draft[i.id]! }));
        const inFlight = sent.current.get(code);
        const done =
          inFlight?.sig === JSON.stringify(rubricsFinal)
            ? inFlight.done
            : isGroupSaved(g, now.draft, shownSide) && !g.items.some((i) => queued.refused.has(i.id))
              ? Promise.resolve()
              : sendGroup(m.id, rubricsFinal);
        done.then(() => toast.success(MSG.rubricsSaved), fail);
        // Keyboard users carry on where they were: the next group's first item, else this group's Save.
        const next = now.groups[now.groups.findIndex((x) => x.code === code) + 1];
        if (!next || !focusGroup(next.code)) document.getElementById(groupDomId(code))?.querySelector<HTMLButtonElement>('button[aria-label^="Save"]')?.focus();
      }, DELAY.saveSpinner),
    );
  }

  function focusGroupItem(code: string, itemId: string) {
    const items = document.getElementById(groupDomId(code))?.querySelectorAll<HTMLElement>('[data-rubric-item]') ?? [];
    const item = [...items].find((el) => el.dataset.rubricItem === itemId);
    item?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  }

  // The informed rubric is completed (submitted, locked) from the day of the scheduled class on.
  const early = kind === 'informed' ? rubricBeforeClassError(obs.obsRequest?.scheduledOn, localDay(new Date())) : null;

  async function submit() {
    if (early) return toast.error(early);
    const error = submitError(groups, draft, shownSide);
    if (error) {
      const unsaved = groups.filter((g) => !isGroupSaved(g, draft, shownSide));
      setProblems(
        Object.fromEntries(
          unsaved.map((g) => {
            const missing = missingItems(g, draft);
            return [g.code, { message: missing.length ? `Not saved: ${missing.length} of ${g.items.length} items still need a score.` : 'Not saved yet: press Save.', missing: new Set(missing) }];
          }),
        ),
      );
      if (unsaved[0]) {
        const first = missingItems(unsaved[0], draft)[0];
        if (first) focusGroupItem(unsaved[0].code, first);
        else document.getElementById(groupDomId(unsaved[0].code))?.querySelector<HTMLButtonElement>('button[aria-label^="Save"]')?.focus();
      }
      return toast.error(error);
    }
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
      {editable ? <LeaveGuard partial={partlyScored(groups, draft, shownSide)} draft={draft} /> : null}
      {groups.map((g) => (
        <RubricGroupCard
          key={g.code}
          group={g}
          draft={draft}
          editable={editable}
          state={groupState(g, draft, shownSide, queued)}
          saving={saving === g.code}
          problem={problems[g.code]?.message ?? null}
          missing={problems[g.code]?.missing}
          showFacultyScores={side !== 'faculty' && (!editable || m.status === 'Completed')}
          onScore={score}
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
