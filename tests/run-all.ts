/**
 * `npm test`: every check of the project, in order, each in its own process:
 *   typecheck → lint → vitest (PGlite) → server suite on PostgreSQL → server suite with prepared statements off
 *   (PGlite) → vite build → Playwright (tests/e2e).
 *
 * Counting: the test runners report through their JSON reporters (one count per test); typecheck, lint and build
 * count as one test each. A skipped/todo test counts as a failure (the project has no skipped tests), and so does a
 * runner that exits non-zero without reporting a failed test (a file that did not load, a crash, a timeout).
 * A failing stage never stops the later ones, and the last line printed is always exactly
 * `tests: N passed, M failed`; the exit code is non-zero when M > 0.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playwrightReport, vitestReport, type Count } from './run-reports.js';

interface Stage {
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads the runner's report; absent → the stage is one test (exit code 0 = passed). */
  report?: (exitCode: number) => Count;
  /** The stage's own limit (a hang); it also never runs past the whole run's budget (RUN_BUDGET_MS). */
  timeoutMs: number;
}

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-test-'));
const only = process.env.OBSERVA_STAGES?.split(',').map((s) => s.trim());

const vitestJson = path.join(outDir, 'vitest.json');
const vitestPgJson = path.join(outDir, 'vitest-pg.json');
const vitestPlainJson = path.join(outDir, 'vitest-plain.json');
const playwrightJson = path.join(outDir, 'playwright.json');
const min = 60_000;
/**
 * The whole run's limit: CI allows 90 minutes, installing included. The stages' own limits are generous (a shared
 * machine runs up to 4× slower in one hour than in another) and together exceed it; each stage is stopped at its
 * own limit or at this budget's end, whichever comes first.
 */
const RUN_BUDGET_MS = 80 * min;
const runEnds = Date.now() + RUN_BUDGET_MS;

const stages: Stage[] = [
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'], timeoutMs: 5 * min },
  { name: 'lint', cmd: bin('eslint'), args: ['.'], timeoutMs: 5 * min },
  {
    name: 'vitest',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    report: vitestReport(vitestJson),
    timeoutMs: 40 * min,
  },
  {
    name: 'server suite on PostgreSQL',
    cmd: bin('vitest'),
    args: ['run', 'tests/server', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestPgJson}`],
    env: { OBSERVA_TEST_DB: 'postgres' },
    report: vitestReport(vitestPgJson),
    timeoutMs: 25 * min,
  },
  {
    // The stock drivers (docs/database-drivers.md): the server suite once more with prepared statements off, on
    // PGlite, where turning them off changes the driver itself.
    name: 'server suite with prepared statements off',
    cmd: bin('vitest'),
    args: ['run', 'tests/server', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestPlainJson}`],
    env: { DB_PREPARED_STATEMENTS: 'off' },
    report: vitestReport(vitestPlainJson),
    timeoutMs: 25 * min,
  },
  { name: 'vite build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'], timeoutMs: 5 * min },
  {
    name: 'playwright',
    cmd: bin('playwright'),
    args: ['test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
    report: playwrightReport(playwrightJson),
    timeoutMs: 40 * min,
  },
];

function run(stage: Stage, timeoutMs: number): Promise<{ code: number; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...stage.env },
      detached: true, // own process group, so a timeout ends the runner and everything it started
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      console.error(`[${stage.name}] could not start: ${err.message}`);
      resolve({ code: 127, timedOut });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), timedOut });
    });
  });
}

const results: Array<{ stage: string; count: Count; seconds: number }> = [];
for (const stage of stages) {
  if (only && !only.includes(stage.name)) continue;
  console.log(`\n=== ${stage.name}: ${[path.basename(stage.cmd), ...stage.args].join(' ')}`);
  const t0 = Date.now();
  const timeoutMs = Math.max(0, Math.min(stage.timeoutMs, runEnds - t0));
  const { code, timedOut } = await run(stage, timeoutMs);
  let count: Count = stage.report ? stage.report(code) : code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  if (timedOut) count = { passed: count.passed, failed: Math.max(count.failed, 1), note: `timed out after ${Math.round(timeoutMs / 1000)} s${timeoutMs < stage.timeoutMs ? ' (the run\'s budget)' : ''}` };
  results.push({ stage: stage.name, count, seconds: Math.round((Date.now() - t0) / 1000) });
}

fs.rmSync(outDir, { recursive: true, force: true });
const failures = results.flatMap((r) => (r.count.failures ?? []).map((f) => `[${r.stage}] ${f}`));
if (failures.length) {
  console.log('\n=== failures');
  for (const f of failures.slice(0, 20)) console.log(f);
  if (failures.length > 20) console.log(`… and ${failures.length - 20} more`);
}
console.log('\n=== summary');
for (const r of results) {
  const mark = r.count.failed ? 'FAIL' : 'ok  ';
  console.log(`${mark} ${r.stage.padEnd(28)} ${r.count.passed} passed, ${r.count.failed} failed (${r.seconds} s)${r.count.note ? ` — ${r.count.note}` : ''}`);
}
const passed = results.reduce((n, r) => n + r.count.passed, 0);
const failed = results.reduce((n, r) => n + r.count.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
