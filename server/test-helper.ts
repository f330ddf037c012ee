// Test helpers for server integration tests. Every integration test runs once per database in
// testDatabases(): always an in-memory PGlite, and also PostgreSQL (in a fresh schema, dropped
// afterwards) when DATABASE_URL is set. Like fastify/demo's build(t), the helpers close what they open.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { MerchantRateLimitOptions } from './http/merchant-rate-limit.ts';
import { seed, type SeedResult } from './seed/seed.ts';
import type { Env } from './env.ts';
import { openTestDatabase, type TestDatabaseName } from './test-database.ts';

export { openTestDatabase, testDatabases, type TestDatabaseName } from './test-database.ts';

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    PORT: 8182,
    HOST: '127.0.0.1',
    SHOP_PORT: 4182,
    PUBLIC_URL: 'http://localhost:8182',
    DATA_DIR: 'memory://',
    DATABASE_URL: undefined,
    MODE: 'test',
    LOG_LEVEL: 'info',
    // Tests mine test-network blocks by hand and settle withdrawals when they say so.
    TEST_NETWORK_BLOCK_MS: 0,
    ...overrides,
  };
}

/** Collects log lines so a test can check what was (and was not) logged. */
export class LogCapture {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  text(): string {
    return this.lines.join('');
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

export interface TestAppOptions {
  env?: Partial<Env>;
  /** Seed the demo providers and users first (default true). */
  seed?: boolean;
  distDir?: string;
  /** Default 0: tests see database changes at once. */
  providerCacheTtlMs?: number;
  /** Default 0: every merchant API call reads its secret key from the database. */
  secretKeyCacheTtlMs?: number;
  rateLimit?: { max: number; timeWindowMs: number };
  /** The merchant API's limit per key (server/http/merchant-rate-limit.ts); default the platform's own. */
  merchantRateLimit?: MerchantRateLimitOptions;
  extraRoutes?: FastifyPluginAsync;
  /** Seed the test feed's year of price history on start and record every minute (default false: it costs about half a second). */
  priceHistory?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  seed: SeedResult | null;
  logs: LogCapture;
  close(): Promise<void>;
}

export async function buildTestApp(name: TestDatabaseName, options: TestAppOptions = {}): Promise<TestApp> {
  const env = testEnv(options.env);
  const database = await openTestDatabase(name);
  const logs = new LogCapture();
  try {
    const seedResult = options.seed === false ? null : await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182', appSecret: env.APP_SECRET });
    const app = await buildApp({
      env,
      db: database,
      logger: { destination: logs, level: 'info' },
      providerCacheTtlMs: options.providerCacheTtlMs ?? 0,
      secretKeyCacheTtlMs: options.secretKeyCacheTtlMs ?? 0,
      // Every answer of every integration test is checked against its contract schema.
      checkAnswers: true,
      priceHistory: options.priceHistory ?? false,
      ...(options.distDir ? { distDir: options.distDir } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.merchantRateLimit ? { merchantRateLimit: options.merchantRateLimit } : {}),
      ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    });
    return { app, database, seed: seedResult, logs, close: async () => {
      await app.close();
      await database.close();
    } };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** One app for the enclosing describe block: built before its tests, closed after them. */
export function useTestApp(name: TestDatabaseName, options: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(name, options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it inside a test');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get seed() {
      return current().seed;
    },
    get logs() {
      return current().logs;
    },
    close: () => current().close(),
  };
}

/** A small dist folder with both apps' manifests and files and the SDK, as the real build lays it out. */
export function makeFakeDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'paykit-dist-'));
  const files: Record<string, string> = {
    'member-app/manifest.json': JSON.stringify({ entry: 'main-aaa111.js', css: ['app-bbb222.css'], preload: ['chunk-ccc333.js'] }),
    'member-app/main-aaa111.js': 'import "./chunk-ccc333.js";\n',
    'member-app/chunk-ccc333.js': 'export const chunk = 1;\n',
    'member-app/app-bbb222.css': ':root{--color-primary:#053f2e}\n',
    'iframe-app/manifest.json': JSON.stringify({ entry: 'main-ddd444.js', css: ['app-eee555.css'], preload: [] }),
    'iframe-app/main-ddd444.js': 'export {};\n',
    'iframe-app/app-eee555.css': 'body{margin:0}\n',
    'markets-app/manifest.json': JSON.stringify({ entry: 'main-fff666.js', css: ['app-ggg777.css'], preload: [] }),
    'markets-app/main-fff666.js': 'export {};\n',
    'markets-app/app-ggg777.css': 'body{margin:0}\n',
    'sdk/v1/pay.js': '(function(){})();\n',
    'sdk/sri.json': JSON.stringify({ 'pay.js': 'sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
