/**
 * The teaching / reflection plan as a step form (SPEC §2 "Teaching and reflection form"): one step per section
 * (Teacher Perspective, Teaching Context, Student Learning, and for reflection Reflective Write-ups), 5-row text
 * areas, guidance, live word counts. The rules are the shared ones the server applies (planAnswersError), so the
 * message shown here is the server's. Next checks the current step's answers (the first incomplete one is named
 * and marked); a step shows a tick only when all its answers are complete. What was typed is kept as a local
 * draft until the plan is applied or queued (also across a reload or a refused submit).
 */
import { useMemo, useState } from 'react';
import { useDraft } from '../../hooks/use-draft.js';
import { DraftNote } from '../../components/draft-note.js';
import { MSG } from '../../../shared/messages.js';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Textarea, Title } from '@mantine/core';
import type { ObservationPlan } from '../../../shared/contract/observations.js';
import { countWords, REFLECTIVE_WRITEUP_MIN_WORDS, TEACHING_ANSWER_MAX_WORDS, TEXTAREA_ROWS } from '../../../shared/constants.js';
import { isReflectiveWriteup, planAnswerError, planAnswersError } from '../../../shared/cycle.js';
import { toast } from '../../components/toast.js';

export interface PlanStepFormProps {
  plan: ObservationPlan;
  title: string;
  /** Resolves false when the server refused the answers (the draft is kept), true/void once applied or queued. */
  onSubmit: (answers: { id: string; response: string }[]) => Promise<boolean | void>;
  /** Where the local draft of the answers is kept; the plan's id when omitted. */
  draftKey?: { form: string; entityId: string };
}

export const PLAN_GUIDANCE =
  'Teacher perspective and teaching context need a single sentence listing or bullets. Reflective write-ups need narratives of at least 60 words without bullets. Each teaching-plan answer has a 500-word limit.';

export function PlanStepForm({ plan, title, onSubmit, draftKey }: PlanStepFormProps) {
  const sections = useMemo(() => {
    const m = new Map<string, ObservationPlan['steps']>();
    for (const s of plan.steps) m.set(s.code, [...(m.get(s.code) ?? []), s]);
    return [...m.entries()];
  }, [plan.steps]);
  const initial = () => Object.fromEntries(plan.steps.map((s) => [s.id, s.response ?? '']));
  const draft = useDraft<Record<string, string>>(draftKey?.form ?? 'plan', draftKey?.entityId ?? plan.id, initial);
  const answers = draft.values;
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  /** Steps whose problems are shown (after a Next or Submit that found them incomplete). */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const last = active >= sections.length - 1;
  const problemsOf = (i: number) =>
    (sections[i]?.[1] ?? []).map((s) => ({ step: s, error: planAnswerError(s, answers[s.id]) })).filter((p) => p.error !== null);
  const complete = (i: number) => problemsOf(i).length === 0;

  /** Go to step `to`, checking every step on the way; stops at (and names) the first incomplete answer. */
  function go(to: number): void {
    for (let i = active; i < to; i++) {
      const [first] = problemsOf(i);
      if (first) {
        setChecked((c) => new Set(c).add(i));
        setActive(i);
        toast.error(first.error === MSG.provideAllDetails ? MSG.stepIncomplete(first.step.name) : `${first.step.name}: ${first.error}`);
        document.getElementById(`answer-${first.step.id}`)?.focus();
        return;
      }
    }
    setActive(to);
  }

  async function submit() {
    const list = plan.steps.map((s) => ({ id: s.id, response: answers[s.id] ?? '' }));
    const incomplete = sections.findIndex((_, i) => !complete(i));
    if (incomplete >= 0) {
      setChecked(new Set(sections.map((_, i) => i)));
      const [first] = problemsOf(incomplete);
      setActive(incomplete);
      return toast.error(first.error === MSG.provideAllDetails ? MSG.stepIncomplete(first.step.name) : `${first.step.name}: ${first.error}`);
    }
    const error = planAnswersError(plan.steps, list);
    if (error) return toast.error(error);
    setBusy(true);
    try {
      if ((await onSubmit(list)) !== false) draft.clear();
    } finally {
      setBusy(false);
    }
  }

  if (plan.steps.length === 0) return <Text c="dimmed">The plan questions arrive with the next sync.</Text>;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="xs">{title}</Title>
      <Alert color="blue" mb="md" title="Guidance">{PLAN_GUIDANCE}</Alert>
      {draft.restored ? <DraftNote onDiscard={() => { draft.reset(initial()); draft.clear(); }} /> : null}
      <Stepper active={active} onStepClick={(i) => (i <= active ? setActive(i) : go(i))} size="sm" allowNextStepsSelect>
        {sections.map(([code, steps], i) => (
          <Stepper.Step
            key={code}
            label={code}
            description={complete(i) ? 'Complete' : 'Incomplete'}
            // Mantine ticks every step before the active one: an incomplete one keeps its number instead.
            completedIcon={complete(i) ? undefined : String(i + 1)}
            color={i < active && !complete(i) ? 'red' : undefined}
            data-complete={complete(i)}
          >
            <Stack mt="md">
              {steps.map((s) => (
                <div key={s.id}>
                  <Textarea
                    id={`answer-${s.id}`}
                    label={s.name}
                    description={s.field}
                    rows={TEXTAREA_ROWS}
                    required
                    value={answers[s.id] ?? ''}
                    error={checked.has(i) ? (planAnswerError(s, answers[s.id]) ?? undefined) : undefined}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      draft.setValues((a) => ({ ...a, [s.id]: v }));
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
          <Button onClick={() => go(active + 1)}>Next</Button>
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
