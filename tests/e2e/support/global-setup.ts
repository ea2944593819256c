/**
 * Playwright global setup: builds the client when it is stale, starts the real server (support/server.ts) and
 * exports its address as OBSERVA_E2E_URL for the workers; the returned function stops it and deletes its DATA_DIR.
 * With OBSERVA_E2E_URL already set, nothing is built or started (run the journeys against a server of yours).
 */
import path from 'node:path';
import { buildClientIfStale, root, startServer } from './server.js';

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.OBSERVA_E2E_URL) return;
  buildClientIfStale();
  const server = await startServer({ logFile: path.join(root, 'tests/e2e/.artifacts/server.log') });
  process.env.OBSERVA_E2E_URL = server.url;
  process.env.OBSERVA_E2E_DATA_DIR = server.dataDir;
  console.log(`[e2e] server on ${server.url} (log ${path.relative(root, server.logFile)})`);
  return server.stop;
}
