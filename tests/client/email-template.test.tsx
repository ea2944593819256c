// @vitest-environment jsdom
/**
 * Email template editor: the preview is built from React elements, so markup in a template is shown as text
 * (a `<script>` never becomes an element); tokens and line breaks render; the live word count and the 500-word
 * limit; Update disabled while unchanged; insert buttons write at the cursor; an update is queued.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { EmailTemplateEditor } from '../../src/client/features/email-templates/email-template-editor.js';
import { PREVIEW_SAMPLE, previewVars } from '../../src/client/features/email-templates/render-preview.js';
import { getDb } from '../../src/client/sync/index.js';
import type { EmailTemplate } from '../../src/shared/contract/templates.js';
import { emailHtml } from '../../src/shared/email-render.js';
import { MSG } from '../../src/shared/messages.js';

const tpl: EmailTemplate = { id: 'e1', type: 'CreateUser', subject: 'Welcome', email: 'Dear {{name}},<br>your address is {{email}}.', updatedAt: '2026-01-01T00:00:00Z' };

beforeEach(async () => {
  localStorage.clear(); // drafts of the editor
  await getDb().outbox.clear();
  await getDb().emailTemplates.put({ ...tpl });
});
afterEach(() => {
  cleanup();
  // The toast store is global: leftovers would queue behind the 5-toast limit and hide the next test's toasts.
  notifications.clean();
  notifications.cleanQueue();
});

function setup(body = tpl.email) {
  renderWithMantine(<EmailTemplateEditor template={{ ...tpl, email: body }} type="CreateUser" readOnly={false} link="https://observa.test" />);
  return {
    area: screen.getByLabelText(/Email body/) as HTMLTextAreaElement,
    preview: screen.getByTestId('email-preview'),
    update: screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement,
  };
}

describe('email template editor', () => {
  it('renders tokens and line breaks in the preview', () => {
    const { preview } = setup();
    expect(preview.textContent).toBe(`Dear ${PREVIEW_SAMPLE.name},your address is ${PREVIEW_SAMPLE.email}.`);
    expect(preview.querySelectorAll('br')).toHaveLength(1);
  });

  it('shows markup in a template as text: a <script> never becomes an element', () => {
    const { area, preview } = setup();
    fireEvent.change(area, { target: { value: 'Hi <script>alert(1)</script><img src=x onerror=alert(2)> <b>bold</b> {{link}}' } });
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.querySelector('b')).toBeNull();
    expect(preview.textContent).toContain('<script>alert(1)</script>');
    expect(preview.textContent).toContain('<img src=x onerror=alert(2)>');
    const a = preview.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://observa.test');
  });

  it('previews exactly what the server sends: same text, breaks and link as the shared HTML', () => {
    const body = 'Dear {{name}},<br>see <b>{{email}}</b>\nat {{link}} {{other}} below {{threshold}}% in {{department}}';
    const { preview } = setup(body);
    const sent = document.createElement('div');
    // CreateUser is sent with name, email and link only: {{threshold}} and {{department}} stay literal in both.
    sent.innerHTML = emailHtml(body, { name: PREVIEW_SAMPLE.name, email: PREVIEW_SAMPLE.email, link: 'https://observa.test' });
    expect(preview.textContent).toBe(sent.textContent);
    expect(preview.textContent).toContain('below {{threshold}}% in {{department}}');
    expect(preview.querySelectorAll('br')).toHaveLength(sent.querySelectorAll('br').length);
    expect([...preview.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(
      [...sent.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    );
    // Only br and a elements come from a template, in the preview as in the mail.
    expect(sent.querySelectorAll('*:not(br):not(a)')).toHaveLength(0);
  });

  it('fills the tokens of the email type with samples, as the server fills them', () => {
    expect(previewVars('ObsPrompt', 'L')).toEqual({
      name: PREVIEW_SAMPLE.name,
      email: PREVIEW_SAMPLE.email,
      department: PREVIEW_SAMPLE.department,
      threshold: PREVIEW_SAMPLE.threshold,
      faculty: PREVIEW_SAMPLE.faculty,
      link: 'L',
    });
    expect(Object.keys(previewVars('CreateUser', 'L')).sort()).toEqual(['email', 'link', 'name']);
  });

  it('counts words live, enforces 500 words, and enables Update only when changed', () => {
    const { area, update } = setup();
    expect(update.disabled).toBe(true);
    expect(screen.getByText('5 / 500 words')).toBeTruthy();
    fireEvent.change(area, { target: { value: Array.from({ length: 501 }, () => 'w').join(' ') } });
    expect(screen.getByText('501 / 500 words')).toBeTruthy();
    expect(screen.getByText(MSG.templateTooLong)).toBeTruthy();
    expect(update.disabled).toBe(true);
    fireEvent.change(area, { target: { value: tpl.email } });
    expect(update.disabled).toBe(true);
  });

  it('inserts at the cursor and queues the update', async () => {
    const { area, update } = setup('Hello  there');
    area.setSelectionRange(6, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Receiver name' }));
    expect(area.value).toBe('Hello {{name}} there');
    fireEvent.click(screen.getByRole('button', { name: 'Line break' }));
    expect(update.disabled).toBe(false);
    fireEvent.click(update);
    // No engine in a component test: queued, and the toast says so.
    expect(await screen.findByText(MSG.savedOnDevice, undefined, { timeout: 4000 })).toBeTruthy();
    await waitFor(async () => expect((await getDb().outbox.toArray()).map((r) => r.name)).toEqual(['emailTemplate.update']));
    expect((await getDb().emailTemplates.get('e1'))!.email).toBe(area.value);
    await waitFor(() => expect(localStorage.length).toBe(0)); // queued: the draft is gone
  });

  it('keeps an unsaved edit as a draft and restores it when the editor opens again; Discard draft drops it', () => {
    const { area } = setup();
    fireEvent.change(area, { target: { value: 'A half-written template' } });
    cleanup();
    const again = setup();
    expect(again.area.value).toBe('A half-written template');
    expect(screen.getByText(MSG.draftRestored)).toBeTruthy();
    expect(again.update.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(again.area.value).toBe(tpl.email);
    expect(localStorage.length).toBe(0);
  });

  it('offers the tokens of the email type, replaces the selection, and previews the sent email (no raw <br>)', () => {
    renderWithMantine(<EmailTemplateEditor template={{ ...tpl, type: 'ObsPrompt', email: 'Faculty of DEPT:<br>list' }} type="ObsPrompt" readOnly={false} link="https://observa.test" />);
    const area = screen.getByLabelText(/Email body/) as HTMLTextAreaElement;
    area.setSelectionRange(11, 15); // "DEPT"
    fireEvent.click(screen.getByRole('button', { name: 'Department' }));
    expect(area.value).toBe('Faculty of {{department}}:<br>list');
    area.setSelectionRange(area.value.length, area.value.length);
    fireEvent.click(screen.getByRole('button', { name: 'Faculty list' }));
    expect(area.value).toBe('Faculty of {{department}}:<br>list{{faculty}}');
    const preview = screen.getByTestId('email-preview');
    expect(preview.textContent).toBe(`Faculty of ${PREVIEW_SAMPLE.department}:list${PREVIEW_SAMPLE.faculty}`);
    expect(preview.textContent).not.toContain('<br>');
    expect(preview.textContent).not.toContain('{{');
    expect(preview.querySelectorAll('br')).toHaveLength(1);
    // CreateUser has none of these.
    cleanup();
    setup();
    expect(screen.queryByRole('button', { name: 'Department' })).toBeNull();
  });
});
