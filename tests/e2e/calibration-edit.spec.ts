/**
 * The organiser corrects an open calibration session and deletes it, in the browser (dark theme, touch tablet):
 * the Edit and Delete actions on the session page reach 44 px, axe finds nothing serious in the form nor in the
 * confirmation; a saved title shows on the page; a confirmed deletion returns to the list and the server no longer
 * has the session. docs/adr/2026-11-28-calibration.md
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures.js';
import { runTag } from './support/admin-api.js';
import { axeClean, CALIBRATION_PASSWORD as PASSWORD } from './support/calibration.js';
import { CONTEXT_DEFAULTS } from './support/cycle.js';
import { DOMAIN } from './support/demo.js';
import { signIn } from './support/session.js';

const HOD = `hod@${DOMAIN}`;

test('an organiser edits an open calibration session, then deletes it after confirming', async ({ browser, api, baseURL }) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const hod = await api.login(HOD);
  const dept = Number(hod.department!.id);
  const post = <T,>(path: string, body: unknown, token = hod.token) => api.request<T>('POST', path, { token, headers: { 'idempotency-key': randomUUID() }, body });

  const draft = await post<{ id: string }>('/rubrics', {
    departmentId: dept,
    definition: { name: `Edit rubric ${tag}`, groups: [{ code: 'A', title: 'Teaching', items: [{ code: 'A1', title: 'Practice 1' }] }], scale: [1, 2, 3].map((value) => ({ value, label: `Level ${value}` })) },
  });
  await post(`/rubrics/versions/${draft.id}/publish`, undefined);
  const email = `calib.edit.${tag}@${DOMAIN}`;
  await post('/auth/create', { name: `Edit Observer ${tag}`, email, role: 'Observer', password: PASSWORD, confirmPassword: PASSWORD });
  const observer = await api.login(email, PASSWORD);
  const title = `Calibration to correct ${tag}`;
  const session = await post<{ id: string }>('/calibration/sessions', {
    title,
    rubricVersionId: draft.id,
    lesson: { kind: 'live', description: 'Year 8 history', date: '2026-12-01' },
    participantIds: [observer.id],
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });

  const tablet = await browser.newContext({ ...CONTEXT_DEFAULTS, baseURL, viewport: { width: 768, height: 1024 }, colorScheme: 'dark', hasTouch: true });
  const page = await tablet.newPage();
  await signIn(page, HOD);
  await page.goto(`/calibration/${session.id}`);
  const manage = page.getByRole('region', { name: 'Manage the session' });
  const edit = manage.getByRole('button', { name: 'Edit session' });
  await expect(edit).toBeVisible({ timeout: 20_000 });
  for (const button of [edit, manage.getByRole('button', { name: 'Delete session' })]) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await test.step('edit the title', async () => {
    await edit.click();
    const form = page.getByRole('form', { name: 'Edit the calibration session' });
    await axeClean(page, 'calibration edit form (dark, tablet)');
    await form.getByRole('textbox', { name: /^Title/ }).fill(`${title} (moved)`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByText(`${title} (moved)`).first()).toBeVisible();
    const stored = await api.request<{ title: string }>('GET', `/calibration/sessions/${session.id}`, { token: hod.token });
    expect(stored.title).toBe(`${title} (moved)`);
  });

  await test.step('delete after confirming', async () => {
    await manage.getByRole('button', { name: 'Delete session' }).click();
    await expect(manage.getByRole('group', { name: /^Delete “/ })).toBeVisible();
    await axeClean(page, 'calibration delete confirmation (dark, tablet)');
    await manage.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page).toHaveURL(/\/calibration$/);
    const mine = await api.request<{ id: string }[]>('GET', '/calibration/sessions', { token: hod.token });
    expect(mine.map((s) => s.id)).not.toContain(session.id);
  });
  await tablet.close();
});
