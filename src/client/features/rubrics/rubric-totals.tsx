/** Totals as `x / maximum` (the meeting's version's; SPEC: 80.0) and the percentage (SPEC §9); the observer's numbers never reach Faculty. */
import { Card, Group, Stack, Text } from '@mantine/core';
import type { Meeting } from '../../../shared/contract/observations.js';
import { formatTotal } from '../../../shared/rubric.js';
import { draftTotal, type Draft, type ScoringSide } from './rubric-state.js';

export function RubricTotals({ meeting, side, draft, editable }: { meeting: Meeting; side: ScoringSide | 'viewer'; draft: Draft; editable: boolean }) {
  return (
    <Card withBorder radius="md" padding="sm" aria-label="Scores">
      <Group gap="xl" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">Status</Text>
          <Text fw={600}>{meeting.status}</Text>
        </Stack>
        {editable ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">Your current total</Text>
            <Text fw={600}>{formatTotal(draftTotal(draft), meeting.maximum)}</Text>
          </Stack>
        ) : null}
        {side !== 'faculty' ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">Observer score</Text>
            <Text fw={600}>{meeting.observerScore == null ? 'Not submitted' : formatTotal(meeting.observerScore, meeting.maximum)}</Text>
          </Stack>
        ) : null}
        <Stack gap={0}>
          <Text size="xs" c="dimmed">Faculty score</Text>
          <Text fw={600}>{meeting.facultyScore == null ? 'Not submitted' : formatTotal(meeting.facultyScore, meeting.maximum)}</Text>
        </Stack>
        {meeting.finalScore != null && meeting.percentage != null ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">Final score</Text>
            <Text fw={600}>
              {formatTotal(meeting.finalScore, meeting.maximum)} · {meeting.percentage.toFixed(1)}%
            </Text>
          </Stack>
        ) : null}
      </Group>
    </Card>
  );
}
