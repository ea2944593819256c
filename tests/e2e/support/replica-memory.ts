/**
 * The client-memory scenario, shared by the 10 000-row benchmark (tests/bench/client-memory.ts) and the
 * 1 000-row CI journey (tests/e2e/client-memory.spec.ts): a signed-in Head of Department's replica is filled
 * directly in IndexedDB with realistic observation records (summary grain, a share as full documents with
 * meetings, rubric rows and plans), the app is reloaded, and we read
 *   - the JS heap after a forced GC (CDP HeapProfiler.collectGarbage + Runtime.getHeapUsage) once the dashboard
 *     has rendered and again once the observation list has,
 *   - the time from the click on 'View All Observations' to the list's first rows (measured inside the page),
 *   - the time from a filter chip's click to the list's new total.
 * The page functions are strings: the page must not depend on how the runner transpiles TypeScript.
 */
import type { Page } from '@playwright/test';

/** Writes `n` observations into the replica's `observations` store in one transaction (raw IndexedDB). */
const FILL = `async ({ n, fullShare, departmentId, hodId }) => {
  const statuses = ['Pending', 'Ongoing', 'Completed'];
  const semesters = ['Spring', 'Summer', 'Fall'];
  const labels = ['Scheduling', 'Informed Observation', 'Uninformed Observation', 'Post Observation', 'Completed'];
  const person = (id, name) => ({ id, name, avatar: null });
  const rubric = (k) => Array.from({ length: 20 }, (_, j) => ({ id: 'r-' + k + '-' + j, code: 'G' + (j % 4), title: 'Rubric item ' + j + ' about classroom practice', observerScore: (k + j) % 5, facultyScore: (k * j) % 5 }));
  const steps = (k) => Array.from({ length: 13 }, (_, j) => ({ id: 's-' + k + '-' + j, templatePlanId: 't-' + j, key: 'Step' + j, code: 'Code' + j, name: 'Step ' + j, field: 'What did you plan for step ' + j + '?', response: 'A considered answer of a few sentences for step ' + j + ' of observation ' + k + '. '.repeat(3) }));
  const db = await new Promise((ok, ko) => { const r = indexedDB.open('observa'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
  const base = Date.UTC(2019, 0, 1);
  const span = Date.UTC(2026, 10, 1) - base;
  await new Promise((ok, ko) => {
    const tx = db.transaction('observations', 'readwrite');
    const store = tx.objectStore('observations');
    for (let i = 0; i < n; i++) {
      const created = new Date(base + Math.floor((span * i) / n)).toISOString();
      const status = statuses[i % 7 === 0 ? 0 : i % 3 === 0 ? 1 : 2];
      const fid = 'bench-fac-' + (i % 300);
      const oid = 'bench-obs-' + (i % 40);
      const full = (i % 100) < fullShare * 100;
      const rec = {
        id: 'bench-' + String(i).padStart(6, '0'),
        grain: full ? 'full' : 'summary',
        course: { id: 'bench-course-' + (i % 120), courseCode: 'BEN-' + (100 + (i % 120)), name: 'Course number ' + (i % 120) },
        courseId: 'bench-course-' + (i % 120),
        facultyId: fid, observerId: oid, hodId,
        faculty: person(fid, 'Faculty Member ' + (i % 300)),
        observer: person(oid, 'Observer Person ' + (i % 40)),
        hod: person(hodId, 'Head of Department'),
        departmentId, semester: semesters[i % 3], status, observationStatus: status,
        createdAt: created, updatedAt: created, observationProgress: (i * 13) % 101,
        cycleLabel: labels[i % labels.length], version: 1,
      };
      if (full) {
        Object.assign(rec, {
          starting: created, ending: created,
          obsRequest: { id: 'req-' + i, status: 'Completed', teachingPlan: { id: 'tp-' + i, type: 'Teaching', steps: steps(i) }, reflectionPlan: { id: 'rp-' + i, type: 'Reflection', steps: steps(i + 1) } },
          meetings: { informed: { id: 'mi-' + i, status: 'Completed', rubrics: rubric(i) }, uninformed: { id: 'mu-' + i, status: 'Completed', rubrics: rubric(i + 1) } },
        });
      }
      store.put(rec);
    }
    tx.oncomplete = ok;
    tx.onerror = () => ko(tx.error);
  });
  db.close();
}`;

/** Clicks the element `find()` returns and resolves with the ms until `done()` holds (MutationObserver, in page). */
const TIME_CLICK = `({ find, done }) => new Promise((resolve, reject) => {
  const target = new Function('return (' + find + ')()')();
  const check = new Function('return (' + done + ')()');
  if (!target) return reject(new Error('nothing to click: ' + find));
  const t0 = performance.now();
  const mo = new MutationObserver(() => { if (check()) { mo.disconnect(); resolve(performance.now() - t0); } });
  mo.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  target.click();
  setTimeout(() => { mo.disconnect(); reject(new Error('timed out waiting for: ' + done)); }, 30000);
})`;

