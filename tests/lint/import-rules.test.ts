/**
 * The import rules of eslint.config.js fail on what they forbid: a service importing the HTTP edge or a driver, the
 * data layer importing a service, and an import cycle (written to disk for the run: the cycle rule reads the files).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = path.resolve('src/server/services/lint-fixture-cycle');

async function rulesHit(filePath: string, text: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(text, { filePath: path.resolve(filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
  writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a.js';\nexport const b = 1;\nexport type A = typeof a;\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import rules', () => {
  it('refuses a service importing the HTTP edge, the write path or a driver', async () => {
    expect(await rulesHit('src/server/services/x.ts', "import { registerAuth } from '../plugins/auth.js';\nvoid registerAuth;\n")).toEqual([
      expect.stringMatching(/^observa\/layers: .*services\/ never imports the HTTP edge/),
    ]);
    expect((await rulesHit('src/server/services/x.ts', "import { runPush } from '../write/push.js';\nvoid runPush;\n"))[0]).toMatch(/write path/);
    expect((await rulesHit('src/server/services/x.ts', "import pg from 'pg';\nvoid pg;\n"))[0]).toMatch(/database driver/);
    expect(await rulesHit('src/server/services/x.ts', "import { conflict } from './errors.js';\nvoid conflict;\n")).toEqual([]);
  });

  it('refuses the data layer importing a service', async () => {
    expect((await rulesHit('src/server/db/x.ts', "import { audit } from '../services/audit.js';\nvoid audit;\n"))[0]).toMatch(/data layer/);
  });

  it('refuses an import cycle, a type-only one too', async () => {
    const text = "import { b } from './b.js';\nexport const a = () => b;\n";
    expect((await rulesHit(path.join(dir, 'a.ts'), text)).some((m) => m.startsWith('observa/no-cycle: Import cycle'))).toBe(true);
  });
});
