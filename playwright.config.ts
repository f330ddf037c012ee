import { defineConfig } from '@playwright/test';
import { NODES_FILE, NODES_PORT } from './tests/e2e/nodes-file.ts';

// End-to-end specs run in Debian's Chromium (Playwright cannot download browsers here) against the
// real platform started by scripts/start.ts on an in-memory PGlite, so every run starts clean.
const PORT = Number(process.env.E2E_PORT ?? 8180);
const SHOP_PORT = Number(process.env.E2E_SHOP_PORT ?? 4180);
// The test bank's own origin (online banking); specs read it from E2E_BANK_PORT too. Not 4190: fetch refuses
// it (a "bad port" of the Fetch standard, ManageSieve), in Node and in browsers alike.
const BANK_PORT = Number(process.env.E2E_BANK_PORT ?? 4185);
// With DATABASE_URL (CI sets it), the money journeys run a second time on a platform backed by a fresh
// PostgreSQL database (tests/e2e/serve-on-postgres.ts), so they pass on both databases.
const PG_PORT = PORT + 20;
const onPostgres = Boolean(process.env.DATABASE_URL);
const MONEY_SPECS = /money-.*\.spec\.ts$/;
// The journeys paid from real nodes' wallets (litecoind regtest, anvil) run against their own platform,
// started with --local-nodes (tests/e2e/serve-on-nodes.ts); the node connection details are in NODES_FILE.
const CHAIN_SPECS = /chain-.*\.spec\.ts$/;

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
  projects: [
    { name: 'pglite', testIgnore: CHAIN_SPECS },
    { name: 'nodes', testMatch: CHAIN_SPECS, use: { baseURL: `http://localhost:${NODES_PORT}` } },
    ...(onPostgres ? [{ name: 'postgres', testMatch: MONEY_SPECS, use: { baseURL: `http://localhost:${PG_PORT}` } }] : []),
  ],
  webServer: [
    {
      command: 'npx tsx scripts/start.ts',
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        SHOP_PORT: String(SHOP_PORT),
        TEST_BANK_PORT: String(BANK_PORT),
        DATA_DIR: 'memory://',
        // A fresh in-memory PGlite every run; the money journeys also run on PostgreSQL (the second server).
        DATABASE_URL: '',
        PUBLIC_URL: `http://localhost:${PORT}`,
        // Every spec signs in from 127.0.0.1: one address for many people, like an office behind a NAT.
        // The default limit of 20 a minute is tested by the server's integration tests.
        AUTH_RATE_LIMIT_PER_MINUTE: '600',
        // The same for every other call: the whole suite is one address, and a page load is a dozen calls. At the
        // default 600 a minute a busy minute could answer 429 to a page's session check, which signs the member out.
        RATE_LIMIT_PER_MINUTE: '6000',
        MODE: 'test',
        LOG_LEVEL: 'warn',
        // Money journeys: a test-network block a second and withdrawals settled after two, so a
        // deposit is seen pending, then confirmed, within a spec's patience.
        TEST_NETWORK_BLOCK_MS: '1000',
        WITHDRAWAL_SETTLE_MS: '2000',
      },
    },
    {
      command: 'npx tsx tests/e2e/serve-on-nodes.ts',
      // SIGTERM lets the platform stop its nodes (litecoind, anvil) and remove their temporary data.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      url: `http://localhost:${NODES_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'pipe' as const,
      env: {
        PORT: String(NODES_PORT),
        SHOP_PORT: String(SHOP_PORT + 40),
        TEST_BANK_PORT: String(BANK_PORT + 40),
        DATA_DIR: 'memory://',
        DATABASE_URL: '',
        PUBLIC_URL: `http://localhost:${NODES_PORT}`,
        E2E_PRIMARY_HEALTHZ: `http://localhost:${PORT}/healthz`,
        LOCAL_NODES_FILE: NODES_FILE,
        AUTH_RATE_LIMIT_PER_MINUTE: '600',
        RATE_LIMIT_PER_MINUTE: '6000',
        MODE: 'test',
        LOG_LEVEL: 'warn',
        // A block a second on both nodes, and the watchers look every 200 ms.
        TEST_NETWORK_BLOCK_MS: '1000',
        CHAIN_POLL_MS: '200',
        WITHDRAWAL_SETTLE_MS: '2000',
      },
    },
    ...(onPostgres
      ? [
          {
            command: 'npx tsx tests/e2e/serve-on-postgres.ts',
            url: `http://localhost:${PG_PORT}/healthz`,
            reuseExistingServer: false,
            timeout: 300_000,
            stdout: 'pipe' as const,
            env: {
              PORT: String(PG_PORT),
              SHOP_PORT: String(SHOP_PORT + 20),
              TEST_BANK_PORT: String(BANK_PORT + 20),
              PUBLIC_URL: `http://localhost:${PG_PORT}`,
              E2E_PRIMARY_HEALTHZ: `http://localhost:${PORT}/healthz`,
              AUTH_RATE_LIMIT_PER_MINUTE: '600',
              RATE_LIMIT_PER_MINUTE: '6000',
              MODE: 'test',
              LOG_LEVEL: 'warn',
              TEST_NETWORK_BLOCK_MS: '1000',
              WITHDRAWAL_SETTLE_MS: '2000',
            },
          },
        ]
      : []),
  ],
});
