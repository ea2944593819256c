/**
 * The first thing on the dashboard: what needs the viewer now and what comes next (overdue, today, this week, to
 * do, waiting on others), each step a link to the screen where it is done. Computed on the replica by
 * src/shared/next-steps.ts, so it answers offline. Followers (HOD, admins) see their scope's overdue and dated
 * steps and who must act.
 */
import { memo } from 'react';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Observation } from '../../../shared/contract/observations.js';
import { stepLine, type NextStep, type StepBucket } from '../../../shared/next-steps.js';

const SECTIONS: readonly { bucket: StepBucket; title: string; follower: string }[] = [
  { bucket: 'overdue', title: 'Overdue', follower: 'Overdue' },
  { bucket: 'today', title: 'Today', follower: 'Today' },
  { bucket: 'week', title: 'This week', follower: 'This week' },
  { bucket: 'todo', title: 'To do', follower: 'To do' },
  { bucket: 'later', title: 'Coming later', follower: 'Coming later' },
  { bucket: 'waiting', title: 'Waiting on others', follower: 'In progress' },
];

/** Per section; the rest is one line ("and 4 more") so a busy HOD's screen stays a screen. */
const SHOWN = 6;

export const NextStepsCard = memo(NextStepsView);

function NextStepsView({ steps, today, participant, docs, uninitiated = [] }: { steps: NextStep[]; today: string; participant: boolean; docs: Pick<Observation, 'id'>[]; uninitiated?: string[] }) {
  const mine = steps.filter((s) => s.mine);
  const heading = participant ? 'Your next steps' : 'Observations needing attention';
  const summary = participant
    ? mine.length === 0
      ? 'Nothing needs you right now.'
      : `${mine.length} step${mine.length === 1 ? '' : 's'} for you${mine.some((s) => s.overdue) ? `, ${mine.filter((s) => s.overdue).length} overdue` : ''}.`
    : `${docs.length} open observation${docs.length === 1 ? '' : 's'}, ${steps.filter((s) => s.overdue).length} overdue.`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="next-steps-title" data-testid="next-steps">
      <Title order={2} size="h4" id="next-steps-title">
        {heading}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      <Stack gap="md">
        {uninitiated.length > 0 ? (
          <Stack gap={2} component="section" aria-labelledby="next-steps-initiate">
            <Title order={3} size="h6" id="next-steps-initiate">
              For you
            </Title>
            <Anchor component={Link} to="/observations/create-observation" fw={600}>
              Initiate observations for {uninitiated.length} faculty member{uninitiated.length === 1 ? '' : 's'}
            </Anchor>
            <Text size="sm" c="dimmed">
              No observation yet: {uninitiated.slice(0, 5).join(', ')}
              {uninitiated.length > 5 ? ` and ${uninitiated.length - 5} more` : ''}
            </Text>
          </Stack>
        ) : null}
        {SECTIONS.map(({ bucket, title, follower }) => {
          const rows = steps.filter((s) => s.bucket === bucket);
          if (rows.length === 0) return null;
          const id = `next-steps-${bucket}`;
          return (
            <Stack key={bucket} gap={6} component="section" aria-labelledby={id}>
              <Title order={3} size="h6" id={id} c={bucket === 'overdue' ? 'red.8' : undefined}>
                {participant ? title : follower} ({rows.length})
              </Title>
              <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {rows.slice(0, SHOWN).map((s) => (
                  <StepRow key={s.key} step={s} today={today} />
                ))}
              </Stack>
              {rows.length > SHOWN ? (
                <Text size="sm" c="dimmed">
                  and {rows.length - SHOWN} more
                </Text>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}

function StepRow({ step, today }: { step: NextStep; today: string }) {
  const who = step.mine ? `with ${step.other}` : null;
  return (
    <li>
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={step.route} params={{ id: step.observationId } as never} fw={600} data-step={step.kind}>
            {step.text}
          </Anchor>
          <Text size="sm" c="dimmed">
            {stepLine(step, today)}
            {who ? ` · ${who}` : ''}
          </Text>
        </Stack>
        {step.overdue ? (
          <Badge color="red" variant="light" miw="max-content">
            Overdue
          </Badge>
        ) : null}
      </Group>
    </li>
  );
}
