import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code (*.test.ts / *.test.tsx); server integration tests too.
// Playwright specs live in tests/e2e and are run by Playwright, never by vitest.
export default defineConfig({
  test: {
    include: ['{core,ui,sdk,server,iframe-app,member-app,markets-app,demo-merchant-site,test-bank,tests/unit}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'dist/**', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy (about 300 MB each); two workers suit these 2-core machines.
    pool: 'forks',
    maxWorkers: 2,
  },
});
