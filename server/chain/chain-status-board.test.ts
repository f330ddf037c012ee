// Every process answers the same chain statuses (chain-status-board.ts). The leader answers from its
// watchers' memory, whatever the table holds; on PostgreSQL a second app on the same schema, which
// follows, answers the leader's published statuses and /healthz from them, and says degraded, with the
// reason, when the snapshot is stale, missing or unreadable.

import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { Leadership, LEADER_APPLICATION_NAME } from '../plugins/leader.ts';
import { recordingLogger } from './payouts/payout-test-kit.ts';
import { buildTestApp, LogCapture, openTestDatabase, testDatabases, testEnv, useTestApp, type TestApp } from '../test-helper.ts';
import type { ChainWatcherStatus } from './chain-watcher.ts';
import { PUBLISH_EVERY_MS, REFRESH_EVERY_MS } from './chain-status-board.ts';

/** A test-network status as a leader would publish it: everything healthy at height 42. */
const published = (family: ChainWatcherStatus['family'], assets: ChainWatcherStatus['assets']): ChainWatcherStatus => ({
  family,
  assets,
  backend: 'test-network',
  network: 'test',
  node: null,
  reachable: true,
  nodeHeight: 42,
  height: 42,
  lagBlocks: 0,
  lastRoundAt: '2026-11-24T12:00:05.000Z',
  lastError: null,
  retryInMs: null,
});
const LEADERS_STATUSES = [published('bitcoin', ['BTC']), published('litecoin', ['LTC']), published('bitcoincash', ['BCH']), published('ethereum', ['ETH', 'USDT', 'USDC'])];

/** A second server process on the app's schema: its own leader election, the same database. */
async function secondProcess(database: DatabaseHandle): Promise<FastifyInstance> {
  // buildApp returns a ready app: its election has run, and a follower has read the leader's statuses.
  return buildApp({ env: testEnv(), db: database, logger: { destination: new LogCapture(), level: 'info' }, providerCacheTtlMs: 0, secretKeyCacheTtlMs: 0, checkAnswers: true, priceHistory: false });
}

describe.each(testDatabases())('the leader\'s chain statuses on $name', ({ name }) => {
  const t = useTestApp(name, { seed: false });

  it.each<[string, string | null]>([
    ['no row', null],
    ['a stale row', `[]`],
    ['an unreadable row', `{"not":"statuses"}`],
  ])('the leader answers from its own memory whatever the table holds (%s)', async (_name, row) => {
    await t.database.db.deleteFrom('chain_watch_status').execute();
    if (row !== null) {
      await t.database.db.insertInto('chain_watch_status').values({ statuses: row, publisher_pid: 1 }).execute();
      await sql`UPDATE chain_watch_status SET published_at = now() - interval '1 hour'`.execute(t.database.db);
    }
    const { height: tip } = await t.app.chain.testNetwork!.mine(1);
    expect(t.app.leader.isLeader()).toBe(true);
    const statuses = t.app.chain.statuses();
    expect(statuses.map((status) => [status.family, status.reachable, status.height, status.lastError])).toEqual(
      ['bitcoin', 'litecoin', 'bitcoincash', 'ethereum'].map((family) => [family, true, Number(tip), null]),
    );
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', db: 'ok', chains: 'ok' });
  });
});

// Followers exist only where several processes share a server: PostgreSQL.
const shared = testDatabases().filter((database) => database.name === 'postgres');
if (shared.length === 0) console.log('chain-status-board.test.ts: the follower cases need PostgreSQL; DATABASE_URL is unset');

