/**
 * The main pages (axe, layout and screenshot journeys), with the account that sees each one filled in:
 * the staged Physics observations (src/server/seed/demo-observations) give every observation screen real content.
 */
import { expect, type Page } from '@playwright/test';
import type { ServerApi } from './api.js';
import { demo, DOMAIN } from './demo.js';

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 1024, height: 768 },
  'tablet-portrait': { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const PHYSICS_OBSERVER = `observer.physics@${DOMAIN}`;
export const ADMIN = demo('Admin').email;

export interface MainPage {
  name: string;
  /** Account that opens it. */
  as: string;
  path: string;
  /** Text that shows the page has rendered its content. */
  ready: string | RegExp;
  /** The names of the charts (role figure) the page must have drawn: charts load once near the screen, so each is scrolled to. */
  figures?: readonly string[];
}

interface ListedObservation {
  id: string;
  cycleLabel: string;
  observationProgress: number;
}

/** The observation pages, addressed by the staged Physics observations (one per stage). */
export async function observationPages(api: ServerApi): Promise<MainPage[]> {
  const token = (await api.login(PHYSICS_OBSERVER)).token;
  const list = await api.request<ListedObservation[]>('GET', '/observations', { token });
  const at = (p: number, label?: string) => list.find((o) => o.observationProgress === p && (label === undefined || o.cycleLabel === label))!;
  const as = PHYSICS_OBSERVER;
  return [
    { name: 'dashboard', as, path: '/dashboard', ready: /Observations/, figures: ['Observations by status per period'] },
    { name: 'observation-list', as, path: '/observations/list-observation', ready: 'Aisha Bello' },
    { name: 'observation-detail', as, path: `/observations/detail-observation/${at(80, 'Post Observation').id}`, ready: 'Informed Observation Scheduling' },
    { name: 'scheduling', as, path: `/observations/observation-scheduling/${at(0, 'Observation Scheduling').id}`, ready: 'Observation Scheduling' },
    { name: 'rubric', as, path: `/observations/observation-rubric/${at(50).id}`, ready: '1-A Knowledge of Content' },
    { name: 'post-observation', as, path: `/observations/post-observation-meeting/${at(80, 'Post Observation').id}`, ready: 'Lesson plan - forces and motion.pdf' },
  ];
}

export const ADMIN_PAGES: readonly MainPage[] = [
  { name: 'courses', as: ADMIN, path: '/courses/list-courses', ready: /Courses/ },
  { name: 'users', as: ADMIN, path: '/users/list-user', ready: /Users/ },
  { name: 'create-user', as: ADMIN, path: '/users/create-user', ready: 'Create User' },
  { name: 'profile', as: ADMIN, path: '/settings/profile', ready: 'Adam Whitfield' },
  { name: 'email-templates', as: ADMIN, path: '/email/new-user', ready: /New User/ },
  { name: 'plans', as: ADMIN, path: '/plan/teaching-plan', ready: /Teaching Plan/ },
  {
    name: 'analytics',
    as: ADMIN,
    path: '/analytics',
    ready: 'Completion funnel',
    // The staged Physics observations have submitted observer scores, so the score chart has data (the heatmap
    // below it is a table with the values written in its cells).
    figures: [
      'Completion funnel: observations that reached each stage',
      'Observer score average per rubric item, by semester',
    ],
  },
];

/** Opens `page.path` and waits for its content and for the route fade to end. */
export async function openPage(page: Page, p: MainPage): Promise<void> {
  await page.goto(p.path);
  await expect(page.getByRole('main').getByText(p.ready).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Not found' })).toHaveCount(0);
  for (const name of p.figures ?? []) {
    // Without this, whether a check saw the chart depended on the viewport and the timing.
    const figure = page.getByRole('figure', { name });
    await expect(async () => {
      const loading = page.getByRole('status', { name: 'Loading chart' });
      // Short and allowed to fail: the loader may give way to the chart between the count and the scroll.
      if (await loading.count()) await loading.first().scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => undefined);
      await expect(figure).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  await settled(page);
}

/**
 * Waits until every finite animation and transition has ended (spinners loop forever: only finite ones are waited
 * for), so a check never sees a page or popover mid-fade, when its text is part-transparent and fails contrast.
 * Given 15 s on a loaded machine; a page whose own animation keeps running is then checked as it is.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}
