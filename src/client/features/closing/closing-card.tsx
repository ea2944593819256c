/**
 * Closing the cycle on the observation's page (rule: src/shared/closing.ts; who acts: access-policy/closing.ts):
 * where it stands for everyone, the acknowledgement and the response for the faculty member, the sign-off for the
 * HOD. The same rule the server enforces decides what is offered and explains what is not, at once and offline; a
 * change made offline is queued like every other write (submitWithToast) and the server's answer is shown online.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { Observation } from '../../../shared/contract/observations.js';
import { mayAcknowledge, maySignOff, type Viewer } from '../../../shared/access-policy/index.js';
import { ACKNOWLEDGE_WORDING, acknowledgeError, isFinal, respondError, signOffError, windowOpen, type ClosingState } from '../../../shared/closing.js';
import { TEXT_MAX } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { submitWithToast } from '../../components/submit-result.js';

const when = (v: string | null) =>
  v ? new Date(v).toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : '—';

function stateOf(obs: Observation): ClosingState {
  const c = obs.closing!;
  return { status: obs.status, acknowledgedAt: c.acknowledgedAt, respondedAt: c.respondedAt, responseDueAt: c.responseDueAt, signedOffAt: c.signedOffAt };
}

function badge(s: ClosingState): { label: string; color: string } {
  if (isFinal(s)) return { label: 'Final', color: 'green' };
  if (s.acknowledgedAt && s.respondedAt) return { label: 'Awaiting sign-off', color: 'blue' };
  return { label: s.acknowledgedAt ? 'Acknowledged' : 'Awaiting acknowledgement', color: 'yellow' };
}

export interface ClosingCardProps {
  obs: Observation;
  viewer: Viewer & { name: string };
}

export function ClosingCard({ obs, viewer }: ClosingCardProps) {
  const c = obs.closing;
  if (!c || obs.status !== 'Completed') return null;
  const s = stateOf(obs);
  const b = badge(s);
  const now = new Date();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Closing the cycle">
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Title order={2} size="h5">Closing the cycle</Title>
        <Badge color={b.color} variant="light" miw="max-content">{b.label}</Badge>
      </Group>
      <Stack gap={6}>
        <Text size="sm">
          {c.responseDueAt
            ? windowOpen(s, now)
              ? `Response window open until ${when(c.responseDueAt)}.`
              : `Response window closed on ${when(c.responseDueAt)}.`
            : 'Response window: set by the server with the next sync.'}
        </Text>
        <Text size="sm">{c.acknowledgedAt ? `Acknowledged by ${c.acknowledgedName} on ${when(c.acknowledgedAt)}.` : 'Not acknowledged yet.'}</Text>
        {c.response ? (
          <div>
            <Text size="sm" fw={500}>Response of {obs.faculty.name} ({when(c.respondedAt)})</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="closing-response">{c.response}</Text>
          </div>
        ) : null}
        {c.signedOffAt ? <Text size="sm">Signed off by {c.signedOffBy?.name || 'the head of department'} on {when(c.signedOffAt)}. The observation is final.</Text> : null}
        {mayAcknowledge(viewer, obs) && !c.acknowledgedAt && !isFinal(s) ? <AcknowledgeForm obs={obs} state={s} viewerName={viewer.name} /> : null}
        {mayAcknowledge(viewer, obs) && c.acknowledgedAt && !isFinal(s) && windowOpen(s, now) ? <ResponseForm obs={obs} state={s} /> : null}
        {maySignOff(viewer, obs) && !isFinal(s) ? <SignOff obs={obs} state={s} /> : null}
      </Stack>
    </Card>
  );
}

function AcknowledgeForm({ obs, state, viewerName }: { obs: Observation; state: ClosingState; viewerName: string }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const problem = acknowledgeError(state, name, viewerName);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await submitWithToast('observation.acknowledge', { observationsId: obs.id, fullName: name }, { success: MSG.acknowledged });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm">{ACKNOWLEDGE_WORDING}</Text>
      <TextInput
        label="Your full name"
        description={`As on your profile: ${viewerName}`}
        value={name}
        maxLength={TEXT_MAX.name}
        autoComplete="name"
        error={error?.replace(/^fullName: /, '')}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void send();
        }}
      />
      <Group>
        <Button loading={busy} onClick={() => void send()}>Acknowledge</Button>
      </Group>
    </Stack>
  );
}

function ResponseForm({ obs, state }: { obs: Observation; state: ClosingState }) {
  const [text, setText] = useState(obs.closing?.response ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const problem = respondError(state, text, new Date());
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await submitWithToast('observation.respond', { observationsId: obs.id, response: text }, { success: MSG.responseSaved });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" mt="xs">
      <Textarea
        label={obs.closing?.response ? 'Edit your response' : 'Your written response (optional)'}
        description="Your head of department reads it with the observation, and it is part of the observation's record."
        autosize
        minRows={3}
        maxLength={TEXT_MAX.chat}
        value={text}
        error={error?.replace(/^response: /, '')}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group>
        <Button loading={busy} onClick={() => void send()}>Save response</Button>
      </Group>
    </Stack>
  );
}

function SignOff({ obs, state }: { obs: Observation; state: ClosingState }) {
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const blocked = signOffError(state, new Date());
  return (
    <Stack gap="xs" mt="xs">
      {blocked ? <Alert color="gray" variant="light" title="Sign-off not yet possible">{blocked}</Alert> : null}
      <Group>
        <Button disabled={!!blocked} onClick={() => setConfirm(true)}>Sign off</Button>
      </Group>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Sign off this observation?" centered>
        <Text size="sm">After sign-off the observation is final: nothing in it can change, and its report is fixed.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(false)}>Cancel</Button>
          <Button
            loading={busy}
            onClick={() => {
              setBusy(true);
              void submitWithToast('observation.signOff', { observationsId: obs.id }, { success: MSG.signedOff }).finally(() => {
                setBusy(false);
                setConfirm(false);
              });
            }}
          >
            Sign off
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
