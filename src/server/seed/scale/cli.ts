/**
 * `npm run seed:scale -- --observations N [--years 3..5] [--seed n] [--rubric-versions]`: migrates the database named by DATA_DIR or
 * DATABASE_URL (and seeds the demo university when it is fresh, as `npm start` would), then adds N observations
 * with their people and history in bulk. Run it with the server stopped when on PGlite (the DATA_DIR lock refuses
 * a second process). Running it again adds another N with fresh people; nothing existing is changed.
 * `--rubric-versions`: the first department gets rubrics with 100 versions and the observations are spread over
 * three published rubric versions (rubric-versions.ts); without it they are all on SPEC's.
 */
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDb } from '../../db/client.js';
import { artifactsDir } from '../../storage/index.js';
import { seed } from '../index.js';
import { seedScale } from './index.js';

const { values } = parseArgs({
  options: { observations: { type: 'string', default: '10000' }, years: { type: 'string' }, seed: { type: 'string' }, 'rubric-versions': { type: 'boolean', default: false } },
});
const observations = Number(values.observations);
if (!Number.isInteger(observations) || observations < 1 || observations > 1_000_000) {
  console.error('seed:scale: --observations must be a whole number from 1 to 1 000 000');
  process.exit(2);
}
const config = loadConfig(process.env);
const handle = await openDb({
  databaseUrl: config.databaseUrl,
  // The same directory the server opens (app.ts): the database lives in DATA_DIR/db, files beside it.
  pgliteDir: config.databaseUrl ? undefined : path.join(path.resolve(config.dataDir), 'db'),
  prepare: (db) => seed(db, config),
});
try {
  console.log(`seed:scale: adding ${observations} observations to ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}…`);
  const s = await seedScale(handle.db, {
    observations,
    domain: config.universityDomain,
    artifactsDir: config.s3 ? null : artifactsDir(config.dataDir),
    years: values.years ? Number(values.years) : undefined,
    seed: values.seed ? Number(values.seed) : undefined,
    rubricVersions: values['rubric-versions'],
  });
  console.log(`seed:scale: done in ${s.seconds.toFixed(1)} s (run tag ${s.tag}): ${s.departments} departments, ${s.users} people, ${s.courses} courses`);
  console.log(`  rows: ${Object.entries(s.rows).filter(([k]) => k !== 'files').map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`  first department ${s.first.departmentId}: HOD ${s.first.hod}, observer ${s.first.observer}`);
  console.log(`  stages: ${Object.entries(s.byStage).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (config.s3) console.log('  (object store configured: no artifacts seeded, their files cannot be placed from here)');
  // A bulk load leaves the planner's estimates behind (PGlite has no autovacuum; PostgreSQL's takes up to a minute):
  // the usual step after one, for every table.
  await handle.db.execute(sql`vacuum analyze`);
  console.log('  vacuumed and analyzed');
} finally {
  await handle.close();
}
