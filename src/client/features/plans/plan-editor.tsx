/**
 * The master questionnaire of one plan type (SPEC §2 /plan/teaching-plan, /plan/reflection-plan), from the
 * replica. Editing a master never changes plans already copied into running observations (the server copies
 * the steps when an observation is created). Only EDITS_TEMPLATES roles may edit; others see it read-only.
 */
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PlanTemplate } from '../../../shared/contract/templates.js';
import type { PlanType, Role } from '../../../shared/enums.js';
import { can } from '../../../shared/permissions.js';
import { getDb } from '../../sync/index.js';
import { StepEditor } from './step-editor.js';

export function PlanEditor({ type, role }: { type: PlanType; role: Role }) {
  const plan = useLiveQuery(
    async () => ((await getDb().planTemplates.where('type').equals(type).first()) as unknown as PlanTemplate | undefined) ?? null,
    [type],
  );
  const readOnly = !can(role, 'template.edit');
  if (plan === undefined) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading plan" />
      </Center>
    );
  }
  if (plan === null) return <Text c="dimmed">The {type.toLowerCase()} plan has not been loaded yet. It appears once the app has synced.</Text>;
  const steps = [...plan.steps].sort((a, b) => a.position - b.position);
  return (
    <Stack maw={900}>
      <Text size="sm" c="dimmed">
        Changes apply to observations created afterwards; plans already copied into running observations stay as they are.
      </Text>
      {readOnly ? (
        <Alert color="gray" role="note">
          You can read this plan; only administrators can change it.
        </Alert>
      ) : null}
      {steps.map((s, i) => (
        <StepEditor key={`${s.id}:${s.name}:${s.field}`} templateId={plan.id} type={type} step={s} index={i} readOnly={readOnly} />
      ))}
    </Stack>
  );
}
