// Starting the platform as one call, for the launcher (scripts/start.ts), the bench and anything
// else that needs a running server: open the database, migrate, seed, build the app, listen.
// close() stops accepting requests, lets the in-flight ones finish, then closes the database, so a
// PGlite data directory is always left consistent.

import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app.ts';
import { createDatabase, type DatabaseHandle, type DialectName } from './db/database.ts';
import { appliedVersions, migrate, rollbackLast, withMigrationLock, type MigrationRecord } from './db/migrate.ts';
import { seed, type SeedResult } from './seed/seed.ts';
import type { Env } from './env.ts';

export interface RunningPlatform {
  app: FastifyInstance;
  db: DatabaseHandle;
  dialect: DialectName;
  /** Where the data lives, for the start banner ("PGlite in /repo/data", "PostgreSQL at ..."). */
  database: string;
  /** Migrations applied by this start (empty when the database was up to date). */
  migrations: MigrationRecord[];
  seed: SeedResult;
  /** The address the server listens on, e.g. http://0.0.0.0:8080 (PUBLIC_URL is what users type). */
  listeningOn: string;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: BuildAppOptions['logger'];
  distDir?: string;
  /** Awaited after the database is ready and the app built, before the port opens (npm start: the bundle build). */
  beforeListen?: () => Promise<unknown>;
}

export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningPlatform> {
  const db = await createDatabase(env);
  let app: FastifyInstance | undefined;
  try {
    const migrations = await migrate(db);
    // Under the migration lock: several processes starting on one PostgreSQL seed one after another.
    const seedResult = await withMigrationLock(db, () => seed(db, { mode: env.MODE, shopUrl: `http://127.0.0.1:${env.SHOP_PORT}`, appSecret: env.APP_SECRET }));
    app = await buildApp({ env, db, ...(options.logger !== undefined ? { logger: options.logger } : {}), ...(options.distDir ? { distDir: options.distDir } : {}) });
    await options.beforeListen?.();
    const listeningOn = await app.listen({ port: env.PORT, host: env.HOST });
    const running = app;
    let closing: Promise<void> | undefined;
    return {
      app,
      db,
      dialect: db.dialect,
      database: db.description,
      migrations,
      seed: seedResult,
      listeningOn,
      close: () =>
        (closing ??= (async () => {
          try {
            await running.close();
          } finally {
            await db.close();
          }
        })()),
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await db.close();
    throw error;
  }
}

export type MigrationCommand = 'up' | 'down' | 'status';

/** For operators: migrate up, roll back the last migration, or list what is applied. Prints nothing. */
export async function runMigrationCommand(env: Env, command: MigrationCommand): Promise<MigrationRecord[]> {
  const db = await createDatabase(env);
  try {
    if (command === 'up') return await migrate(db);
    if (command === 'down') {
      const undone = await rollbackLast(db);
      return undone ? [undone] : [];
    }
    return await appliedVersions(db);
  } finally {
    await db.close();
  }
}
