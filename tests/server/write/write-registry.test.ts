/**
 * The one write path (write/registry.ts): every outbox mutation is served by exactly one mutator of the same
 * method, every mutator is a route of the app, and no route outside the registry changes anything — save the
 * few that are not replayable changes (listed below with the reason).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATIONS, mutationDef, type MutationName } from '../../../src/shared/sync/mutations/index.js';
import { MUTATORS, mutatorFor, unserved } from '../../../src/server/write/registry.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

/** Write routes that are not mutators, and why. */
const NOT_MUTATORS: Record<string, string> = {
  'POST /auth/login': 'answers a new token: nothing to replay, and a token must never be stored',
  'POST /auth/oidc/session': 'trades a single sign-on ticket for a new token, as a sign-in: nothing to replay, and a token must never be stored',
  'POST /auth/accept-invitation': 'no session yet: the emailed one-time token is the authority, and a used token is refused',
  'POST /observation/prompt/preview': 'a read: what a prompt would send, nothing written',
  'POST /sync/push': 'the batch itself: each of its rows is run by its mutator',
  'POST /user/calendar-feed': 'answers a new secret address once: storing the answer for a replay would store the secret',
  'DELETE /user/calendar-feed': 'goes with the POST above (no outbox mutation either)',
};

/** Route files that register routes by hand, and why. */
const BY_HAND: Record<string, string> = {
  'files.ts': 'resumable uploads (tus) carry bytes, not changes; a finished upload becomes part of a record through a mutator',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the write registry', () => {
  it('serves every outbox mutation with exactly one mutator of the same method', () => {
    const names = Object.keys(MUTATIONS) as MutationName[];
    expect(unserved(names)).toEqual([]);
    for (const name of names) {
      const def = mutationDef(name)!;
      expect(mutatorFor(name)?.method, name).toBe(def.method);
    }
    expect(mutatorFor('constructor')).toBeUndefined();
    expect(mutatorFor('__proto__')).toBeUndefined();
  });

  it('registers every mutator as a route of the app', () => {
    for (const m of MUTATORS) expect(t.app.hasRoute({ method: m.method, url: `/api${m.url}` }), `${m.method} ${m.url}`).toBe(true);
  });

  it('has no write route outside the registry but the listed ones', () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.resolve('src/server/routes'))) {
      if (file.endsWith(`${path.sep}writes.ts`)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/app\.(post|put|delete|patch)\s*(?:<[^>]*>)?\(\s*\n?\s*'([^']+)'/g)) found.push(`${m[1]!.toUpperCase()} ${m[2]}`);
      if (!BY_HAND[path.basename(file)]) expect(text, `${file} registers routes by hand`).not.toMatch(/app\.route\(/);
    }
    expect(found.sort()).toEqual(Object.keys(NOT_MUTATORS).sort());
  });
});
