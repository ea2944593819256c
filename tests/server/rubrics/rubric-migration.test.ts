/**
 * Migration 0024 on a database that already holds the 20 items, observations and scores (an installation from
 * before rubric versions): the items become version 1 of the published institution rubric "SPEC rubric", every
 * observation is scored on it, scores are untouched, the base seed then adds nothing, and the version is frozen.
 * Runs on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client.js';
import { migrationsFolder } from '../../../src/server/db/migration-journal.js';
import { rowsOf } from '../../../src/server/db/results.js';
import * as schema from '../../../src/server/db/schema.js';
import { SPEC_RUBRIC_ID, SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import { seedBase } from '../../../src/server/seed/base.js';
import { RUBRIC_CODES } from '../../../src/shared/enums.js';
import { SPEC_SCALE } from '../../../src/shared/rubric-definition.js';
import { freshPgDatabase } from '../../instances/processes.js';

let db: Db;
let migrateTo: (folder: string) => Promise<void>;
let close: () => Promise<void>;
let before: string;

beforeAll(async () => {
  // The migrations up to 0023: the journal without its later entries.
  before = mkdtempSync(path.join(tmpdir(), 'observa-pre-0024-'));
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 24);
  expect(journal.entries.at(-1)?.tag).toBe('0023_closing-the-cycle');
  writeFileSync(journalFile, JSON.stringify(journal));

  if (process.env.OBSERVA_TEST_DB === 'postgres') {
    const scratch = await freshPgDatabase('t');
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    db = drizzlePg(pool, { schema }) as unknown as Db;
    migrateTo = (folder) => migratePg(db as never, { migrationsFolder: folder });
    close = async () => {
      await pool.end();
      await scratch.drop();
    };
  } else {
    const client = new PGlite();
    db = drizzlePglite(client, { schema }) as unknown as Db;
    migrateTo = (folder) => migratePglite(db as never, { migrationsFolder: folder });
    close = () => client.close();
  }
}, 120_000);
afterAll(async () => {
  await close?.();
  if (before) rmSync(before, { recursive: true, force: true });
});

const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));

describe('migration 0024 on an existing installation', () => {
  it('makes the existing items version 1 of the SPEC rubric and every observation and score stays as it was', async () => {
    await migrateTo(before);
    // The state before: 20 items as the old seed wrote them, one observation with a meeting and scores.
    await db.execute(sql`insert into departments (name) values ('Computer Science')`);
    const people = await rows<{ id: string }>(sql`insert into users (name, email, password_hash, role) values
      ('H', 'h@university.edu', 'x', 'Head_of_Department'), ('O', 'o@university.edu', 'x', 'Observer'), ('F', 'f@university.edu', 'x', 'Faculty')
      returning id`);
    for (const code of RUBRIC_CODES) {
      for (let p = 1; p <= 5; p++) await db.execute(sql`insert into rubric_items (code, position, title) values (${code}, ${p}, ${`${code} item ${p}`})`);
    }
    const [obs] = await rows<{ id: string }>(sql`insert into observations (hod_id, observer_id, faculty_id, semester)
      values (${people[0]!.id}, ${people[1]!.id}, ${people[2]!.id}, 'Fall') returning id`);
    const [meeting] = await rows<{ id: string }>(sql`insert into meetings (observation_id, kind, observer_score) values (${obs!.id}, 'informed', 60) returning id`);
    await db.execute(sql`insert into rubric_scores (meeting_id, rubric_item_id, side, score) select ${meeting!.id}, id, 'observer', 3 from rubric_items`);

    await migrateTo(migrationsFolder);

    const [rubric] = await rows<{ id: string; name: string; department_id: number | null; institution_default: boolean }>(sql`select * from rubrics`);
    expect(rubric).toMatchObject({ id: SPEC_RUBRIC_ID, name: 'SPEC rubric', department_id: null, institution_default: true });
    const [version] = await rows<{ id: string; number: number; status: string; scale: unknown; published_at: unknown }>(sql`select * from rubric_versions`);
    expect(version).toMatchObject({ id: SPEC_RUBRIC_VERSION_ID, number: 1, status: 'published', scale: SPEC_SCALE });
    expect(version!.published_at).not.toBeNull();
    const items = await rows<{ code: string; position: number; group_title: string; group_position: number; item_code: string; rubric_version_id: string }>(
      sql`select * from rubric_items order by group_position, position`,
    );
    expect(items).toHaveLength(20);
    expect(items.every((i) => i.rubric_version_id === SPEC_RUBRIC_VERSION_ID)).toBe(true);
    expect(items.map((i) => `${i.group_position}:${i.code}:${i.item_code}`).slice(0, 6)).toEqual(['1:1-A:1-A.1', '1:1-A:1-A.2', '1:1-A:1-A.3', '1:1-A:1-A.4', '1:1-A:1-A.5', '2:1-B:1-B.1']);
    expect([...new Set(items.map((i) => i.group_title))]).toEqual(['Knowledge of Content', 'Knowledge of Pedagogy', 'Student Assessment', 'Learning Environment']);
    expect(await rows(sql`select rubric_version_id from observations`)).toEqual([{ rubric_version_id: SPEC_RUBRIC_VERSION_ID }]);
    expect(await rows(sql`select count(*)::int as n, sum(score)::int as total from rubric_scores`)).toEqual([{ n: 20, total: 60 }]);

    // The base seed finds the SPEC rubric there and adds nothing; the version is frozen like any published one.
    await seedBase(db);
    expect(await rows(sql`select count(*)::int as n from rubric_items`)).toEqual([{ n: 20 }]);
    expect(await rows(sql`select count(*)::int as n from rubric_versions`)).toEqual([{ n: 1 }]);
    const refused = await db.execute(sql`update rubric_items set title = 'Changed'`).then(() => null, (e: unknown) => e);
    expect(refused).not.toBeNull();
  }, 120_000);
});
