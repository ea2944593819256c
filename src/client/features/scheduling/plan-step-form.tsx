/**
 * The teaching / reflection plan as a step form (SPEC §2 "Teaching and reflection form"): one step per section
 * (Teacher Perspective, Teaching Context, Student Learning, and for reflection Reflective Write-ups), 5-row text
 * areas, guidance, live word counts. The rules are the shared ones the server applies (planAnswersError), so the
 * message shown here is the server's.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Textarea, Title } from '@mantine/core';
import type { ObservationPlan } from '../../../shared/contract/observations.js';
import { countWords, REFLECTIVE_WRITEUP_MIN_WORDS, TEACHING_ANSWER_MAX_WORDS, TEXTAREA_ROWS } from '../../../shared/constants.js';
import { isReflectiveWriteup, planAnswersError } from '../../../shared/cycle.js';
import { toast } from '../../components/toast.js';

export interface PlanStepFormProps {
  plan: ObservationPlan;
  title: string;
  /** Resolves once the answers are queued. */
  onSubmit: (answers: { id: string; response: string }[]) => Promise<void>;
}

export const PLAN_GUIDANCE =
  'Teacher perspective and teaching context need a single sentence listing or bullets. Reflective write-ups need narratives of at least 60 words without bullets. Each teaching-plan answer has a 500-word limit.';

export function PlanStepForm({ plan, title, onSubmit }: PlanStepFormProps) {
  const sections = useMemo(() => {
    const m = new Map<string, ObservationPlan['steps']>();
    for (const s of plan.steps) m.set(s.code, [...(m.get(s.code) ?? []), s]);
    return [...m.entries()];
  }, [plan.steps]);
  const [answers, setAnswers] = useState<Record<string, string>>(() => Object.fromEntries(plan.steps.map((s) => [s.id, s.response ?? ''])));
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const last = active >= sections.length - 1;

  async function submit() {
    const list = plan.steps.map((s) => ({ id: s.id, response: answers[s.id] ?? '' }));
    const error = planAnswersError(plan.steps, list);
    if (error) return toast.error(error);
    setBusy(true);
    try {
      await onSubmit(list);
    } finally {
      setBusy(false);
    }
  }

  if (plan.steps.length === 0) return <Text c="dimmed">The plan questions arrive with the next sync.</Text>;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="xs">{title}</Title>
      <Alert color="blue" mb="md" title="Guidance">{PLAN_GUIDANCE}</Alert>
      <Stepper active={active} onStepClick={setActive} size="sm" allowNextStepsSelect>
        {sections.map(([code, steps]) => (
          <Stepper.Step key={code} label={code}>
            <Stack mt="md">
              {steps.map((s) => (
                <div key={s.id}>
                  <Textarea
                    label={s.name}
                    description={s.field}
                    rows={TEXTAREA_ROWS}
                    required
                    value={answers[s.id] ?? ''}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setAnswers((a) => ({ ...a, [s.id]: v }));
                    }}
                    aria-describedby={`wc-${s.id}`}
                  />
                  <WordCount id={`wc-${s.id}`} code={s.code} text={answers[s.id]} />
                </div>
              ))}
            </Stack>
          </Stepper.Step>
        ))}
      </Stepper>
      <Group justify="space-between" mt="md">
        <Button variant="default" onClick={() => setActive((a) => Math.max(0, a - 1))} disabled={active === 0}>Back</Button>
        {last ? (
          <Button onClick={() => void submit()} loading={busy}>Submit</Button>
        ) : (
          <Button onClick={() => setActive((a) => a + 1)}>Next</Button>
        )}
      </Group>
    </Paper>
  );
}

/** Live word count of one answer: red when over 500 words, or a reflective write-up under 60. */
function WordCount({ id, code, text }: { id: string; code: string; text: string | undefined }) {
  const words = countWords(text);
  const writeup = isReflectiveWriteup(code);
  const ok = words <= TEACHING_ANSWER_MAX_WORDS && (!writeup || words >= REFLECTIVE_WRITEUP_MIN_WORDS);
  return (
    <Text id={id} size="xs" mt={2} c={ok ? 'dimmed' : 'red'}>
      {words} / {TEACHING_ANSWER_MAX_WORDS} words{writeup ? ` (at least ${REFLECTIVE_WRITEUP_MIN_WORDS}, no bullets)` : ''}
    </Text>
  );
}
