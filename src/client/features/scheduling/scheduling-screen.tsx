/**
 * Observation Scheduling (SPEC §2 Scheduling, §4, §5): what each side sees comes from `schedulingView`. Every
 * write is an outbox mutation, so the whole flow works offline; the other side sees it after sync.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { Observation } from '../../../shared/contract/observations.js';
import { DELAY } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { NextAction } from '../../components/next-action.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { FacultyScheduleButton } from './faculty-schedule.js';
import { FacultySlotsForm } from './faculty-slots-form.js';
import { errText, longDate, slotLabel } from './format.js';
import { ObserverPickForm } from './observer-pick-form.js';
import { PlanStepForm } from './plan-step-form.js';
import { planHeaderOf } from './plan-export.js';
import { PlanViewButton } from './plan-view.js';
import { schedulingView, type SchedulingSide } from './scheduling-state.js';
import { SelectCourse } from './select-course.js';

export interface SchedulingScreenProps {
  obs: Observation;
  side: SchedulingSide;
  viewerId: string;
}

function Flag({ ok, label }: { ok: boolean; label: string }) {
  return <Badge color={ok ? 'teal' : 'gray'} variant="light">{label}: {ok ? 'Yes' : 'Not yet'}</Badge>;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={500}>{children}</Text>
    </div>
  );
}

export function SchedulingScreen({ obs, side, viewerId }: SchedulingScreenProps) {
  const v = schedulingView(obs, side);
  const r = obs.obsRequest;
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** `job` resolves false when the server refused (its message is already shown). */
  async function run(key: string, job: () => Promise<boolean>): Promise<boolean> {
    setBusy(key);
    try {
      return await job();
    } catch (err) {
      toast.error(errText(err, MSG.somethingWrongScheduling));
      return false;
    } finally {
      setBusy(null);
    }
  }

  const accept = (s: 'faculty' | 'observer') =>
    run(s, () => submitWithToast('scheduling.accept', { observationsId: obs.id, side: s }, { progress: MSG.observationAccepting, success: MSG.observationAccepted }));
  const done = () =>
    run('done', () => submitWithToast('scheduling.done', { observationsId: obs.id, informedId: crypto.randomUUID() }, { progress: MSG.doneScheduling, success: MSG.schedulingCompleted })).then((ok) => {
      if (ok) timer.current = setTimeout(() => void navigate({ to: '/observations/detail-observation/$id', params: { id: obs.id } }), DELAY.afterSchedulingDone);
    });

  if (v.stage === 'notStarted') {
    return v.selectCourse ? (
      <Stack>
        <SelectCourse obs={obs} />
        <Group>
          <FacultyScheduleButton slots={obs.faculty.courseSlots} facultyName={obs.faculty.name} />
        </Group>
      </Stack>
    ) : (
      <Alert color="gray">Waiting for {obs.observer.name} to select the course and start scheduling.</Alert>
    );
  }
  const plan = r!.teachingPlan;

  return (
    <Stack>
      <NextAction obs={obs} viewerId={viewerId} stages={['scheduling']} />
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
          <Item label="Course">{obs.course ? `${obs.course.courseCode} ${obs.course.name}` : '—'}</Item>
          <Item label="Faculty">{obs.faculty.name}</Item>
          <Item label="Observer">{obs.observer.name}</Item>
          <Item label="Status">{r!.status}</Item>
          <Item label="Faculty slots">{r!.timeSlotsByFaculty.length ? r!.timeSlotsByFaculty.map(slotLabel).join(', ') : '—'}</Item>
          <Item label="Observer's pick">{r!.timeSlotByObserver.length ? r!.timeSlotByObserver.map(slotLabel).join(', ') : '—'}</Item>
          <Item label="Scheduled on">{longDate(r!.scheduledOn)}</Item>
          <Item label="Reasons">{r!.reasons ?? '—'}</Item>
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <Flag ok={r!.facultyAccepted} label="Faculty accepted" />
          <Flag ok={r!.observerAccepted} label="Observer accepted" />
        </Group>
        <Group mt="sm" gap="xs">
          <FacultyScheduleButton slots={obs.faculty.courseSlots} facultyName={obs.faculty.name} />
          {plan?.editedBy ? <PlanViewButton plan={plan} title="Teaching Plan" fileBase={`teaching-plan-${obs.id.slice(0, 8)}`} header={planHeaderOf(obs, obs.obsRequest?.scheduledOn ?? null)} /> : null}
        </Group>
      </Card>

      {v.stage === 'completed' ? <Alert color="teal" title="Scheduling completed">{MSG.schedulingCompleted}</Alert> : null}

      {v.planForm && plan ? (
        <PlanStepForm
          plan={plan}
          title="Provide Teaching Plan Details"
          draftKey={{ form: 'teachingPlan', entityId: obs.id }}
          onSubmit={(answers) =>
            run('plan', () => submitWithToast('teachingPlan.submit', { observationsId: obs.id, templateResponse: answers, templateId: plan.id }, { success: MSG.observationUpdated }))
          }
        />
      ) : null}
      {v.planForm && !plan ? <Alert color="gray">The teaching plan questions arrive with the next sync.</Alert> : null}
      {v.waitingForPlan ? <Alert color="gray">Waiting for the faculty member's teaching plan.</Alert> : null}

      {v.facultySlots ? <FacultySlotsForm key={JSON.stringify(r!.timeSlotsByFaculty)} obs={obs} /> : null}
      {v.observerPick ? <ObserverPickForm key={`${r!.scheduledOn}|${JSON.stringify(r!.timeSlotByObserver)}|${r!.facultyAccepted}`} obs={obs} /> : null}
      {v.facultyAcceptedLabel && side === 'faculty' ? (
        <Alert color="teal" title={MSG.facultyAlreadyAccepted}>
          {r!.timeSlotByObserver.map(slotLabel).join(', ')} on {longDate(r!.scheduledOn)}
        </Alert>
      ) : null}
      {v.facultySlots && r!.scheduledOn && !r!.facultyAccepted ? (
        <Alert color="blue" title="The observer picked a day and slot">
          {r!.timeSlotByObserver.map(slotLabel).join(', ')} on {longDate(r!.scheduledOn)}
        </Alert>
      ) : null}
      {v.observerNotConfirmed ? <Alert color="yellow">{MSG.observerNotConfirmed}</Alert> : null}

      <Group>
        {v.facultyConfirm ? <Button onClick={() => void accept('faculty')} loading={busy === 'faculty'}>Confirm</Button> : null}
        {v.observerConfirm ? <Button onClick={() => void accept('observer')} loading={busy === 'observer'}>Confirm</Button> : null}
        {v.done ? <Button color="teal" onClick={() => void done()} loading={busy === 'done'}>Done</Button> : null}
      </Group>
    </Stack>
  );
}
