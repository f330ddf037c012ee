// Three server processes on one fresh PostgreSQL database under a bounded load of merchant payments
// (created through the merchant API, paid on the test network, settled after two blocks and converted to
// EUR), settlement payouts asked for by the merchant, and webhook deliveries to a local receiver (which
// fails the first delivery of every fourth event, so the retry schedule runs too). Mid-load the elected
// leader (the block producer) is killed with SIGKILL, later a second process, and the first is started
// again. Every call goes to whichever process is alive. At the end:
//   - every payment paid was settled exactly once (one credit, one transaction record, one settled event,
//     one conversion), and no order has two payments;
//   - every webhook event was delivered; each attempt the platform recorded reached the receiver, and a
//     delivery no attempt records happened only where a killed process had claimed the event;
//   - every settlement payout is paid and covers each conversion at most once, at its exact sum;
//   - the ledger check is clean, and every process answers every payment's status as settled.
// PostgreSQL only: PGlite is one process's database.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/index.ts';
import { LEADER_APPLICATION_NAME, LEADER_LOCK_CLASS } from '../../server/plugins/leader.ts';
import { BACKOFF_MS } from '../../server/webhooks/retry-policy.ts';
import { withFreshPostgres } from '../bench/fresh-postgres.ts';
import { startPlatform, type PlatformProcess } from '../bench/platform-process.ts';
import { call, MERCHANT_LOGIN, onAnyProcess, openDatabase, prepareDatabase, sleep, WebhookReceiver, type Answer } from './processes-kit.ts';

const url = process.env.DATABASE_URL;
const PORTS = [8560, 8562, 8564] as const;
const RECEIVER_PORT = 8566;
/** At least this many payments, and more while the kills are under way: the load spans them, bounded by MAX_PAYMENTS. */
const PAYMENTS = 24;
const MAX_PAYMENTS = 40;
const CLIENTS = 4;
/** Each client's pause between payments, so the load lasts through the kills. */
const PACE_MS = 300;
/** One delivery run claims at most this many events (server/webhooks/delivery-worker.ts MAX_PER_RUN). */
const CLAIMED_PER_RUN = 20;
const SERVER_ENV = { TEST_NETWORK_BLOCK_MS: '400', WITHDRAWAL_SETTLE_MS: '300' };

