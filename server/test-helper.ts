// Test helpers for server integration tests. Every integration test runs once per database in
// testDatabases(): always an in-memory PGlite, and also PostgreSQL (in a fresh schema, dropped
// afterwards) when DATABASE_URL is set. Like fastify/demo's build(t), the helpers close what they open.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from './app.ts';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seed, type SeedResult } from './db/seed.ts';
import type { Env } from './env.ts';

export type TestDatabaseName = 'pglite' | 'postgres';

/** For `describe.each(testDatabases())('on $name', ({ name }) => ...)`. */
export function testDatabases(): { name: TestDatabaseName }[] {
  return process.env.DATABASE_URL ? [{ name: 'pglite' }, { name: 'postgres' }] : [{ name: 'pglite' }];
}

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
    ...overrides,
  };
}

/** A fresh, empty database (migrated unless told otherwise). close() also drops a PostgreSQL test schema. */
export async function openTestDatabase(name: TestDatabaseName, options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (name === 'pglite') {
    handle = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: undefined }, { pgliteTemplate: await pgliteTemplate() });
  } else {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('openTestDatabase("postgres") needs DATABASE_URL');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const opened = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: url }, { schema });
    handle = { ...opened, close: async () => {
      await opened.close();
      await dropSchema(url, schema);
    } };
  }
  if (options.migrate !== false) await migrate(handle);
  return handle;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * initdb takes about 2.5 s; loading a dump of a fresh cluster about 0.5 s. The dump is kept in the
 * OS temp directory (per PGlite version) so test files and later runs share it.
 */
let templateBlob: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  return (templateBlob ??= (async () => {
    const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    const file = join(tmpdir(), `paykit-pglite-initdb-${version}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const fresh = await PGlite.create('memory://');
      const dump = await fresh.dumpDataDir('none');
      await fresh.close();
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    }
  })());
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
  rateLimit?: { max: number; timeWindowMs: number };
  extraRoutes?: FastifyPluginAsync;
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
    const seedResult = options.seed === false ? null : await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    const app = await buildApp({
      env,
      db: database,
      logger: { destination: logs, level: 'info' },
      providerCacheTtlMs: options.providerCacheTtlMs ?? 0,
      ...(options.distDir ? { distDir: options.distDir } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
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
    'sdk/v1/pay.js': '(function(){})();\n',
    'sdk/sri.json': JSON.stringify({ 'pay.js': 'sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
