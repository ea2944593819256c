/**
 * One rubric group (e.g. 1-A Knowledge of Content): its items on the version's scale, the group's state on this device and its Save
 * button (spinner 1 s). A group a Save or Submit refused is outlined, with the items still to score marked.
 */
import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { ScoreControl } from '../../components/score-control.js';
import { GROUP_STATE_COLOR, GROUP_STATE_LABEL, type Draft, type GroupState, type RubricGroup } from './rubric-state.js';

export interface RubricGroupCardProps {
  group: RubricGroup;
  draft: Draft;
  editable: boolean;
  state: GroupState;
  saving: boolean;
  /** Set when a Save or Submit refused this group: the message shown on the card. */
  problem?: string | null;
  /** Items a refused Save points at (no score yet). */
  missing?: ReadonlySet<string>;
  /** Show the faculty's per-item score beside (observer after the lock, HOD). */
  showFacultyScores: boolean;
  onScore: (itemId: string, score: number) => void;
  onSave: () => void;
  /** Shown under an item (the evidence notes tagged to it). */
  renderItemExtra?: (itemId: string) => ReactNode;
}

export const groupDomId = (code: string) => `rubric-group-${code}`;

export function RubricGroupCard({ group, draft, editable, state, saving, problem, missing, showFacultyScores, onScore, onSave, renderItemExtra }: RubricGroupCardProps) {
  const problemId = `${groupDomId(group.code)}-problem`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      id={groupDomId(group.code)}
      aria-label={`${group.code} ${group.title}`}
      aria-describedby={problem ? problemId : undefined}
      data-problem={problem ? 'true' : undefined}
      style={problem ? { borderColor: 'var(--mantine-color-error)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">{group.code} {group.title}</Title>
        {/* A polite live region: screen readers hear the group's state change ("Saved", "Complete — sending"). */}
        {editable ? (
          <div role="status">
            <VisuallyHidden>{group.code} </VisuallyHidden>
            <Badge variant="light" color={GROUP_STATE_COLOR[state]} data-testid="group-state">{GROUP_STATE_LABEL[state]}</Badge>
          </div>
        ) : null}
      </Group>
      {problem ? (
        <Text id={problemId} size="sm" c="var(--mantine-color-error)" mb="sm" role="alert">{problem}</Text>
      ) : null}
      <Stack gap="md">
        {group.items.map((item) => (
          <div key={item.id} data-rubric-item={item.id}>
            <ScoreControl
              itemTitle={item.title}
              value={draft[item.id]}
              onChange={(s) => onScore(item.id, s)}
              readOnly={!editable}
              error={missing?.has(item.id) ? 'Choose a score for this item' : undefined}
              scale={group.scale}
              guidance={item.guidance}
              descriptors={item.descriptors}
            />
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
