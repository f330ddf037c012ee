// The leader's chain statuses in chain_watch_status (migration 0041) on a real database: what is published
// comes back as published (node URLs masked), its age by the database's clock, and a row that is not a
// list of statuses reads as bad, so a follower treats it as no snapshot.

import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import type { ChainWatcherStatus } from './chain-watcher.ts';
import { publishStatuses, readPublishedStatuses } from './published-statuses.ts';

const litecoin: ChainWatcherStatus = {
  family: 'litecoin',
  assets: ['LTC'],
  backend: 'bitcoin-rpc',
  network: 'regtest',
  node: 'http://u:***@127.0.0.1:19443',
  reachable: false,
  nodeHeight: null,
  height: 200,
  lagBlocks: null,
  lastRoundAt: null,
  lastError: { message: 'connect ECONNREFUSED 127.0.0.1:19443', at: '2026-11-24T12:00:00.000Z' },
  retryInMs: 8000,
};
const testBitcoin: ChainWatcherStatus = { family: 'bitcoin', assets: ['BTC'], backend: 'test-network', network: 'test', node: null, reachable: true, nodeHeight: 7, height: 7, lagBlocks: 0, lastRoundAt: '2026-11-24T12:00:05.000Z', lastError: null, retryInMs: null };

describe.each(testDatabases())('the published chain statuses on $name', ({ name }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(name);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('chain_watch_status').execute();
  });

  it('nothing published yet reads as none', async () => {
    expect(await readPublishedStatuses(database.db)).toEqual({ kind: 'none' });
  });

  it('what the leader publishes comes back as published, newest only, with the publisher and a fresh age', async () => {
    await publishStatuses(database.db, [litecoin], 111);
    await publishStatuses(database.db, [testBitcoin, litecoin], 222);
    const read = await readPublishedStatuses(database.db);
    expect(read).toMatchObject({ kind: 'found', published: { statuses: [testBitcoin, litecoin], publisherPid: 222 } });
    expect(read.kind === 'found' && read.published.ageMs).toBeLessThan(5_000);
    expect(await database.db.selectFrom('chain_watch_status').select(sql<number>`count(*)::int`.as('rows')).executeTakeFirstOrThrow()).toEqual({ rows: 1 });
  });

  it('a node URL a watcher forgot to mask is masked before it reaches the table', async () => {
    await publishStatuses(database.db, [{ ...litecoin, node: 'http://rpcuser:hunter2@10.0.0.5:9332/wallet/hot' }], 111);
    const row = await database.db.selectFrom('chain_watch_status').select('statuses').executeTakeFirstOrThrow();
    expect(JSON.stringify(row.statuses)).not.toContain('hunter2');
    const read = await readPublishedStatuses(database.db);
    expect(read.kind === 'found' && read.published.statuses[0]!.node).toBe('http://rpcuser:***@10.0.0.5:9332/wallet/hot');
  });

  it('the age is the database clock\'s: a row published 20 s ago reads 20 s old', async () => {
    await publishStatuses(database.db, [litecoin], 111);
    await sql`UPDATE chain_watch_status SET published_at = now() - interval '20 seconds'`.execute(database.db);
    const read = await readPublishedStatuses(database.db);
    expect(read.kind === 'found' && Math.round(read.published.ageMs / 1000)).toBe(20);
  });

  it.each<[string, unknown]>([
    ['not a list', { family: 'litecoin' }],
    ['a family we do not have', [{ ...litecoin, family: 'dogecoin' }]],
    ['a field missing', [(({ reachable: _reachable, ...rest }) => rest)(litecoin)]],
    ['a field we do not know', [{ ...litecoin, password: 'x' }]],
    ['a height that is not a whole number', [{ ...litecoin, height: 'two hundred' }]],
    ['an error time that is not a time', [{ ...litecoin, lastError: { message: 'x', at: 'yesterday' } }]],
    ['more chains than a platform has', Array.from({ length: 17 }, () => litecoin)],
  ])('a row holding %s reads as bad', async (_name, statuses) => {
    await database.db.insertInto('chain_watch_status').values({ statuses: JSON.stringify(statuses), publisher_pid: 111 }).execute();
    expect(await readPublishedStatuses(database.db)).toEqual({ kind: 'bad' });
  });
});
