// The platform on a fresh PostgreSQL database, for the browser specs' "postgres" project (the money
// journeys run on both databases). Playwright starts it after the main server; it waits for that
// server first, because the main server builds the bundles this one serves.
//
// Each run gets its own database, dropped on SIGTERM/SIGINT; databases a killed run left behind are
// dropped at the next start (only ours: the paykit_e2e_ prefix).

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readEnv } from '../../server/env.ts';
import { startServer } from '../../server/main.ts';

const PREFIX = 'paykit_e2e_';

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('serve-on-postgres needs DATABASE_URL');
const primary = process.env.E2E_PRIMARY_HEALTHZ;
if (primary) await waitFor(primary, 240_000);

const name = `${PREFIX}${randomBytes(4).toString('hex')}`;
await admin(baseUrl, async (client) => {
  const stale = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`);
  for (const row of stale.rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
});
const url = new URL(baseUrl);
url.pathname = `/${name}`;

const env = readEnv({ ...process.env, DATABASE_URL: url.toString() });
if (!env.ok) throw new Error(env.problems.join('\n'));
const platform = await startServer(env.value);
console.log(`platform on PostgreSQL database ${name} at ${platform.listeningOn}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await platform.close();
  await admin(baseUrl!, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
