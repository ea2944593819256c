/**
 * How `npm test` (tests/run-all.ts) reads each runner's JSON report: counts, and one line per failed test, which the
 * summary prints so a CI log's tail names what failed and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');

export interface Count {
  passed: number;
  failed: number;
  note?: string;
  /** One line per failed test: its name and the start of its error (printed in the summary, which CI logs keep). */
  failures?: string[];
}

/** A failure as one readable line: colour codes and stack frames gone, whitespace folded, cut at 600 characters. */
function failureLine(name: string, message: string | undefined): string {
  const lines = stripVTControlCharacters(message ?? '').split('\n');
  const text = lines.filter((line) => !/^\s*at /.test(line)).join(' ').replace(/\s+/g, ' ').trim();
  return `${name}: ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report (jest-compatible shape). */
export function vitestReport(file: string) {
  return (exitCode: number): Count => {
    const r = readJson(file) as
      | {
          numPassedTests: number;
          numFailedTests: number;
          numPendingTests: number;
          numTodoTests: number;
          numFailedTestSuites?: number;
          testResults?: Array<{ name: string; message?: string; assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }> }>;
        }
      | undefined;
    if (!r) return { passed: 0, failed: 1, note: 'no report (runner crashed?)' };
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    let failed = r.numFailedTests + skipped;
    const notes: string[] = [];
    if (skipped) notes.push(`${skipped} skipped/todo counted as failed`);
    if (r.numFailedTestSuites && r.numFailedTests === 0) {
      failed += r.numFailedTestSuites;
      notes.push(`${r.numFailedTestSuites} file(s) failed to run`);
    }
    if (exitCode !== 0 && failed === 0) {
      failed = 1;
      notes.push(`exit code ${exitCode}`);
    }
    const failures = (r.testResults ?? []).flatMap((file) => {
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      const where = path.relative(root, file.name);
      if (tests.length === 0 && file.message) return [failureLine(where, file.message)];
      return tests.map((t) => failureLine(`${where} › ${t.fullName}`, t.failureMessages?.[0]));
    });
    return { passed: r.numPassedTests, failed, note: notes.join('; ') || undefined, failures };
  };
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; file: string; tests: Array<{ results: Array<{ status: string; error?: { message?: string } }> }> }>;
}

/** Failed Playwright tests, found in the report's nested suites. */
function playwrightFailures(suites: PlaywrightSuite[] = [], trail: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail;
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((t) => {
        const bad = t.results.find((res) => res.status !== 'passed' && res.status !== 'skipped');
        return bad ? [failureLine(`${spec.file} › ${[...here, spec.title].join(' › ')}`, bad.error?.message ?? bad.status)] : [];
      }),
    );
    return [...own, ...playwrightFailures(suite.suites, here)];
  });
}

/** Playwright's JSON report: stats.expected / unexpected / flaky / skipped. */
export function playwrightReport(file: string) {
  return (exitCode: number): Count => {
    const r = readJson(file) as
      | { stats?: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[]; suites?: PlaywrightSuite[] }
      | undefined;
    if (!r?.stats) return { passed: 0, failed: 1, note: 'no report (runner crashed?)' };
    const s = r.stats;
    let failed = s.unexpected + s.flaky + s.skipped;
    const notes: string[] = [];
    if (s.skipped) notes.push(`${s.skipped} skipped counted as failed`);
    if ((r.errors?.length ?? 0) > 0 && failed === 0) {
      failed = r.errors!.length;
      notes.push('global errors (setup?)');
    }
    if (exitCode !== 0 && failed === 0) {
      failed = 1;
      notes.push(`exit code ${exitCode}`);
    }
    return { passed: s.expected, failed, note: notes.join('; ') || undefined, failures: playwrightFailures(r.suites) };
  };
}

