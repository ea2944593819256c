/**
 * One master-plan step (SPEC §2 plan editors): its name and text, with its own Update button that stays disabled
 * until something changed. Read-only for roles that may not edit templates.
 */
import { useState, type FormEvent } from 'react';
import { Button, Fieldset, Group, Textarea, TextInput } from '@mantine/core';
import { TEXTAREA_ROWS } from '../../../shared/constants.js';
import { planStepError, PLAN_STEP_FIELD_MAX, PLAN_STEP_NAME_MAX, type PlanTemplateStep } from '../../../shared/contract/templates.js';
import type { PlanType } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';

export interface StepEditorProps {
  templateId: string;
  type: PlanType;
  step: PlanTemplateStep;
  index: number;
  readOnly: boolean;
}

export function StepEditor({ templateId, type, step, index, readOnly }: StepEditorProps) {
  const [name, setName] = useState(step.name);
  const [field, setField] = useState(step.field);
  const [busy, setBusy] = useState(false);
  const changed = name.trim() !== step.name || field.trim() !== step.field;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = planStepError({ name, field });
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      await submitWithToast('planTemplate.updateStep', { templateId, type, stepId: step.id, name: name.trim(), field: field.trim() }, { success: MSG.updatedSuccessfully });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Fieldset legend={`Step ${index + 1} · ${step.code}`} component="form" onSubmit={submit} aria-label={`Step ${index + 1}: ${step.name}`}>
      <TextInput
        label="Step name"
        value={name}
        maxLength={PLAN_STEP_NAME_MAX}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        onChange={(e) => setName(e.currentTarget.value)}
        mb="sm"
      />
      <Textarea
        label="Step text"
        rows={TEXTAREA_ROWS}
        value={field}
        maxLength={PLAN_STEP_FIELD_MAX}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        onChange={(e) => setField(e.currentTarget.value)}
      />
      {readOnly ? null : (
        <Group justify="flex-end" mt="sm">
          <Button type="submit" size="xs" disabled={!changed} loading={busy}>
            Update
          </Button>
        </Group>
      )}
    </Fieldset>
  );
}
