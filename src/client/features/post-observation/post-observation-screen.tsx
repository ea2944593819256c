/**
 * Post-observation meeting (SPEC §2 "Post-observation meeting screen", §4, §5). The plan form and plan view
 * come from the route (they live in the scheduling feature; features never import each other).
 */
import type { ReactNode } from 'react';
import '@mantine/core/styles/List.css';
import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Observation, ObservationPlan } from '../../../shared/contract/observations.js';
import { isMeetingOverdue } from '../../../shared/stages.js';
import { ArtifactList } from './artifact-list.js';
import { FacultyPostPanel } from './faculty-post-panel.js';
import { longDateTime } from './format.js';
import { CreatePostForm, ObserverPostControls } from './observer-post-panel.js';

export interface PostObservationScreenProps {
  obs: Observation;
  side: 'observer' | 'faculty' | 'viewer';
  token: string | null;
  /** The reflection plan step form ('Provide Reflection Plan Details'). */
  renderPlanForm: (plan: ObservationPlan) => ReactNode;
  /** The read-only plan with its exports. */
  renderPlanView: (plan: ObservationPlan) => ReactNode;
}

function Timings({ obs, token }: { obs: Observation; token: string | null }) {
  const post = obs.meetings.postObservation!;
  const chosen = post.timeSlotsByObserver.find((s) => s.id === post.timeSlotByFaculty);
  return (
    <Stack>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">Status</Text>
            <Group gap={4}>
              <Badge variant="light" color={post.status === 'Completed' ? 'teal' : post.status === 'Scheduled' ? 'violet' : 'blue'}>{post.status || 'Ongoing'}</Badge>
              {isMeetingOverdue(post) ? <Badge color="red" variant="filled">Overdue</Badge> : null}
            </Group>
          </div>
          <div>
            <Text size="xs" c="dimmed">Location</Text>
            <Text size="sm" fw={500}>{post.location ?? '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">Selected Slot</Text>
            <Text size="sm" fw={500}>{chosen ? longDateTime(chosen.dateTime) : 'Not chosen yet'}</Text>
          </div>
        </SimpleGrid>
        <Title order={3} size="h6" mt="md" mb={4}>Provided slots</Title>
        {post.timeSlotsByObserver.length === 0 ? (
          <Text size="sm" c="dimmed">No slots.</Text>
        ) : (
          <List size="sm" aria-label="Provided slots">
            {post.timeSlotsByObserver.map((s) => (
              <List.Item key={s.id}>
                {longDateTime(s.dateTime)} · {post.location ?? '—'} {s.id === post.timeSlotByFaculty ? <Badge size="xs" color="teal" variant="light">Selected Slot</Badge> : null}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h6" mb="xs">Artifacts</Title>
        <ArtifactList artifacts={post.artifacts} token={token} />
      </Card>
    </Stack>
  );
}

export function PostObservationScreen({ obs, side, token, renderPlanForm, renderPlanView }: PostObservationScreenProps) {
  const post = obs.meetings.postObservation;
  if (!post) {
    if (side === 'observer') return <CreatePostForm obs={obs} />;
    return <Alert color="gray">The observer has not scheduled the post observation meeting yet.</Alert>;
  }
  const plan = post.reflectionPlan;
  const planEdited = !!plan?.editedBy;

  if (side === 'faculty') {
    if (!plan) return <Alert color="gray">The reflection plan questions arrive with the next sync.</Alert>;
    if (!planEdited && post.status === 'Ongoing') return <>{renderPlanForm(plan)}</>;
    return (
      <Stack>
        <Group>{planEdited ? renderPlanView(plan) : null}</Group>
        <FacultyPostPanel key={post.timeSlotByFaculty ?? ''} obs={obs} post={post} />
        <Card withBorder radius="md" padding="md">
          <Title order={3} size="h6" mb="xs">Your artifacts</Title>
          <ArtifactList artifacts={post.artifacts} token={token} />
        </Card>
      </Stack>
    );
  }

  return (
    <Tabs defaultValue="timings">
      <Tabs.List>
        <Tabs.Tab value="timings">Scheduling Timings</Tabs.Tab>
        <Tabs.Tab value="reflection">Reflection Plan</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="timings" pt="md">
        <Stack>
          <Timings obs={obs} token={token} />
          {side === 'observer' ? <ObserverPostControls key={JSON.stringify(post.timeSlotsByObserver) + (post.location ?? '')} obs={obs} post={post} /> : null}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="reflection" pt="md">
        {plan && planEdited ? renderPlanView(plan) : <Text c="dimmed">The faculty member has not provided the reflection plan yet.</Text>}
      </Tabs.Panel>
    </Tabs>
  );
}
