/**
 * Forms that point at the problem, in the real app against the real server:
 *   - an empty Create User submit keeps SPEC's toast and marks each required field, with focus on the first; the
 *     role list has no literal "Select" option; there is no password field (the new user is invited);
 *   - the invitation page checks the chosen password at its field, and the server's answer for a link that is
 *     not valid (a used, expired or made-up token) is shown on the page.
 */
import { MSG } from '../../src/shared/messages.js';
import { demo } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { VIEWPORTS } from './support/pages.js';
import { signIn } from './support/session.js';

for (const name of ['phone', 'desktop'] as const) {
  test(`${name}: an empty Create User submit marks every required field and focuses the first`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS[name]);
    await signIn(page, demo('Head_of_Department'));
    await page.goto('/users/create-user');
    const form = page.getByRole('form', { name: 'Create user' });
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText(MSG.requiredData)).toBeVisible();
    const nameBox = form.getByRole('textbox', { name: 'Name' });
    await expect(nameBox).toBeFocused();
    await expect(nameBox).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Choose a role', { exact: true }).last()).toBeVisible();
    // The role list: a placeholder, never a "Select" option.
    const role = form.getByRole('combobox', { name: 'Role' });
    await expect(role).toHaveAttribute('placeholder', 'Choose a role');
    await role.click();
    await expect(page.getByRole('option', { name: 'Select', exact: true })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'Observer', exact: true })).toBeVisible();
    await page.screenshot({ path: `tests/e2e/.artifacts/forms/${name}-create-user-marked.png`, animations: 'disabled' });
  });
}

test('the invitation page checks the password at its field and shows the server’s answer for a link that is not valid', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/accept-invitation?token=made-up-token');
  const form = page.getByRole('form', { name: 'Set your password' });
  await form.getByLabel(/^New password/).fill('short');
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(form.getByText(MSG.passwordMin)).toBeVisible();
  await expect(form.getByLabel(/^New password/)).toBeFocused();
  await form.getByLabel(/^New password/).fill('long-enough-1');
  await form.getByLabel(/^Confirm new password/).fill('long-enough-2');
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(form.getByText(MSG.passwordsSame)).toBeVisible();
  await expect(form.getByLabel(/^Confirm new password/)).toBeFocused();
  await form.getByLabel(/^Confirm new password/).fill('long-enough-1');
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(form.getByRole('alert').filter({ hasText: MSG.invitationInvalid })).toBeVisible();
  await expect(page).toHaveURL(/accept-invitation/);
});
