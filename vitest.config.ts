import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests (node). Server tests share one PGlite per file (creating one costs seconds);
 * client component tests opt into jsdom with a `// @vitest-environment jsdom` comment.
 * Browser journeys live in tests/e2e and run under Playwright, not here.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'tests/bench/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/client/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