for (const { name } of shared) describe(`a follower's chain statuses on ${name}`, () => {
  let leader: TestApp;
  let follower: FastifyInstance;
  beforeAll(async () => {
    leader = await buildTestApp(name, { seed: false });
    follower = await secondProcess(leader.database);
  });
  afterAll(async () => {
    await follower?.close();
    await leader?.close();
  });

  it('answers what the leader\'s watchers see, not its own idle test network, and /healthz says ok', async () => {
    expect([leader.app.leader.isLeader(), follower.leader.isLeader()]).toEqual([true, false]);
    const tip = Number((await leader.app.chain.testNetwork!.mine(3)).height);
    await leader.app.chain.statusBoard.publish();
    await follower.chain.statusBoard.refresh();
    expect(follower.chain.statuses()).toEqual(leader.app.chain.statuses());
    expect(follower.chain.statuses().map((status) => status.height)).toEqual([tip, tip, tip, tip]);
    // The follower's own producer never ran: its memory knows no tip.
    expect(follower.chain.testNetwork!.status().map((status) => status.height)).toEqual([null, null, null, null]);
    const health = await follower.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', db: 'ok', chains: 'ok' });
  });

  it('a new block reaches the follower by the background rounds alone (publish and read every 2 s)', async () => {
    const tip = Number((await leader.app.chain.testNetwork!.mine(1)).height);
    const deadline = Date.now() + 3 * (PUBLISH_EVERY_MS + REFRESH_EVERY_MS);
    while (follower.chain.statuses()[0]!.height !== tip && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(follower.chain.statuses().map((status) => status.height)).toEqual([tip, tip, tip, tip]);
  });
});

// The same follower against a leader that holds the lock but writes nothing itself (a stuck or dying
// leader): the test writes the table, so each case can hold any snapshot, of any age.
for (const { name } of shared) describe(`a follower of a silent leader on ${name}`, () => {
  let database: DatabaseHandle;
  let silentLeader: Leadership;
  let follower: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(name);
    silentLeader = new Leadership({ openSession: () => database.directSession!(`${LEADER_APPLICATION_NAME} pid silent`), log: recordingLogger([]) });
    await silentLeader.start();
    follower = await secondProcess(database);
  });
  afterAll(async () => {
    await follower?.close();
    await silentLeader?.stop();
    await database?.close();
  });

  const MESSAGE_NONE = 'no chain status from the leader yet: only the elected leader runs the chain watchers';
  it.each<[string, { statuses: string; ageS: number } | null, 'ok' | 'degraded', RegExp | null]>([
    ['a fresh snapshot: the leader\'s statuses, healthy', { statuses: JSON.stringify(LEADERS_STATUSES), ageS: 1 }, 'ok', null],
    ['a snapshot older than 15 s: every chain unreachable, with the snapshot\'s age', { statuses: JSON.stringify(LEADERS_STATUSES), ageS: 20 }, 'degraded', /^the leader's chain status is 2\d s old \(published by process 4242\)/],
    ['no snapshot yet: every chain unreachable, saying so', null, 'degraded', new RegExp(`^${MESSAGE_NONE}$`)],
    ['an unreadable snapshot counts as none', { statuses: JSON.stringify([{ ...LEADERS_STATUSES[0], family: 'dogecoin' }]), ageS: 1 }, 'degraded', new RegExp(`^${MESSAGE_NONE}$`)],
  ])('%s', async (_name, row, chains, lastError) => {
    expect([silentLeader.isLeader(), follower.leader.isLeader()]).toEqual([true, false]);
    await database.db.deleteFrom('chain_watch_status').execute();
    if (row) {
      await database.db.insertInto('chain_watch_status').values({ statuses: row.statuses, publisher_pid: 4242 }).execute();
      await sql`UPDATE chain_watch_status SET published_at = now() - make_interval(secs => ${row.ageS})`.execute(database.db);
    }
    await follower.chain.statusBoard.refresh();
    const statuses = follower.chain.statuses();
    expect(statuses.map((status) => status.family)).toEqual(['bitcoin', 'litecoin', 'bitcoincash', 'ethereum']);
    if (lastError === null) {
      expect(statuses).toEqual(LEADERS_STATUSES);
    } else {
      for (const status of statuses) {
        expect(status.reachable).toBe(false);
        expect(status.lastError?.message).toMatch(lastError);
      }
    }
    expect((await follower.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', db: 'ok', chains });
  });
});
