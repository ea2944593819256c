/** Seeding entry point: base data always (idempotent), the demo university when asked and the database is fresh. */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { seedBase } from './base.js';
import { seedDemo } from './demo.js';

export async function seed(
  db: Db,
  config: Pick<Config, 'seedDemo' | 'universityDomain'> & Partial<Pick<Config, 'seedDemoObservations' | 'dataDir'>>,
): Promise<void> {
  await seedBase(db);
  if (!config.seedDemo) return;
  const observations = config.seedDemoObservations === true && config.dataDir ? { dataDir: config.dataDir } : undefined;
  await seedDemo(db, config.universityDomain, observations);
}
