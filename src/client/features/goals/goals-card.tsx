/**
 * Growth goals on the meeting screen and the observation page (rule: src/shared/growth-goals.ts; who acts:
 * access-policy/growth-goals.ts): the goals agreed at this meeting, each tied to rubric items, with actions and a
 * target date. The observer and the faculty member add, edit and remove them until the cycle is completed —
 * offline too, through the outbox like every write (submitWithToast shows the server's answer online).
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, MultiSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { Observation } from '../../../shared/contract/observations.js';
import { GoalSaveRequest, type GrowthGoal } from '../../../shared/contract/growth-goals.js';
import { mayAgreeGoals, type Viewer } from '../../../shared/access-policy/index.js';
import { GOAL_ACTIONS_MAX, GOAL_TEXT_MAX, goalEditError } from '../../../shared/growth-goals.js';
import { MSG } from '../../../shared/messages.js';
import { submitWithToast } from '../../components/submit-result.js';
import { rubricItemsOf, itemLabel, longDay } from './items.js';

export function GoalsCard({ obs, viewer }: { obs: Observation; viewer: Viewer }) {
  const [editing, setEditing] = useState<GrowthGoal | 'new' | null>(null);
  const stage = { status: obs.status, hasMeeting: obs.meetings.postObservation != null };
  const mayEdit = mayAgreeGoals(viewer, obs) && goalEditError(stage, 0) == null;
  const full = goalEditError(stage, obs.goals.length + 1);
  if (!mayEdit && obs.goals.length === 0) return null;
  const items = rubricItemsOf(obs);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="goals-title">
      <Title order={2} size="h5" id="goals-title" mb={4}>Growth goals</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Agreed at the post-observation meeting, each tied to rubric items, with actions and a target date. They are reviewed at the next cycle’s meeting.
      </Text>
      <Stack gap="sm">
        {obs.goals.length === 0 ? <Text size="sm" c="dimmed">No goals agreed yet.</Text> : null}
        {obs.goals.map((g) =>
          editing !== 'new' && editing?.id === g.id ? (
            <GoalForm key={g.id} obs={obs} goal={g} onDone={() => setEditing(null)} />
          ) : (
            <GoalView key={g.id} goal={g} items={items} actions={mayEdit ? <GoalActions obs={obs} goal={g} onEdit={() => setEditing(g)} /> : null} />
          ),
        )}
        {editing === 'new' ? <GoalForm obs={obs} onDone={() => setEditing(null)} /> : null}
        {mayEdit && editing == null ? (
          <Group>
            <Button variant="light" disabled={!!full} title={full ?? undefined} onClick={() => setEditing('new')}>Add a goal</Button>
            {full ? <Text size="sm" c="dimmed">{full.replace(/^goals: /, '')}</Text> : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

export function GoalView({ goal, items, actions, children }: { goal: Pick<GrowthGoal, 'goal' | 'actions' | 'targetDate' | 'rubricItemIds'>; items: ReturnType<typeof rubricItemsOf>; actions?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <Card withBorder radius="sm" padding="sm" component="article" aria-label={goal.goal}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">{goal.goal}</Text>
          <Group gap={4}>
            {goal.rubricItemIds.map((id) => (
              <Badge key={id} variant="light" size="sm" title={itemLabel(items, id)}>{items.get(id)?.code ?? 'item'}</Badge>
            ))}
            <Text size="xs" c="dimmed">Target: {longDay(goal.targetDate)}</Text>
          </Group>
          {goal.actions ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>Actions: {goal.actions}</Text> : null}
        </Stack>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

function GoalActions({ obs, goal, onEdit }: { obs: Observation; goal: GrowthGoal; onEdit: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit goal: ${goal.goal}`}>Edit</Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        loading={busy}
        aria-label={`Remove goal: ${goal.goal}`}
        onClick={() => {
          setBusy(true);
          void submitWithToast('goal.delete', { observationsId: obs.id, id: goal.id }, { success: MSG.goalRemoved }).finally(() => setBusy(false));
        }}
      >
        Remove
      </Button>
    </Group>
  );
}

type Errors = Partial<Record<'goal' | 'rubricItemIds' | 'targetDate' | 'actions', string>>;

function GoalForm({ obs, goal, onDone }: { obs: Observation; goal?: GrowthGoal; onDone: () => void }) {
  const items = rubricItemsOf(obs);
  const [itemIds, setItemIds] = useState<string[]>(goal?.rubricItemIds ?? []);
  const [text, setText] = useState(goal?.goal ?? '');
  const [actions, setActions] = useState(goal?.actions ?? '');
  const [target, setTarget] = useState(goal?.targetDate ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [id] = useState(() => goal?.id ?? crypto.randomUUID());

  const save = async () => {
    const args = { observationsId: obs.id, id, rubricItemIds: itemIds, goal: text, actions, targetDate: target };
    // The server's own contract checks the fields here first, so a message names the field at once, offline too.
    const parsed = GoalSaveRequest.safeParse(args);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] ??= issue.message.replace(/^\w+: /, '');
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      if (await submitWithToast('goal.save', args, { success: MSG.goalSaved })) onDone();
    } finally {
      setBusy(false);
    }
  };

  // No `required` attributes: the browser's own check would stop the submit before the fields' messages show.
  return (
    <Card withBorder radius="sm" padding="sm" component="form" noValidate aria-label={goal ? 'Edit goal' : 'New goal'} onSubmit={(e: React.FormEvent) => { e.preventDefault(); void save(); }}>
      <Stack gap="xs">
        <Textarea label="Goal" withAsterisk autosize minRows={2} maxLength={GOAL_TEXT_MAX} value={text} error={errors.goal} onChange={(e) => { setText(e.currentTarget.value); setErrors((x) => ({ ...x, goal: undefined })); }} />
        <MultiSelect
          label="Rubric items"
          withAsterisk
          searchable
          placeholder={itemIds.length ? undefined : 'Choose the items this goal works on'}
          data={[...items.values()].map((i) => ({ value: i.id, label: `${i.code} ${i.title}` }))}
          value={itemIds}
          error={errors.rubricItemIds}
          onChange={(v) => { setItemIds(v); setErrors((x) => ({ ...x, rubricItemIds: undefined })); }}
        />
        <Textarea label="Actions" description="What will be done, and what support is needed." autosize minRows={2} maxLength={GOAL_ACTIONS_MAX} value={actions} error={errors.actions} onChange={(e) => setActions(e.currentTarget.value)} />
        <TextInput type="date" label="Target date" withAsterisk value={target} error={errors.targetDate} onChange={(e) => { setTarget(e.currentTarget.value); setErrors((x) => ({ ...x, targetDate: undefined })); }} w={220} />
        <Group>
          <Button type="submit" loading={busy}>Save goal</Button>
          <Button variant="default" onClick={onDone}>Cancel</Button>
        </Group>
      </Stack>
    </Card>
  );
}
