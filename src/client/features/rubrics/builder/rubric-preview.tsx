/**
 * The rubric as the observer will score it: the rubric screen's own group cards (features/rubrics), on the
 * draft's levels, with its guidance, descriptors and "x / maximum". Taps here are kept on this page only.
 */
import { useState } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { formatTotal } from '../../../../shared/rubric.js';
import { RubricGroupCard } from '../rubric-group-card.js';
import { draftTotal, groupState, type Draft } from '../rubric-state.js';
import { toast } from '../../../components/toast.js';
import { previewGroups, previewMaximum, type EditorState } from './builder-state.js';

const NOTHING_QUEUED = { pending: new Set<string>(), refused: new Set<string>() };

export function RubricPreview({ state }: { state: EditorState }) {
  const [draft, setDraft] = useState<Draft>({});
  const groups = previewGroups(state);
  return (
    <Stack data-testid="rubric-preview">
      <Card withBorder radius="md" padding="sm" aria-label="Preview scores">
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">Your current total</Text>
            <Text fw={600} data-testid="preview-total">{formatTotal(draftTotal(draft), previewMaximum(state))}</Text>
          </Stack>
        </Group>
      </Card>
      {groups.map((g) => (
        <RubricGroupCard
          key={g.code + g.items.map((i) => i.id).join()}
          group={g}
          draft={draft}
          editable
          state={groupState(g, draft, 'observer', NOTHING_QUEUED)}
          saving={false}
          showFacultyScores={false}
          onScore={(itemId, score) => setDraft((d) => ({ ...d, [itemId]: score }))}
          onSave={() => toast.info('Preview: nothing is saved.')}
        />
      ))}
    </Stack>
  );
}