async function timeClick(page: Page, find: string, done: string): Promise<number> {
  return page.evaluate(`(${TIME_CLICK})(${JSON.stringify({ find, done })})`) as Promise<number>;
}

/** JS heap in use after a forced full GC, in bytes. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (let i = 0; i < 2; i++) await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

export interface ClientMemoryFigures {
  records: number;
  fullShare: number;
  heapAfterSyncMB: number;
  heapDashboardMB: number;
  heapListMB: number;
  /** From the start of the page load to the dashboard's last replica read (counts, stream, tables). */
  dashboardReadyMs: number;
  dashboardCount: number;
  firstRowsColdMs: number;
  firstRowsWarmMs: number;
  filterStatusMs: number;
  filterSemesterMs: number;
  listTotalUnfiltered: number;
}

const MB = 1024 * 1024;
const LIST_ROWS = `() => document.querySelector('table[aria-label="Observations"] tbody tr')`;
const VIEW_ALL = `() => [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'View All Observations')`;
const totalText = `() => { const p = [...document.querySelectorAll('p')].find((e) => /^\\d+ observation\\(s\\)$/.test(e.textContent.trim())); return p ? Number(p.textContent.trim().split(' ')[0]) : null; }`;
const chip = (group: string, label: string) =>
  `() => { const g = document.querySelector('[role="group"][aria-label="${group}"]'); return g && [...g.querySelectorAll('label')].find((l) => l.textContent.trim() === '${label}'); }`;

/**
 * The dashboard has finished its replica reads: the chart, the recent table and the stream's total for the
 * latest year (the stream shows empty bars while its index counts run; clicking on before they end would time
 * the list behind the dashboard's queries).
 */
async function dashboardSettled(page: Page): Promise<void> {
  await page.locator('.recharts-surface').first().waitFor({ timeout: 60_000 });
  await page.getByRole('table', { name: 'Observations' }).waitFor({ timeout: 60_000 });
  await page.getByText(/^[1-9]\d* observation\(s\) shown for \d{4}\.$/).waitFor({ timeout: 60_000 });
}

async function listTotal(page: Page): Promise<number> {
  return (await page.evaluate(`(${totalText})()`)) as number;
}

/**
 * Runs the scenario on a page whose user (a Head of Department, who has the list filters) is signed in and whose
 * first sync has finished.
 */
export async function measureClientMemory(page: Page, n: number, fullShare = 0.1): Promise<ClientMemoryFigures> {
  const user = (await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'))) as { id: string; department: { id: number } | null } | null;
  if (!user?.department) throw new Error('the scenario needs a signed-in Head of Department');
  const heapAfterSync = await heapAfterGc(page);
  await page.evaluate(`(${FILL})(${JSON.stringify({ n, fullShare, departmentId: user.department.id, hodId: user.id })})`);

  // A fresh start on the filled replica: the dashboard of the department.
  await page.goto('/dashboard');
  const count = page.getByTestId('count-observations');
  await page.waitForFunction((min) => Number(document.querySelector('[data-testid="count-observations"]')?.textContent ?? 0) >= min, n, { timeout: 60_000 });
  await dashboardSettled(page);
  const dashboardReadyMs = (await page.evaluate(() => performance.now())) as number;
  const dashboardCount = Number(await count.textContent());
  const heapDashboard = await heapAfterGc(page);

  const firstRowsCold = await timeClick(page, VIEW_ALL, LIST_ROWS);
  await page.getByText(/^\d+ observation\(s\)$/).waitFor();
  const heapList = await heapAfterGc(page);
  const listTotalUnfiltered = await listTotal(page);

  // The same again with the list's code already loaded: what the replica read costs.
  await page.goBack();
  await dashboardSettled(page);
  const firstRowsWarm = await timeClick(page, VIEW_ALL, LIST_ROWS);
  await page.getByText(/^\d+ observation\(s\)$/).waitFor();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('group', { name: 'Status filter' }).waitFor();
  const changed = (before: number) => `() => { const t = (${totalText})(); return t !== null && t !== ${before}; }`;
  let before = await listTotal(page);
  const filterStatus = await timeClick(page, chip('Status filter', 'Completed'), changed(before));
  before = await listTotal(page);
  const filterSemester = await timeClick(page, chip('Semester filter', 'Fall'), changed(before));

  return {
    records: n,
    fullShare,
    heapAfterSyncMB: heapAfterSync / MB,
    heapDashboardMB: heapDashboard / MB,
    heapListMB: heapList / MB,
    dashboardReadyMs,
    dashboardCount,
    firstRowsColdMs: firstRowsCold,
    firstRowsWarmMs: firstRowsWarm,
    filterStatusMs: filterStatus,
    filterSemesterMs: filterSemester,
    listTotalUnfiltered,
  };
}
