/**
 * The calibration part of tests/shared/linear-time.test.ts's promise, kept here too: every exported function of
 * src/shared/calibration has an entry in CALIBRATION_CALLS, and each answers 100 KiB hostile input (lists and
 * numbers as large as the string) in linear time.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALIBRATION_CALLS } from './hostile-calls.js';

const BOUND_MS = 200;
const N = 100 * 1024;
const HOSTILE: Record<string, string> = {
  letters: 'a'.repeat(N),
  nul: '\u0000'.repeat(N),
  loneSurrogates: '\ud800'.repeat(N),
  digits: '1'.repeat(N),
  mixed: 'a1\u0000 -'.repeat(N / 5),
};

const modules = import.meta.glob<Record<string, unknown>>('../../../src/shared/calibration/*.ts', { eager: true });
const exported = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([, v]) => typeof v === 'function' && !(v instanceof z.ZodType))
    .map(([name]) => `${file.replace('../../../src/shared/', '')}#${name}`),
);

function best(fn: () => unknown): number {
  let ms = Infinity;
  for (let i = 0; i < 3 && ms >= BOUND_MS / 4; i++) {
    const start = performance.now();
    fn();
    ms = Math.min(ms, performance.now() - start);
  }
  return ms;
}

describe('calibration functions on hostile input', () => {
  it('every exported function has its call, and every call an exported function', () => {
    expect(exported.length).toBeGreaterThan(40);
    expect(exported.filter((name) => !(name in CALIBRATION_CALLS))).toEqual([]);
    expect(Object.keys(CALIBRATION_CALLS).filter((name) => !exported.includes(name))).toEqual([]);
  });

  it(`each answers every 100 KiB hostile input in < ${BOUND_MS} ms`, () => {
    const slow: string[] = [];
    for (const [name, call] of Object.entries(CALIBRATION_CALLS)) {
      call('warm-up');
      for (const [shape, s] of Object.entries(HOSTILE)) {
        const ms = best(() => call(s));
        if (ms >= BOUND_MS) slow.push(`${name} ${shape}: ${Math.round(ms)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });
});
