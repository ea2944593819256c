/**
 * Browser journeys (tests/e2e) in Debian's Chromium — Playwright never downloads a browser here.
 * The global setup builds the client when it is stale and starts the real server (src/server/main.ts) on a free
 * port with a fresh DATA_DIR (PGlite + demo seed); tests read its address from OBSERVA_E2E_URL (see support/fixtures).
 * Set OBSERVA_E2E_URL yourself to run the journeys against a server that is already up.
 */
import { defineConfig } from '@playwright/test';

const artifacts = 'tests/e2e/.artifacts';

// Lets routes see (and abort) the service worker's own requests, so "offline" covers the worker too
// (support/network.ts). Set here, before the workers start, so every worker inherits it.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `${artifacts}/results`,
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? `${artifacts}/report.json` }],
  ],
  // The journeys that read the staged demo as seeded run first: later journeys move it on (evidence-notes starts
  // the uninformed observation of the one cycle whose informed observation is completed).
  // The closing journey runs last: it completes the staged cycle whose meeting is scheduled, which the layout,
  // accessibility and screenshot journeys open at that stage.
  projects: [
    { name: 'seeded-demo', testMatch: ['**/first-screen.spec.ts', '**/honest-states.spec.ts'] },
    { name: 'journeys', testIgnore: ['**/first-screen.spec.ts', '**/honest-states.spec.ts', '**/closing.spec.ts'], dependencies: ['seeded-demo'] },
    { name: 'closing', testMatch: ['**/closing.spec.ts'], dependencies: ['journeys'] },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
