import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIsStale } from '../../src/server/start.js';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, at: number) {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, 'x');
  utimesSync(p, at / 1000, at / 1000);
}

describe('npm start: client staleness', () => {
  it('builds when the client is missing, newer sources make it stale, the generated route tree does not', () => {
    root = mkdtempSync(path.join(tmpdir(), 'observa-start-'));
    const t0 = Date.now() - 100_000;
    write('src/client/main.tsx', t0);
    write('src/shared/enums.ts', t0);
    write('index.html', t0);
    expect(clientIsStale(root)).toBe(true);
    write('dist/client/index.html', t0 + 10_000);
    expect(clientIsStale(root)).toBe(false);
    write('src/client/route-tree.gen.ts', t0 + 20_000);
    expect(clientIsStale(root)).toBe(false);
    write('src/shared/messages.ts', t0 + 20_000);
    expect(clientIsStale(root)).toBe(true);
    write('dist/client/index.html', t0 + 30_000);
    write('public/icons/icon.png', t0 + 40_000);
    expect(clientIsStale(root)).toBe(true);
  });
});
