/** One rubric group (e.g. 1-A Knowledge of Content): five items and the group's Save button (spinner 1 s). */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ScoreControl } from './score-control.js';
import type { Draft, RubricGroup } from './rubric-state.js';

export interface RubricGroupCardProps {
  group: RubricGroup;
  draft: Draft;
  editable: boolean;
  saved: boolean;
  saving: boolean;
  /** Show the faculty's per-item score beside (observer after the lock, HOD). */
  showFacultyScores: boolean;
  onScore: (itemId: string, score: number) => void;
  onSave: () => void;
}

export function RubricGroupCard({ group, draft, editable, saved, saving, showFacultyScores, onScore, onSave }: RubricGroupCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`${group.code} ${group.title}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">{group.code} {group.title}</Title>
        {editable ? <Badge variant="light" color={saved ? 'teal' : 'gray'}>{saved ? 'Saved' : 'Not saved'}</Badge> : null}
      </Group>
      <Stack gap="md">
        {group.items.map((item) => (
          <div key={item.id}>
            <ScoreControl itemTitle={item.title} value={draft[item.id]} onChange={(s) => onScore(item.id, s)} readOnly={!editable} />
            {showFacultyScores ? (
              <Text size="xs" c="dimmed" mt={2}>
                Faculty score: {item.facultyScore ?? '—'}
              </Text>
            ) : null}
          </div>
        ))}
      </Stack>
      {editable ? (
        <Group justify="flex-end" mt="md">
          <Button onClick={onSave} loading={saving} aria-label={`Save ${group.code} ${group.title}`}>Save</Button>
        </Group>
      ) : null}
    </Card>
  );
}
