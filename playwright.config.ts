import { defineConfig } from '@playwright/test';

// End-to-end specs run in Debian's Chromium (Playwright cannot download browsers here) against the
// real platform started by server/cli/start.ts on an in-memory PGlite, so every run starts clean.
const PORT = Number(process.env.E2E_PORT ?? 8180);
const SHOP_PORT = Number(process.env.E2E_SHOP_PORT ?? 4180);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx server/cli/start.ts',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      SHOP_PORT: String(SHOP_PORT),
      DATA_DIR: 'memory://',
      // The browser specs always run on a fresh in-memory PGlite; PostgreSQL is exercised by the integration tests.
      DATABASE_URL: '',
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Every spec signs in from 127.0.0.1: one address for many people, like an office behind a NAT.
      // The default limit of 20 a minute is tested by the server's integration tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '600',
      MODE: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
