// The platform behind Debian's pgbouncer in transaction pooling mode: every query of the pool goes through
// pgbouncer (so no session state and no named prepared statement may be relied on), while migrations and
// the leader's advisory lock use DIRECT_DATABASE_URL. A merchant payment is created, paid on the test
// network, settled after its blocks (mined by the leader's producer) and converted, its webhooks delivered
// and signed, and the ledger check is clean. PostgreSQL only; skipped (and says why) when DATABASE_URL is unset.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/index.ts';
import { LEADER_LOCK_CLASS } from '../../server/plugins/leader.ts';
import { withFreshPostgres } from '../bench/fresh-postgres.ts';
import { startPlatform } from '../bench/platform-process.ts';
import { PGBOUNCER_BINARY, startPgbouncer } from './pgbouncer-process.ts';
import { call, openDatabase, prepareDatabase, sleep, WebhookReceiver } from './processes-kit.ts';

const url = process.env.DATABASE_URL;
const PGBOUNCER_PORT = 6433;
const PLATFORM_PORT = 8568;
const RECEIVER_PORT = 8567;

describe('behind pgbouncer in transaction pooling mode', () => {
  if (!url) console.log('pgbouncer.test.ts skipped: DATABASE_URL is unset (pgbouncer pools PostgreSQL connections)');

  it.skipIf(!url)('a payment is created, paid, settled once and its webhooks delivered, with the ledger clean', async () => {
    expect(PGBOUNCER_BINARY, 'pgbouncer is installed (apt-get install -y pgbouncer; .ci/run does it)').not.toBeNull();
    await withFreshPostgres(url!, async (directUrl) => {
      const bouncer = await startPgbouncer(url!, PGBOUNCER_PORT);
      const pooledUrl = bouncer.urlFor(directUrl);
      let signed: WebhookReceiver | undefined;
      const db = await openDatabase(directUrl);
      let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
      try {
        const merchant = await prepareDatabase(pooledUrl, `http://127.0.0.1:${RECEIVER_PORT}/webhooks`, directUrl);
        signed = new WebhookReceiver(merchant.webhookSecret);
        await signed.start(RECEIVER_PORT);
        platform = await startPlatform(PLATFORM_PORT, pooledUrl, { DIRECT_DATABASE_URL: directUrl, TEST_NETWORK_BLOCK_MS: '300' });
        const base = `http://127.0.0.1:${PLATFORM_PORT}`;

        const created = await call(base, 'POST', '/mapi/api/transaction', { merchant_id: merchant.merchantId, currency_1_iso: 'BTC', currency: 'EUR', amount: '42.00', transaction_product: 'Through pgbouncer' }, { authorization: `Bearer ${merchant.secretKey}`, 'idempotency-key': 'pgbouncer-order-1' });
        expect(created.status).toBe(200);
        const { transaction_token: token, currency_1_address: address, currency_1_amount: amount } = created.json.request_details;
        // The same key again is the stored answer (the idempotency rows went through pgbouncer too).
        const again = await call(base, 'POST', '/mapi/api/transaction', { merchant_id: merchant.merchantId, currency_1_iso: 'BTC', currency: 'EUR', amount: '42.00', transaction_product: 'Through pgbouncer' }, { authorization: `Bearer ${merchant.secretKey}`, 'idempotency-key': 'pgbouncer-order-1' });
        expect(again.json.request_details.transaction_token).toBe(token);
        expect((await call(base, 'POST', '/v1/test-network/pay', { asset: 'BTC', address, amount })).status).toBe(200);

        const deadline = Date.now() + 30_000;
        let status = '';
        while (status !== 'settled' && Date.now() < deadline) {
          await sleep(250);
          status = (await call(base, 'POST', '/mapi/api/transaction/status', { merchant_id: merchant.merchantId, transaction_id: token })).json.request_details.status;
        }
        expect(status).toBe('settled');
        for (;;) {
          const waiting = await db.db.selectFrom('webhook_events').select('id').where('status', '!=', 'delivered').execute();
          if (waiting.length === 0 || Date.now() > deadline) break;
          await sleep(250);
        }

        const events = await db.db.selectFrom('webhook_events').select(['public_id', 'type', 'status', 'attempts']).orderBy('id').execute();
        expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['payment.created', 'payment.settled']));
        for (const event of events) {
          expect(event).toMatchObject({ status: 'delivered', attempts: 1 });
          expect(signed!.deliveries.get(event.public_id)).toBe(1);
        }
        expect(signed!.badSignatures).toEqual([]);
        expect((await db.db.selectFrom('ledger_transfers').select('id').where('id', '=', `${token}:settle`).execute()).length).toBe(1);
        expect((await db.db.selectFrom('settlement_conversions').select('id').execute()).length).toBe(1);
        const check = await checkLedger(db.db);
        expect(check.violations).toEqual([]);
        // The leader's lock is held on a direct session (pgbouncer would have lent that connection to others).
        const { rows } = await sql<{ holders: string }>`SELECT count(*)::text AS holders FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = ${LEADER_LOCK_CLASS} AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db.db);
        expect(rows[0]?.holders).toBe('1');
        // And the pool did go through pgbouncer, in transaction mode: its statistics count our transactions.
        const database = new URL(directUrl).pathname.slice(1);
        const pools = await bouncer.show('POOLS');
        expect(pools.find((pool) => pool.database === database)?.pool_mode).toBe('transaction');
        const stats = await bouncer.show('STATS');
        expect(Number(stats.find((stat) => stat.database === database)?.total_xact_count)).toBeGreaterThan(50);
      } catch (error) {
        console.error(`pgbouncer's log:\n${bouncer.log()}`);
        throw error;
      } finally {
        await platform?.stop();
        await signed?.stop();
        await db.close();
        await bouncer.stop();
      }
    });
  }, 120_000);
});