/** An answer to keep: a success, or a refusal that a retry would not change (not "in flight", not rate-limited). */
const accepted = (answer: Answer) =>
  answer.status === 200 || (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && answer.json?.error_message?.code !== 'idempotency_in_flight');

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe('three server processes on one PostgreSQL', () => {
  if (!url) console.log('three-processes.test.ts skipped: DATABASE_URL is unset (several processes share PostgreSQL; PGlite belongs to one process)');

  it.skipIf(!url)('under load, with processes killed one by one, settle every payment once, deliver every webhook and keep the ledger clean', async () => {
    await withFreshPostgres(url!, async (databaseUrl) => {
      const receiverUrl = `http://127.0.0.1:${RECEIVER_PORT}/webhooks`;
      const merchant = await prepareDatabase(databaseUrl, receiverUrl);
      const receiver = new WebhookReceiver(merchant.webhookSecret, 4);
      await receiver.start(RECEIVER_PORT);
      const db = await openDatabase(databaseUrl);
      const processes: (PlatformProcess | null)[] = await Promise.all(PORTS.map((port) => startPlatform(port, databaseUrl, SERVER_ENV)));
      const live = () => PORTS.filter((_port, slot) => processes[slot]?.child.exitCode === null && !processes[slot]?.child.killed).map((port) => `http://127.0.0.1:${port}`);
      const kill = async (slot: number) => {
        const target = processes[slot]!;
        processes[slot] = null;
        const exited = new Promise((resolve) => target.child.once('exit', resolve));
        target.child.kill('SIGKILL');
        await exited;
      };
      /** The slot of the process holding the leader lock, from its lock connection's application_name. */
      const leaderSlot = async (): Promise<number> => {
        const { rows } = await sql<{ application_name: string }>`
          SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${LEADER_LOCK_CLASS} AND a.datname = current_database()`.execute(db.db);
        const pid = Number(rows[0]?.application_name.replace(`${LEADER_APPLICATION_NAME} pid `, ''));
        return processes.findIndex((process) => process?.child.pid === pid);
      };
      const tip = async () => (await db.db.selectFrom('test_network_state').select('tip_height').executeTakeFirstOrThrow()).tip_height;

      try {
        const login = await onAnyProcess(live, (base) => call(base, 'POST', '/v1/users/login', MERCHANT_LOGIN), (answer) => answer.status === 200);
        const credential = `${login!.json.request_details.user_token}:${login!.json.request_details.session_key}`;

        let next = 0;
        let created = 0;
        let loadDone = false;
        const paid: string[] = [];
        const unanswered: string[] = [];
        const payment = async (order: string) => {
          const answer = await onAnyProcess(
            live,
            (base) => call(base, 'POST', '/mapi/api/transaction', { merchant_id: merchant.merchantId, currency_1_iso: 'BTC', currency: 'EUR', amount: '25.00', transaction_product: 'Three processes', transaction_c1: order }, { authorization: `Bearer ${merchant.secretKey}`, 'idempotency-key': order }),
            accepted,
          );
          created += 1;
          // A create in flight on a killed process keeps its Idempotency-Key busy for a minute: the order is left
          // unanswered (checked below: it has at most one payment, and an unpaid one is not settled).
          if (answer?.status !== 200) return void unanswered.push(order);
          const { transaction_token: token, currency_1_address: address, currency_1_amount: amount } = answer.json.request_details;
          // Paid once: before a retry the test network's own table tells whether the first try got through.
          const sent = await onAnyProcess(
            live,
            async (base) => ((await db.db.selectFrom('test_network_txs').select('txid').where('address', '=', address).executeTakeFirst()) ? { status: 200, json: null } : call(base, 'POST', '/v1/test-network/pay', { asset: 'BTC', address, amount })),
            (result) => result.status === 200,
          );
          expect(sent?.status, `paying ${token}`).toBe(200);
          paid.push(token);
        };
        let killsDone = false;
        const clients = Array.from({ length: CLIENTS }, async () => {
          while ((next < PAYMENTS || !killsDone) && next < MAX_PAYMENTS) {
            await payment(`order-${(next += 1)}`);
            await sleep(PACE_MS);
          }
        });
        // The merchant asks for a payout of what has been converted so far, every 1.5 s, on any process.
        let payoutRequests = 0;
        const payoutAnswers: string[] = [];
        const payouts = (async () => {
          while (!loadDone) {
            await sleep(1500);
            const key = `payout-${(payoutRequests += 1)}`;
            const answer = await onAnyProcess(live, (base) => call(base, 'POST', '/v1/transactions/merchantPayout', undefined, { authorization: `Bearer ${credential}`, 'idempotency-key': key }), accepted);
            payoutAnswers.push(`${answer?.status} ${answer?.json?.error_message?.code ?? ''}`.trim());
          }
        })();
        // The kills: the leader at a third of the load, another process at two thirds, then the first comes back.
        const timeline: string[] = [];
        const kills = (async () => {
          await until('a third of the payments', () => created >= PAYMENTS / 3, 60_000);
          const leader = await leaderSlot();
          expect(leader, 'a live process holds the leader lock').toBeGreaterThanOrEqual(0);
          await kill(leader);
          const killedAt = Date.now();
          const height = await tip();
          timeline.push(`SIGKILL leader (port ${PORTS[leader]}) at ${created} payments`);
          // The test network's blocks continue only when a surviving process took over the producer.
          await until('a block from the new leader', async () => (await tip()) > height, 30_000);
          timeline.push(`a new leader mined ${Date.now() - killedAt} ms after the kill`);
          await until('two thirds of the payments', () => created >= (2 * PAYMENTS) / 3, 60_000);
          const second = processes.findIndex((process, slot) => process !== null && slot !== leader);
          await kill(second);
          timeline.push(`SIGKILL port ${PORTS[second]} at ${created} payments`);
          processes[leader] = await startPlatform(PORTS[leader]!, databaseUrl, SERVER_ENV);
          timeline.push(`port ${PORTS[leader]} started again at ${created} payments`);
          killsDone = true;
        })();
        await Promise.all([...clients, kills]);
        loadDone = true;
        await payouts;

        // Drained: every paid payment settled, every event delivered, every payout resolved.
        const settledCount = async () => Number((await db.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).where('public_id', 'in', paid).where('status', '=', 'settled').executeTakeFirstOrThrow()).n);
        await until('every paid payment settled', async () => (await settledCount()) === paid.length, 60_000);
        await onAnyProcess(live, (base) => call(base, 'POST', '/v1/transactions/merchantPayout', undefined, { authorization: `Bearer ${credential}`, 'idempotency-key': 'payout-last' }), accepted);
        await until('every webhook delivered', async () => (await db.db.selectFrom('webhook_events').select('id').where('status', '!=', 'delivered').execute()).length === 0, 60_000);
        await until('every payout resolved', async () => (await db.db.selectFrom('settlement_payouts').select('id').where('status', '=', 'pending').execute()).length === 0, 30_000);
        console.log(`three processes: ${paid.length} payments paid, ${unanswered.length} creates unanswered, ${payoutRequests} payout requests (${payoutAnswers.join(', ')}); ${timeline.join('; ')}`);

        // Every paid payment settled exactly once: one credit, one record, one settled event, one conversion.
        expect(paid.length).toBeGreaterThanOrEqual(PAYMENTS - 2 * CLIENTS);
        expect(killsDone).toBe(true);
        const payments = await db.db.selectFrom('payments').select(['id', 'public_id', 'status', 'c1']).execute();
        const ids = payments.filter((row) => paid.includes(row.public_id)).map((row) => row.id);
        expect(ids).toHaveLength(paid.length);
        const perPayment = async (rows: { key: string | bigint | null }[]) => {
          const counts = new Map<string, number>();
          for (const row of rows) counts.set(String(row.key), (counts.get(String(row.key)) ?? 0) + 1);
          return counts;
        };
        const credits = await perPayment((await db.db.selectFrom('ledger_transfers').select('id').where('id', 'in', paid.map((token) => `${token}:settle`)).execute()).map((row) => ({ key: row.id.replace(/:settle$/, '') })));
        const records = await perPayment((await db.db.selectFrom('money_transactions').select('reference').where('type', '=', 'payment').where('reference', 'in', paid).execute()).map((row) => ({ key: row.reference })));
        const settledEvents = await perPayment((await db.db.selectFrom('payment_events').select('payment_id').where('type', '=', 'payment.settled').where('payment_id', 'in', ids).execute()).map((row) => ({ key: row.payment_id })));
        const conversions = await perPayment((await db.db.selectFrom('settlement_conversions').select('payment_id').where('payment_id', 'in', ids).execute()).map((row) => ({ key: row.payment_id })));
        for (const [index, token] of paid.entries()) {
          expect(credits.get(token), `${token} credited once`).toBe(1);
          expect(records.get(token), `${token} recorded once`).toBe(1);
          expect(settledEvents.get(String(ids[index])), `${token} settled event once`).toBe(1);
          expect(conversions.get(String(ids[index])), `${token} converted once`).toBe(1);
        }
        expect(payments.filter((row) => paid.includes(row.public_id)).every((row) => row.status === 'settled')).toBe(true);
        // No order got two payments; an order whose create was never answered has at most one, unpaid.
        const orders = await perPayment(payments.map((row) => ({ key: row.c1 })));
        expect([...orders.values()].every((count) => count === 1)).toBe(true);

        // Webhooks: all delivered; every recorded attempt reached the receiver; any extra delivery comes from a
        // process killed between its POST and its record (at most one run's claim per kill).
        expect(receiver.badSignatures).toEqual([]);
        const events = await db.db.selectFrom('webhook_events').select(['id', 'public_id', 'status', 'attempts']).execute();
        expect(events.length).toBeGreaterThanOrEqual(paid.length * 2);
        const deliveries = await db.db.selectFrom('webhook_deliveries').select(['event_id', 'attempt', 'status_code', 'created_at']).orderBy('id').execute();
        const attempts = await perPayment(deliveries.map((row) => ({ key: row.event_id })));
        let unrecorded = 0;
        for (const event of events) {
          const received = receiver.deliveries.get(event.public_id) ?? 0;
          expect(event.status).toBe('delivered');
          expect(attempts.get(String(event.id)), `${event.public_id} attempts logged`).toBe(event.attempts);
          expect(received, `${event.public_id} received at least once per recorded attempt`).toBeGreaterThanOrEqual(event.attempts);
          unrecorded += received - event.attempts;
        }
        expect(unrecorded).toBeLessThanOrEqual(2 * CLAIMED_PER_RUN);
        // The receiver answered 503 to the first delivery of every fourth event: each such attempt was retried
        // no sooner than the schedule's first wait (5 s), by whichever process was alive then.
        const refused = deliveries.filter((row) => row.status_code === 503);
        expect(refused.length).toBeGreaterThan(0);
        for (const first of refused) {
          const retry = deliveries.find((row) => row.event_id === first.event_id && row.attempt === first.attempt + 1);
          expect(retry?.status_code, `event ${first.event_id} retried`).toBe(200);
          expect(retry!.created_at.getTime() - first.created_at.getTime()).toBeGreaterThanOrEqual(BACKOFF_MS[0] - 1_000);
        }

        // Settlement payouts: each paid at the exact sum of the conversions it covers, no conversion twice.
        const payoutRows = await db.db.selectFrom('settlement_payouts').select(['id', 'status', 'amount_minor', 'trigger']).execute();
        expect(payoutRows.length).toBeGreaterThan(0);
        expect(payoutRows.filter((row) => row.trigger === 'scheduled').length).toBeLessThanOrEqual(1);
        const items = await db.db.selectFrom('settlement_payout_items as i').innerJoin('settlement_conversions as c', 'c.id', 'i.conversion_id').select(['i.payout_id', 'i.conversion_id', 'c.fiat_minor', 'c.payout_id as covered_by']).execute();
        expect(new Set(items.map((item) => item.conversion_id)).size).toBe(items.length);
        for (const payout of payoutRows) {
          expect(payout.status).toBe('paid');
          const covered = items.filter((item) => item.payout_id === payout.id);
          expect(covered.every((item) => item.covered_by === payout.id)).toBe(true);
          expect(covered.reduce((sum, item) => sum + item.fiat_minor, 0n)).toBe(payout.amount_minor);
        }

        const check = await checkLedger(db.db);
        expect(check.violations).toEqual([]);
        expect(check.ok).toBe(true);

        // Whichever process a browser or a shop asks, the status comes from the database.
        for (const base of live()) {
          for (const token of paid.slice(0, 6)) {
            const status = await call(base, 'POST', '/mapi/api/transaction/status', { merchant_id: merchant.merchantId, transaction_id: token });
            expect(status.json.request_details.status, `${token} on ${base}`).toBe('settled');
          }
        }
      } finally {
        await Promise.all(processes.map((process) => process?.stop()));
        await receiver.stop();
        await db.close();
      }
    });
  }, 240_000);
});
