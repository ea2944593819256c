/**
 * /observations/prompt-observation (SPEC §2, §5): campus, department, observation threshold and a generate
 * button. The threshold is a percentage: the department's faculty whose latest completed observation scored
 * below it, or who were never observed, are listed to the department's Heads of Department (email +
 * notification). Only Super_Admin and Admin may generate prompts (the 'observation.prompt' capability). Online the
 * request goes to the server at once and the form shows how many emails went to whom; offline (or when the server
 * cannot be reached) it is queued through the outbox under the same idempotency key. Online, Generate first shows
 * who will receive what (POST /observation/prompt/preview: the listed faculty, each Head of Department and the
 * rendered email) and sends only on "Send prompt"; offline no preview can be made and the form says so. A
 * threshold above the maximum is refused with a message, not clamped. The form resets 2.5 s after success.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import '@mantine/core/styles/List.css';
import { Alert, Button, Card, Group, List, Modal, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { promptError, PROMPT_THRESHOLD_MAX, type PromptPreview, type PromptResponse } from '../../../shared/contract/admin.js';
import type { User } from '../../../shared/contract/users.js';
import { DELAY, PROMPT_THRESHOLD_MIN } from '../../../shared/constants.js';
import { CAMPUSES, display, type Campus } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { can } from '../../../shared/permissions.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { request } from '../../api/http.js';
import { ApiError } from '../../api/errors.js';
import { useDepartments } from '../../hooks/use-departments.js';

export const THRESHOLD_HELP =
  'Faculty whose latest completed observation scored below this percentage, or who were never observed, are listed to the department’s heads.';

const isOnline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

const EMPTY = { campus: null as string | null, department: null as string | null, threshold: '' as number | string };

export function PromptForm({ user }: { user: User }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ data: PromptPreview; args: { campus: Campus; departmentId: number; threshold: number } } | null>(null);
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
    const args = { campus: form.campus as Campus, departmentId: departmentId!, threshold: threshold! };
    setResult(null);
    if (isOnline()) {
      setBusy(true);
      try {
        const data = await request<PromptPreview>('POST', '/observation/prompt/preview', { json: args });
        setBusy(false);
        return void setPreview({ data, args });
      } catch (err) {
        setBusy(false);
        if (!(err instanceof ApiError) || !err.isNetwork) return void toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
        // The server cannot be reached: no preview; the prompt is queued below like offline.
      }
    }
    await send(args);
  }

  async function send(args: { campus: Campus; departmentId: number; threshold: number }) {
    setPreview(null);
    setBusy(true);
    setResult(null);
    // One key for both ways: if the direct call reached the server but its answer was lost, the queued copy
    // replays the same prompt (Idempotency-Key) instead of emailing twice.
    const key = crypto.randomUUID();
    let ok = false;
    try {
      if (isOnline()) {
        // Online the prompt is sent at once, so the answer (how many emails went to whom) can be shown.
        const loading = toast.loading(MSG.observationPrompting);
        try {
          const answer = await request<PromptResponse>('POST', '/observation/prompt', { json: args, headers: { 'Idempotency-Key': key } });
          const text = MSG.promptResult(answer.listed, answer.recipients ?? []);
          toast.done(loading, text);
          setResult(text);
          ok = true;
        } catch (err) {
          toast.hide(loading);
          if (!(err instanceof ApiError) || !err.isNetwork) throw err;
          ok = await submitWithToast('prompt.generate', args, { success: MSG.observationPrompting, mutationId: key });
        }
      } else {
        ok = await submitWithToast('prompt.generate', args, { success: MSG.observationPrompting, mutationId: key });
      }
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : err instanceof Error ? err.message : MSG.somethingWrong);
    }
    if (!ok) return void setBusy(false);
    timer.current = setTimeout(() => {
      setForm(EMPTY);
      setBusy(false);
    }, DELAY.promptReset);
  }

  const thresholdError = form.threshold !== '' && Number(form.threshold) > PROMPT_THRESHOLD_MAX ? MSG.thresholdMax : undefined;
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
          // A threshold above the maximum is refused with a message, never silently clamped.
          clampBehavior="none"
          error={thresholdError}
          suffix="%"
          description={THRESHOLD_HELP}
          value={form.threshold}
          onChange={(v) => setForm((f) => ({ ...f, threshold: v }))}
        />
        <Modal opened={preview !== null} onClose={() => setPreview(null)} title="Before sending: who receives what" size="lg" centered>
          {preview ? <PreviewBody data={preview.data} /> : null}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setPreview(null)}>Cancel</Button>
            <Button onClick={() => preview && void send(preview.args)} disabled={!preview || preview.data.recipients.length === 0}>
              {preview && preview.data.recipients.length > 0 ? `Send prompt to ${preview.data.recipients.length}` : 'Nothing to send'}
            </Button>
          </Group>
        </Modal>
        {result ? (
          <Alert color="teal" role="status" title="Prompt sent">
            {result}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Generate Prompt
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The listed faculty and, for each Head of Department, the email as it will be sent (the body in a sandboxed frame). */
function PreviewBody({ data }: { data: PromptPreview }) {
  if (data.listed === 0) return <Text size="sm">Nobody in this department is below the threshold or unobserved: no email would be sent.</Text>;
  return (
    <Stack gap="sm" data-testid="prompt-preview">
      <Text size="sm">{data.listed} faculty member(s) listed:</Text>
      <List size="sm">
        {data.faculty.map((f) => (
          <List.Item key={f.id}>{f.name} ({f.email}): {f.percentage === null ? 'never observed' : `${f.percentage.toFixed(1)}%`}</List.Item>
        ))}
      </List>
      {data.recipients.length === 0 ? <Alert color="yellow">This department has no Head of Department to receive the list.</Alert> : null}
      {data.recipients.map((r) => (
        <Card key={r.email} withBorder padding="sm" component="section" aria-label={`Email to ${r.name}`}>
          <Title order={3} size="h6">To: {r.name} &lt;{r.email}&gt;</Title>
          <Text size="sm" fw={600} mt={4}>Subject: {r.subject}</Text>
          <iframe title={`Email to ${r.name}`} sandbox="" srcDoc={r.body} style={{ width: '100%', minHeight: 160, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, marginTop: 6, background: 'white' }} />
        </Card>
      ))}
    </Stack>
  );
}
