/** One rubric group (e.g. 1-A Knowledge of Content): five items and the group's Save button (spinner 1 s). */
import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
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
  /** Shown under an item (the evidence notes tagged to it). */
  renderItemExtra?: (itemId: string) => ReactNode;
}

export function RubricGroupCard({ group, draft, editable, saved, saving, showFacultyScores, onScore, onSave, renderItemExtra }: RubricGroupCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`${group.code} ${group.title}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">{group.code} {group.title}</Title>
        {/* A polite live region: screen readers hear "Saved" when the group's save goes through. */}
        {editable ? (
          <div role="status">
            <VisuallyHidden>{group.code} </VisuallyHidden>
            <Badge variant="light" color={saved ? 'teal' : 'gray'}>{saved ? 'Saved' : 'Not saved'}</Badge>
          </div>
        ) : null}
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
            {renderItemExtra?.(item.id)}
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
