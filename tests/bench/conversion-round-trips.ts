// Round trips of one conversion through the API: every statement the server sends to the database for
// one quote and one convert of a signed-in member (BEGIN, COMMIT and savepoints included), counted and
// listed at the driver, on PGlite and, with DATABASE_URL, on PostgreSQL. A profile, not a test: it says
// where a conversion's time goes before anyone measures it.
//
//   tsx tests/bench/conversion-round-trips.ts

import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { call, signIn } from '../../server/identity/session-test-kit.ts';
import { DEMO_MEMBER, seed } from '../../server/seed/seed.ts';
import { openTestDatabase, type TestDatabaseName } from '../../server/test-database.ts';

let recording: string[] | null = null;
function record(text: unknown): void {
  if (!recording) return;
  const sql = typeof text === 'string' ? text : String((text as { text?: unknown } | null)?.text ?? '');
  recording.push(sql.replace(/\s+/g, ' ').trim().slice(0, 110));
}
// Both drivers' one entry point, so nothing the server sends is missed (BEGIN and COMMIT included).
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  record(args[0]);
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
const pgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
  record(args[0]);
  return (pgliteQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof PGlite.prototype.query;

async function profile(name: TestDatabaseName): Promise<void> {
  const database = await openTestDatabase(name);
  try {
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    const app = await buildApp({
      env: { PORT: 8894, HOST: '127.0.0.1', SHOP_PORT: 8895, PUBLIC_URL: 'http://localhost:8894', DATA_DIR: 'memory://', DATABASE_URL: undefined, MODE: 'test', LOG_LEVEL: 'warn', TEST_NETWORK_BLOCK_MS: 0 },
      db: database,
      logger: false,
    });
    try {
      const member = await signIn(app, DEMO_MEMBER.email, DEMO_MEMBER.password);
      const as = { credential: member.credential };
      const deposit = await app.inject({
        method: 'POST',
        url: '/v1/transactions/deposit',
        headers: { host: 'localhost', origin: 'http://localhost:8894', authorization: `Bearer ${member.credential}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: JSON.stringify({ method: 'card', currency: 'EUR', amount: '100.00', card: { number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123', holder: 'Profile Member' } }),
      });
      if (deposit.statusCode !== 200) throw new Error(`deposit: ${deposit.statusCode} ${deposit.body}`);
      // One conversion first, so nothing of the measured one is a first time (a wallet created, a cache filled).
      for (const measured of [false, true]) {
        recording = [];
        const quote = await call(app, 'POST', '/v1/transactions/quote', { operation: 'buy', from_currency: 'EUR', to_currency: 'BTC', amount: '10.00' }, as);
        const quoteStatements = recording;
        recording = [];
        const converted = await app.inject({
          method: 'POST',
          url: '/v1/transactions/convert',
          headers: { host: 'localhost', origin: 'http://localhost:8894', authorization: `Bearer ${member.credential}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload: JSON.stringify({ quote_id: (quote.body.request_details as { quote_id: string }).quote_id }),
        });
        const convertStatements = recording;
        recording = null;
        if (converted.statusCode !== 200) throw new Error(`convert: ${converted.statusCode} ${converted.body}`);
        if (!measured) continue;
        console.log(`\n${name}: quote, ${quoteStatements.length} statements`);
        for (const line of quoteStatements) console.log(`  ${line}`);
        console.log(`${name}: convert, ${convertStatements.length} statements`);
        for (const line of convertStatements) console.log(`  ${line}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

await profile('pglite');
if (process.env.DATABASE_URL) await profile('postgres');
