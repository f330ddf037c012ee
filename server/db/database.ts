// One constructor for the database, whichever engine runs it: PGlite (embedded PostgreSQL, the
// default, in DATA_DIR or in memory) or a PostgreSQL server (DATABASE_URL). Both speak the same SQL,
// so migrations and queries are written once. BIGINT is parsed as bigint on both, because money
// columns are BIGINT minor units and a JS number silently loses precision above 2^53.

import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Env } from '../env.ts';
import type { Database } from './schema.ts';

export type DialectName = 'pglite' | 'postgres';

/**
 * One database connection held for a while: what migrations need, because a migration file holds
 * several statements (only the simple query protocol runs those) and the migration lock is per session.
 */
export interface Session {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** For the start banner and logs: where the data lives, never a password. */
  description: string;
  /** Runs `work` on one dedicated connection; other queries wait (PGlite) or use other connections (pg). */
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (undefined on PGlite, which one process owns): a connection of its own to the server
   * itself (DIRECT_DATABASE_URL, else DATABASE_URL), never through a transaction-pooling pgbouncer, for
   * what needs a session: the leader's advisory lock (server/plugins/leader.ts). The caller closes it.
   */
  directSession?(applicationName?: string): Promise<DirectSession>;
  /** Closes the pool or shuts PGlite down cleanly (its data directory stays consistent). Safe to call twice. */
  close(): Promise<void>;
}

/** One dedicated server connection; `lost` settles when it breaks (the server went away, or it was closed). */
export interface DirectSession extends Pick<Session, 'query'> {
  lost: Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * Use (and create if missing) this schema as the search_path, so a test run can live in a fresh
   * schema of a shared PostgreSQL and drop it afterwards.
   */
  schema?: string;
  /** In-memory PGlite only: start from a dumped data directory instead of running initdb (tests). */
  pgliteTemplate?: Blob;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;

export async function createDatabase(env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'> & Partial<Pick<Env, 'DIRECT_DATABASE_URL'>>, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`createDatabase: schema must match ${SCHEMA_NAME}, got '${options.schema}'`);
  }
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, env.DIRECT_DATABASE_URL ?? env.DATABASE_URL, options.schema) : openPglite(env.DATA_DIR, options);
}

async function openPglite(dataDir: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  const parsers = { [pgliteTypes.INT8]: (value: string) => BigInt(value) };
  let client: PGlite;
  if (inMemory && options.pgliteTemplate) {
    client = await PGlite.create({ loadDataDir: options.pgliteTemplate, parsers });
  } else {
    const location = inMemory ? 'memory://' : resolve(dataDir);
    if (!inMemory) mkdirSync(location, { recursive: true });
    client = await PGlite.create(location, { parsers });
  }
  if (options.schema) await client.exec(`CREATE SCHEMA IF NOT EXISTS ${options.schema}; SET search_path TO ${options.schema};`);

  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  const session: Session = {
    exec: async (script) => {
      await client.exec(script);
    },
    query: async <Row>(text: string, params: readonly unknown[] = []) => (await client.query<Row>(text, [...params])).rows,
  };
  return {
    db,
    dialect: 'pglite',
    description: inMemory ? 'PGlite in memory' : `PGlite in ${resolve(dataDir)}`,
    // Holding Kysely's (only) connection keeps every other query out while the session works.
    withSession: (work) => db.connection().execute(() => work(session)),
    close: once(() => db.destroy()),
  };
}

async function openPostgres(url: string, directUrl: string, schema: string | undefined): Promise<DatabaseHandle> {
  // A pool-local type parser, so this process's other pg users (tests, tools) keep the defaults.
  const typeParsers = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary' ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    types: typeParsers,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const connectDirect = async (queryTimeoutMs?: number, applicationName?: string): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: directUrl,
      types: typeParsers,
      ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
      ...(applicationName ? { application_name: applicationName } : {}),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    description: `PostgreSQL at ${describeUrl(url)}${schema ? ` (schema ${schema})` : ''}`,
    // A session of its own on the server itself: the migration lock is a session lock, which a
    // transaction-pooling pgbouncer would leave on whichever server connection ran it.
    withSession: async (work) => {
      const client = await connectDirect();
      try {
        return await work({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <Row>(text: string, params: readonly unknown[] = []) => (await client.query(text, [...params])).rows as Row[],
        });
      } finally {
        // Ending the connection also ends any transaction or session lock the work left behind.
        await client.end().catch(() => {});
      }
    },
    directSession: async (applicationName) => {
      // Its queries are tiny: one that gets no answer in 10 s means the server (or the path to it) is gone.
      const client = await connectDirect(10_000, applicationName);
      const lost = new Promise<void>((resolve) => {
        client.once('error', () => resolve());
        client.once('end', () => resolve());
      });
      return {
        lost,
        query: async <Row>(text: string, params: readonly unknown[] = []) => (await client.query(text, [...params])).rows as Row[],
        close: () => client.end().catch(() => {}),
      };
    },
    close: once(() => db.destroy()),
  };
}

function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
