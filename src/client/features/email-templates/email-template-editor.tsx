/**
 * /email/:slug (SPEC §2): a textarea with a live word count and the 500-word limit, insert buttons (line break,
 * {{name}}, {{email}}, product link, and the values the email type is sent with) that insert at the cursor
 * (replacing a selection), a live preview rendered safely (render-preview),
 * and Update — disabled while the text is unchanged. Read-only for roles that may not edit templates (they
 * also do not receive the templates from the server).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { EMAIL_TEMPLATE_MAX_WORDS, countWords } from '../../../shared/constants.js';
import { emailTemplateError, EMAIL_TOKENS, type EmailTemplate } from '../../../shared/contract/templates.js';
import type { EmailTemplateType } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { DraftNote } from '../../components/draft-note.js';
import { useDraft } from '../../hooks/use-draft.js';
import { renderPreview } from './render-preview.js';
import { EMAIL_EXTRA_TOKENS } from '../../../shared/email-render.js';

const INSERTS = [
  { label: 'Line break', text: '<br>' },
  { label: 'Receiver name', text: EMAIL_TOKENS.name },
  { label: 'Receiver email', text: EMAIL_TOKENS.email },
  { label: 'Product link', text: EMAIL_TOKENS.link },
] as const;

/** The values an email type is sent with beyond name, email and link (EMAIL_EXTRA_TOKENS), as insert buttons. */
const EXTRA_LABELS: Record<string, string> = {
  title: 'Update title',
  message: 'Update message',
  route: 'Page path',
  department: 'Department',
  threshold: 'Threshold',
  faculty: 'Faculty list',
};
const insertsFor = (type: EmailTemplateType) => [
  ...INSERTS,
  ...EMAIL_EXTRA_TOKENS[type].map((k) => ({ label: EXTRA_LABELS[k] ?? k, text: `{{${k}}}` })),
];

export interface EmailTemplateEditorProps {
  template: EmailTemplate;
  type: EmailTemplateType;
  readOnly: boolean;
  /** The product's address shown for {{link}} in the preview. */
  link: string;
}

export function EmailTemplateEditor({ template, type, readOnly, link }: EmailTemplateEditorProps) {
  // The body being edited is kept as a local draft until the update is applied or queued.
  const draft = useDraft<string>('emailTemplate', template.id, () => template.email);
  const body = draft.values;
  const setBody = draft.setValues;
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const words = countWords(body);
  const over = words > EMAIL_TEMPLATE_MAX_WORDS;
  const changed = body !== template.email;

  function insert(text: string) {
    const el = area.current;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const next = body.slice(0, start) + text + body.slice(end);
    setBody(next);
    // Put the cursor after the inserted text once React has rendered the new value.
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(start + text.length, start + text.length);
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = emailTemplateError(body);
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      if (await submitWithToast('emailTemplate.update', { templateId: template.id, type, email: body }, { success: MSG.updatedSuccessfully })) draft.clear();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="lg" component="form" noValidate onSubmit={submit} aria-label="Email template">
        <Stack>
          {draft.restored && !readOnly ? <DraftNote onDiscard={() => { draft.reset(template.email); draft.clear(); }} /> : null}
          <Text size="sm">
            Subject: <strong>{template.subject}</strong>
          </Text>
          {readOnly ? null : (
            <Group gap="xs" role="toolbar" aria-label="Insert">
              {insertsFor(type).map((i) => (
                <Button key={i.label} size="xs" variant="light" type="button" onClick={() => insert(i.text)}>
                  {i.label}
                </Button>
              ))}
            </Group>
          )}
          <Textarea
            ref={area}
            label={`Email body (up to ${EMAIL_TEMPLATE_MAX_WORDS} words)`}
            rows={12}
            value={body}
            readOnly={readOnly}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={over ? MSG.templateTooLong : undefined}
            aria-describedby="email-word-count"
          />
          <Group justify="space-between">
            <Badge id="email-word-count" color={over ? 'red' : 'gray'} variant="light" aria-live="polite">
              {words} / {EMAIL_TEMPLATE_MAX_WORDS} words
            </Badge>
            {readOnly ? null : (
              <Button type="submit" disabled={!changed || over} loading={busy}>
                Update
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="email-preview-title">
        <Title order={2} size="h5" id="email-preview-title" mb="sm">
          Preview
        </Title>
        <Paper withBorder p="md" data-testid="email-preview" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {renderPreview(body, link, type)}
        </Paper>
      </Card>
    </SimpleGrid>
  );
}
