/**
 * Shared steps of the calibration journeys (tests/e2e/calibration*.spec.ts; docs/adr/2026-11-28-calibration.md):
 * the accessibility check they run on every page, a faculty member to observe, the certification table of a rubric
 * version, and initiating an observation with an observer who is not calibrated (the form warns before and after).
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MSG } from '../../../src/shared/messages.js';
import type { ServerApi } from './api.js';
import { DOMAIN } from './demo.js';
import { expect } from './fixtures.js';
import { settled } from './pages.js';
import { expectAllSynced } from './session.js';

export const CALIBRATION_PASSWORD = 'e2e-password-1';

/** axe on the page as it stands: no serious or critical violation. */
export async function axeClean(page: Page, where: string): Promise<void> {
  await page.mouse.move(1, 790);
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

/** How the certification page and the initiate form name a rubric version. */
export const versionLabel = (name: string, number: number) => `${name} · version ${number}`;

/** A new faculty member teaching a new course of the department (through the API, as its HOD); returns their name. */
export async function facultyOfDepartment(api: ServerApi, hodToken: string, departmentId: number, tag: string): Promise<string> {
  const once = () => ({ 'idempotency-key': randomUUID() });
  const { course } = await api.request<{ course: { id: string; slots: { id: string }[] } }>('POST', '/course', {
    token: hodToken,
    headers: once(),
    body: {
      courseCode: `CAL-${tag.slice(-5).toUpperCase()}`,
      name: `Calibration course ${tag}`,
      credits: 3,
      departments: [departmentId],
      slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'Room C-1' }],
    },
  });
  const name = `Calibration Faculty ${tag}`;
  await api.request('POST', '/auth/create', {
    token: hodToken,
    headers: once(),
    body: { name, email: `calfac.${tag}@${DOMAIN}`, role: 'Faculty', password: CALIBRATION_PASSWORD, confirmPassword: CALIBRATION_PASSWORD, course: course.id, courses: course.slots.map((s) => s.id) },
  });
  return name;
}

/** Opens the certification page from the menu on the version; returns its table of observers. */
export async function certificationTable(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Observer Certification' }).click();
  await expect(page).toHaveURL(/\/calibration\/due$/);
  await expectAllSynced(page);
  await page.getByRole('combobox', { name: 'Rubric version' }).click();
  await page.getByRole('option', { name: label }).click();
  return page.getByRole('table', { name: `Observers and their calibration on ${label}` });
}

/** Initiates an observation of `faculty` by `observer` on the version: the form warns before, and after from the server. */
export async function initiateWarns(page: Page, opts: { label: string; observer: string; faculty: string }): Promise<void> {
  const warning = `${opts.observer} is not calibrated on ${opts.label}.`;
  await page.goto('/observations/create-observation');
  await expectAllSynced(page);
  await page.getByRole('combobox', { name: 'Rubric' }).click();
  await page.getByRole('option', { name: opts.label }).click();
  await page.getByRole('combobox', { name: 'Observer' }).click();
  await page.getByRole('option', { name: new RegExp(`^${opts.observer}`) }).click();
  await expect(page.getByTestId('calibration-before')).toContainText(warning);
  await page.getByRole('combobox', { name: 'Faculty' }).click();
  await page.getByRole('option', { name: new RegExp(`^${opts.faculty}`) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Semester' }).click();
  await page.getByRole('option', { name: 'Fall', exact: true }).click();
  await axeClean(page, 'initiate with a warning');
  await page.getByRole('button', { name: 'Initiate', exact: true }).click();
  await expect(page.getByText(MSG.observationsInitiated)).toBeVisible();
  await expect(page.getByTestId('calibration-warning')).toContainText(warning);
}
