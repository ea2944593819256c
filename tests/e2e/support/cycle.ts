/**
 * Helpers for the observation-cycle journey (observation-cycle.spec.ts): browser contexts per person, the server's
 * view of an observation (polled instead of sleeping), rubric scoring and plan filling through the real UI, and a
 * small real PNG for the artifact upload.
 */
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Observation } from '../../../src/shared/contract/observations.js';
import { RUBRIC_CODES, RUBRIC_GROUP_TITLES, RUBRIC_LEVELS } from '../../../src/shared/enums.js';
import type { ServerApi } from './api.js';
import { expect } from './fixtures.js';

/** Every context of the journey: same clock zone and locale, so the dates typed and read agree. */
export const CONTEXT_DEFAULTS = {
  locale: 'en-US',
  timezoneId: 'America/Toronto',
  serviceWorkers: 'allow',
} as const;

export function newDesktop(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ ...CONTEXT_DEFAULTS, baseURL, viewport: { width: 1280, height: 800 } });
}

/** A phone-sized touch context (an iPhone 13-like portrait screen in Chromium). */
export function newPhone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
}

/** The observation as the server holds it for this token (GET /api/observation/{id}). */
export function serverObservation(api: ServerApi, token: string, id: string): Promise<Observation> {
  return api.request<Observation>('GET', `/observation/${id}`, { token });
}

/**
 * Polls the server until `check` holds for the observation (e.g. an outbox change reached it); fails with the
 * message after `timeout`. The value `check` returns is what the poll compares, so failures show it.
 */
export async function untilServer<T>(
  api: ServerApi,
  token: string,
  id: string,
  check: (o: Observation) => T,
  expected: T,
  message: string,
  timeout = 30_000,
): Promise<Observation> {
  let last: Observation | undefined;
  await expect
    .poll(
      async () => {
        last = await serverObservation(api, token, id);
        return check(last);
      },
      { message, timeout, intervals: [250, 500, 1000] },
    )
    .toEqual(expected);
  return last!;
}

let shot = 0;
/** A full-page screenshot of the current screen into tests/e2e/.artifacts/cycle/ (numbered in journey order). */
export async function screenshot(page: Page, name: string): Promise<void> {
  shot += 1;
  // From the top: a full-page capture draws the fixed shell (header, sidebar) where the page is scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `tests/e2e/.artifacts/cycle/${String(shot).padStart(2, '0')}-${name}.png`, fullPage: true, animations: 'disabled' });
}

export const ITEMS_PER_GROUP = 5;

/**
 * Scores the 20 rubric items (4 groups × 5, in screen order) with `scores` and saves each group with its own
 * Save button, waiting for the group's 'Saved' badge ('Complete — sending' when offline). A group is sent as soon as its last item is tapped, so
 * before Save its badge already reads 'Complete — sending' or 'Saved'. Radios are found by their accessible
 * level names.
 */
export async function scoreRubric(page: Page, scores: readonly number[], opts: { offline?: boolean } = {}): Promise<void> {
  expect(scores).toHaveLength(RUBRIC_CODES.length * ITEMS_PER_GROUP);
  for (const [g, code] of RUBRIC_CODES.entries()) {
    const name = `${code} ${RUBRIC_GROUP_TITLES[code]}`;
    const group = page.getByRole('region', { name });
    const items = group.getByRole('radiogroup');
    await expect(items).toHaveCount(ITEMS_PER_GROUP);
    for (let i = 0; i < ITEMS_PER_GROUP; i++) {
      const score = scores[g * ITEMS_PER_GROUP + i]!;
      const radio = items.nth(i).getByRole('radio', { name: `${score} ${RUBRIC_LEVELS[score]}`, exact: true });
      // The native radio is visually hidden (pointer-events: none); people click or tap its tile, the <label>.
      await radio.locator('xpath=ancestor::label[1]').click();
      await expect(radio).toBeChecked();
    }
    await expect(group.getByTestId('group-state')).toHaveText(/^(Complete — sending|Saved)$/);
    await group.getByRole('button', { name: `Save ${name}` }).click();
    // Offline the group is kept on the device and said to be on its way; online the server has it.
    await expect(group.getByTestId('group-state')).toHaveText(opts.offline ? 'Complete — sending' : 'Saved', { timeout: 20_000 });
  }
}

/** A sum as the screens show it: "60.0 / 80.0". */
export const total = (scores: readonly number[]) => `${scores.reduce((a, b) => a + b, 0).toFixed(1)} / 80.0`;

/**
 * Fills a plan step form (teaching or reflection): every text area of each step, Next between steps, Submit on
 * the last. `answer` gives the response for a question's name.
 */
export async function fillPlan(page: Page, steps: readonly { code: string; name: string }[], answer: (s: { code: string; name: string }) => string): Promise<void> {
  const sections = [...new Set(steps.map((s) => s.code))];
  for (const [n, code] of sections.entries()) {
    for (const s of steps.filter((x) => x.code === code)) {
      const box = page.getByRole('textbox', { name: s.name });
      await expect(box).toBeVisible();
      await box.fill(answer(s));
    }
    const last = n === sections.length - 1;
    await page.getByRole('button', { name: last ? 'Submit' : 'Next', exact: true }).click();
  }
}

/** A 24 × 24 RGB PNG (a real image: signature, IHDR, IDAT, IEND with correct CRCs). */
export function tinyPng(): Buffer {
  const w = 24;
  const h = 24;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 10) & 0xff;
      raw[o + 1] = (y * 10) & 0xff;
      raw[o + 2] = 160;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
