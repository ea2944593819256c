/**
 * Goals from the faculty member's earlier cycles, carried into this one (src/shared/growth-goals.ts): shown from
 * scheduling on, on the meeting's agenda, and reviewed there — met, partly or not yet — by the observer or the
 * faculty member. A goal met stops carrying; partly and not yet carry on to the next cycle.
 */
import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Observation } from '../../../shared/contract/observations.js';
import type { CarriedGoal } from '../../../shared/contract/growth-goals.js';
import { mayAgreeGoals, type Viewer } from '../../../shared/access-policy/index.js';
import { GOAL_NOTE_MAX, GOAL_REVIEW_LABEL, GOAL_REVIEWS, goalReviewError, type GoalReviewStatus } from '../../../shared/growth-goals.js';
import { MSG } from '../../../shared/messages.js';
import { submitWithToast } from '../../components/submit-result.js';
import { GoalView } from './goals-card.js';
import { rubricItemsOf } from './items.js';

export interface CarriedGoalsCardProps {
  obs: Observation;
  viewer: Viewer;
  /** Offer the review (the meeting screen); elsewhere the goals are shown with their review so far. */
  reviewable: boolean;
  title?: string;
}

export function CarriedGoalsCard({ obs, viewer, reviewable, title = 'Goals from earlier cycles' }: CarriedGoalsCardProps) {
  if (obs.carriedGoals.length === 0) return null;
  const items = rubricItemsOf(obs);
  const mayReview = reviewable && mayAgreeGoals(viewer, obs) && goalReviewError(obs) == null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="carried-goals-title">
      <Title order={2} size="h5" id="carried-goals-title" mb={4}>{title}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {mayReview ? 'Review each goal with the faculty member: met, partly met or not yet.' : 'Reviewed at this cycle’s post-observation meeting.'}
      </Text>
      <Stack gap="sm">
        {obs.carriedGoals.map((g) => (
          <GoalView key={g.id} goal={g} items={items}>
            <Text size="xs" c="dimmed" mt={4}>
              Agreed in {g.agreedIn.semester}
              {g.earlierReview ? ` · last reviewed: ${GOAL_REVIEW_LABEL[g.earlierReview.status]}` : ''}
            </Text>
            {mayReview ? <ReviewForm obs={obs} goal={g} /> : <Text size="sm" mt={4} data-testid="goal-review">{g.review ? `Reviewed here: ${GOAL_REVIEW_LABEL[g.review.status]}${g.review.note ? ` — ${g.review.note}` : ''}` : 'Not reviewed yet.'}</Text>}
          </GoalView>
        ))}
      </Stack>
    </Card>
  );
}

function ReviewForm({ obs, goal }: { obs: Observation; goal: CarriedGoal }) {
  const [status, setStatus] = useState<GoalReviewStatus | ''>(goal.review?.status ?? '');
  const [note, setNote] = useState(goal.review?.note ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <Group mt="xs" align="flex-end" gap="xs">
      <SegmentedControl
        aria-label={`Review of: ${goal.goal}`}
        value={status}
        onChange={(v) => setStatus(v as GoalReviewStatus)}
        data={GOAL_REVIEWS.map((s) => ({ value: s, label: GOAL_REVIEW_LABEL[s] }))}
      />
      <TextInput aria-label="Review note" placeholder="Note (optional)" maxLength={GOAL_NOTE_MAX} value={note} onChange={(e) => setNote(e.currentTarget.value)} style={{ flex: 1, minWidth: 160 }} />
      <Button
        disabled={!status}
        loading={busy}
        onClick={() => {
          if (!status) return;
          setBusy(true);
          void submitWithToast('goal.review', { observationsId: obs.id, goalId: goal.id, status, note }, { success: MSG.goalReviewed }).finally(() => setBusy(false));
        }}
      >
        {goal.review ? 'Update review' : 'Save review'}
      </Button>
    </Group>
  );
}
