/**
 * /observations/prompt-observation (SPEC §2, §5): campus, department, observation threshold and a generate
 * button. The threshold is a percentage: the department's faculty whose latest completed observation scored
 * below it, or who were never observed, are listed to the department's Heads of Department (email +
 * notification). Only Super_Admin and Admin may generate prompts (the 'observation.prompt' capability); the request is
 * queued through the outbox and the form resets 2.5 s after success.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { promptError, PROMPT_THRESHOLD_MAX } from '../../../shared/contract/admin.js';
import type { User } from '../../../shared/contract/users.js';
import { DELAY, PROMPT_THRESHOLD_MIN } from '../../../shared/constants.js';
import { CAMPUSES, display, type Campus } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { can } from '../../../shared/permissions.js';
import { toast } from '../../components/toast.js';
import { mutate } from '../../sync/index.js';
import { useDepartments } from '../../hooks/use-departments.js';

export const THRESHOLD_HELP =
  'Faculty whose latest completed observation scored below this percentage, or who were never observed, are listed to the department’s heads.';

const EMPTY = { campus: null as string | null, department: null as string | null, threshold: '' as number | string };

export function PromptForm({ user }: { user: User }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const departments = useDepartments();
  const own = user.department;

  if (!can(user.role, 'observation.prompt')) {
    return <Text c="dimmed">Only administrators can generate observation prompts.</Text>;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const departmentId = own ? own.id : form.department ? Number(form.department) : null;
    const threshold = form.threshold === '' ? null : Number(form.threshold);
    const problem = promptError({ campus: form.campus, departmentId, threshold });
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      await mutate('prompt.generate', { campus: form.campus as Campus, departmentId: departmentId!, threshold: threshold! });
      toast.success(MSG.observationPrompting);
      timer.current = setTimeout(() => {
        setForm(EMPTY);
        setBusy(false);
      }, DELAY.promptReset);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
      setBusy(false);
    }
  }

  const noDepartments = !own && departments !== undefined && departments.length === 0;
  return (
    <Card withBorder padding="lg" component="form" noValidate onSubmit={submit} aria-label="Prompt observation" maw={640}>
      <Stack>
        <Select
          label="Campus"
          required
          placeholder="Select"
          value={form.campus}
          onChange={(v) => setForm((f) => ({ ...f, campus: v }))}
          data={CAMPUSES.map((c) => ({ value: c, label: display(c) }))}
        />
        {own ? (
          <TextInput label="Department" value={own.name} readOnly variant="filled" />
        ) : noDepartments ? (
          <Alert color="yellow" role="status" title="Department">
            {MSG.noDepartment}
          </Alert>
        ) : (
          <Select
            label="Department"
            required
            searchable
            placeholder="Select department"
            value={form.department}
            onChange={(v) => setForm((f) => ({ ...f, department: v }))}
            data={(departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            nothingFoundMessage={MSG.noDepartment}
          />
        )}
        <NumberInput
          label="Observation Threshold"
          required
          placeholder={`${PROMPT_THRESHOLD_MIN}-${PROMPT_THRESHOLD_MAX}`}
          min={0}
          max={PROMPT_THRESHOLD_MAX}
          suffix="%"
          description={THRESHOLD_HELP}
          value={form.threshold}
          onChange={(v) => setForm((f) => ({ ...f, threshold: v }))}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Generate Prompt
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
