/**
 * Honest states on the observation detail page against the staged Physics observations (src/server/seed): beside
 * a completed informed observation the uninformed one reads "Ready to start", never NOT STARTED; a meeting is
 * flagged Overdue exactly when the shared rule (src/shared/stages.ts) says so for its date — at phone, tablet
 * (both orientations) and desktop sizes.
 */
import type { Observation } from '../../src/shared/contract/observations.js';
import { isMeetingOverdue } from '../../src/shared/stages.js';
import { expect, test } from './support/fixtures.js';
import { PHYSICS_OBSERVER, VIEWPORTS } from './support/pages.js';
import { signIn } from './support/session.js';

for (const name of ['phone', 'tablet', 'tablet-portrait', 'desktop'] as const) {
  test(`${name}: stage cards say what comes next and flag an overdue meeting`, async ({ page, api }) => {
    test.setTimeout(90_000);
    const token = (await api.login(PHYSICS_OBSERVER)).token;
    const list = await api.request<{ id: string }[]>('GET', '/observations', { token });
    const docs = await Promise.all(list.map((o) => api.request<Observation>('GET', `/observation/${o.id}`, { token })));
    const ready = docs.find((o) => o.meetings.informedObservation?.status === 'Completed' && !o.meetings.uninformedObservation);
    const withMeeting = docs.find((o) => o.meetings.postObservation && o.meetings.postObservation.status !== 'Completed');
    expect(ready, 'a staged observation with the informed observation completed and the uninformed not started').toBeTruthy();
    expect(withMeeting, 'a staged observation with a meeting not completed').toBeTruthy();

    await page.setViewportSize(VIEWPORTS[name]);
    await signIn(page, PHYSICS_OBSERVER);
    await page.goto(`/observations/detail-observation/${ready!.id}`);
    const uninformed = page.getByRole('region', { name: 'Uninformed Observation' });
    await expect(uninformed.getByText('Ready to start', { exact: true })).toBeVisible();
    await expect(uninformed.getByText('Not started', { exact: true })).toHaveCount(0);
    await expect(uninformed.getByText('Starts when the informed observation is completed.')).toHaveCount(0);

    await page.goto(`/observations/detail-observation/${withMeeting!.id}`);
    const meeting = page.getByRole('region', { name: 'Post Observation Meeting Scheduling' });
    await expect(meeting.getByText(withMeeting!.meetings.postObservation!.status, { exact: true })).toBeVisible();
    await expect(meeting.getByText('Overdue', { exact: true })).toHaveCount(isMeetingOverdue(withMeeting!.meetings.postObservation) ? 1 : 0);
    await page.screenshot({ path: `tests/e2e/.artifacts/honest-states/${name}-meeting.png`, fullPage: true, animations: 'disabled' });
  });
}
