/**
 * Observation detail (SPEC §2): a summary and the four stages — Informed Observation Scheduling, Informed
 * Observation, Uninformed Observation, Post Observation Meeting Scheduling — each with its state and the action
 * that fits the viewer's side. Faculty never see the observer's score (the replica never holds it for them).
 */
import type { ReactNode } from 'react';
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LinkButton } from './link-button.js';
import type { Meeting, Observation } from '../../../shared/contract/observations.js';
import { stageText } from '../../../shared/cycle.js';
import { stageStates, type StageState } from '../../../shared/stages.js';
import { formatTotal } from '../../../shared/rubric.js';
import { longDate, statusColor } from './format.js';
import type { Side } from './viewer-side.js';

export interface ObservationDetailProps {
  obs: Observation;
  side: Side;
  /** Extra controls under the summary (e.g. the Super_Admin delete button). */
  actions?: ReactNode;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={500}>{children}</Text>
    </div>
  );
}

function StageCard({ stage, children, action }: { stage: StageState; children?: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={stage.title}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Title order={2} size="h5">{stage.title}</Title>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {stage.overdue ? <Badge color="red" variant="filled" miw="max-content">Overdue</Badge> : null}
          <Badge color={statusColor(stage.status)} variant="light" miw="max-content">{stage.status}</Badge>
        </Group>
      </Group>
      <Stack gap={4} mb="sm">{children}</Stack>
      {action}
    </Card>
  );
}

function Scores({ m, side }: { m: Meeting; side: Side }) {
  return (
    <>
      {side !== 'faculty' ? <Text size="sm">Observer score: {m.observerScore == null ? 'not submitted' : formatTotal(m.observerScore, m.maximum)}</Text> : null}
      <Text size="sm">Faculty score: {m.facultyScore == null ? 'not submitted' : formatTotal(m.facultyScore, m.maximum)}</Text>
      {m.percentage != null ? <Text size="sm">Final: {formatTotal(m.finalScore, m.maximum)} ({m.percentage.toFixed(1)}%)</Text> : null}
    </>
  );
}

export function ObservationDetail({ obs, side, actions }: ObservationDetailProps) {
  const req = obs.obsRequest;
  const informed = obs.meetings.informedObservation;
  const uninformed = obs.meetings.uninformedObservation;
  const post = obs.meetings.postObservation;
  const params = { id: obs.id };
  const bothDone = informed?.status === 'Completed' && uninformed?.status === 'Completed';
  const [schedulingStage, informedStage, uninformedStage, postStage] = stageStates(obs);

  return (
    <Stack>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
          <Field label="Course">{obs.course ? `${obs.course.courseCode} ${obs.course.name}` : '—'}</Field>
          <Field label="Faculty">{obs.faculty.name}</Field>
          <Field label="Observer">{obs.observer.name}</Field>
          <Field label="Head of Department">{obs.hod?.name ?? '—'}</Field>
          <Field label="Semester">{obs.semester}</Field>
          <Field label="Status">
            <Badge color={statusColor(obs.status)} variant="light" miw="max-content">{obs.status}</Badge>
          </Field>
          <Field label="Starting">{longDate(obs.starting)}</Field>
          <Field label="Ending">{longDate(obs.ending)}</Field>
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <Progress value={obs.observationProgress} w={200} aria-label={`Progress ${obs.observationProgress}%`} />
          <Text size="sm">{obs.observationProgress}% complete · {stageText(obs)}</Text>
        </Group>
        {actions ? <Group mt="sm">{actions}</Group> : null}
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <StageCard
          stage={schedulingStage}
          action={
            req || side === 'observer' ? (
              <LinkButton to="/observations/observation-scheduling/$id" params={params} variant="light">
                {!req ? 'Start Scheduling' : req.status === 'Completed' || side === 'viewer' ? 'View Scheduling' : 'Edit Scheduling'}
              </LinkButton>
            ) : null
          }
        >
          {!req ? <Text size="sm" c="dimmed">{side === 'faculty' ? 'Waiting for the observer to start scheduling.' : 'Scheduling has not been started yet.'}</Text> : null}
          {req?.scheduledOn ? <Text size="sm">Scheduled on: {longDate(req.scheduledOn)}</Text> : null}
          {req?.timeSlotByObserver.length ? <Text size="sm">Slot: {req.timeSlotByObserver.map((s) => `${s.day} ${s.time}`).join(', ')}</Text> : null}
          {req ? <Text size="sm">Teaching plan: {req.teachingPlan?.editedBy ? 'provided' : 'not provided yet'}</Text> : null}
        </StageCard>

        <StageCard
          stage={informedStage}
          action={
            informed ? (
              <LinkButton to="/observations/observation-rubric/$id" params={params} variant="light">
                {informed.status === 'Completed' || side === 'viewer' ? 'View Rubrics' : 'Score Rubrics'}
              </LinkButton>
            ) : null
          }
        >
          {informedStage.overdue ? <Text size="sm" c="red.8">The observed class was more than a day ago and the scores are not all in.</Text> : null}
          {informed ? <Scores m={informed} side={side} /> : <Text size="sm" c="dimmed">Starts when scheduling is completed.</Text>}
        </StageCard>

        <StageCard
          stage={uninformedStage}
          action={
            uninformed || (side === 'observer' && informed?.status === 'Completed') ? (
              <LinkButton to="/observations/uninformed-observation-rubric/$id" params={params} variant="light">
                {!uninformed ? 'Start Uninformed Observation' : uninformed.status === 'Completed' || side === 'viewer' ? 'View Rubrics' : 'Score Rubrics'}
              </LinkButton>
            ) : null
          }
        >
          {uninformed ? <Scores m={uninformed} side={side} /> : <Text size="sm" c="dimmed">{uninformedStage.blocked ? 'Starts when the informed observation is completed.' : side === 'faculty' ? 'The informed observation is completed; the observer starts the uninformed observation.' : 'The informed observation is completed; the uninformed observation can start.'}</Text>}
        </StageCard>

        <StageCard
          stage={postStage}
          action={
            post || (side === 'observer' && bothDone) ? (
              <LinkButton to="/observations/post-observation-meeting/$id" params={params} variant="light">
                {!post ? 'Schedule Meeting' : 'Open Meeting'}
              </LinkButton>
            ) : null
          }
        >
          {post ? (
            <>
              <Text size="sm">Location: {post.location ?? '—'}</Text>
              {post.scheduledOn ? <Text size="sm">Meeting on: {longDate(post.scheduledOn)}</Text> : null}
              {postStage.overdue ? <Text size="sm" c="red.8">The meeting date has passed and the meeting is not completed.</Text> : null}
              <Text size="sm">Artifacts: {post.artifacts.length}</Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">{postStage.blocked ? 'Available when both observations are completed.' : 'Both observations are completed; the meeting can be scheduled.'}</Text>
          )}
        </StageCard>
      </SimpleGrid>
    </Stack>
  );
}
