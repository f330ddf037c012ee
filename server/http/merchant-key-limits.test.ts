import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateSecretKey, hashSecretKey } from '../auth/secret-key.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { issueApiKey, revokeApiKey } from '../merchants/api-keys.ts';
import { seed } from '../seed/seed.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { MerchantKeyLimits } from './merchant-key-limits.ts';

/** Counts the queries the cache sends. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe.each(testDatabases())('MerchantKeyLimits on $name', ({ name }) => {
  let database: DatabaseHandle;
  let merchantId: bigint;
  beforeAll(async () => {
    database = await openTestDatabase(name);
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    merchantId = (await database.db.selectFrom('merchants').select('id').where('merchant_id', '=', 'mch_demo_verdant').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await database.db.updateTable('merchants').set({ api_rate_limit_per_second: null }).where('id', '=', merchantId).execute();
  });

  function limits(ttlMs = 5_000) {
    const counter = new QueryCounter();
    return { found: new MerchantKeyLimits(database.db.withPlugin(counter), { ttlMs, maxKeys: 100 }), counter };
  }
  const setOwn = (perSecond: number | null) => database.db.updateTable('merchants').set({ api_rate_limit_per_second: perSecond }).where('id', '=', merchantId).execute();

  it.each([
    { name: 'a live key is live, with its merchant\'s own limit', own: 250, make: async () => (await issueApiKey(database.db, merchantId, 'limits test')).key, expected: { live: true, ownPerSecond: 250 } },
    { name: 'a live key of a merchant without its own limit has none', own: null, make: async () => (await issueApiKey(database.db, merchantId, 'limits test')).key, expected: { live: true, ownPerSecond: null } },
    {
      name: 'a revoked key is not live',
      own: null,
      make: async () => {
        const issued = await issueApiKey(database.db, merchantId, 'limits test');
        await revokeApiKey(database.db, issued.id);
        return issued.key;
      },
      expected: { live: false },
    },
    {
      name: 'a rolled key past its expiry is not live',
      own: null,
      make: async () => {
        const issued = await issueApiKey(database.db, merchantId, 'limits test');
        await database.db.updateTable('merchant_api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', issued.id).execute();
        return issued.key;
      },
      expected: { live: false },
    },
    { name: 'a key never issued is not live', own: null, make: async () => generateSecretKey('test'), expected: { live: false } },
  ])('$name', async ({ own, make, expected }) => {
    await setOwn(own);
    const key = await make();
    expect(await limits().found.lookup(hashSecretKey(key))).toEqual(expected);
  });

  it('looks a live key up once while its answer is fresh, and concurrent requests share that one query', async () => {
    const { found, counter } = limits();
    const hash = hashSecretKey((await issueApiKey(database.db, merchantId, 'limits test')).key);
    const [a, b] = await Promise.all([found.lookup(hash), found.lookup(hash)]);
    await found.lookup(hash);
    expect(counter.count).toBe(1);
    expect(a).toBe(b);
  });

  it('sees a change made elsewhere once the answer is older than ttlMs, and at once after clear()', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { found } = limits(5_000);
    const hash = hashSecretKey((await issueApiKey(database.db, merchantId, 'limits test')).key);
    expect(await found.lookup(hash)).toEqual({ live: true, ownPerSecond: null });
    await setOwn(40);
    vi.advanceTimersByTime(4_000);
    expect(await found.lookup(hash)).toEqual({ live: true, ownPerSecond: null });
    vi.advanceTimersByTime(1_001);
    expect(await found.lookup(hash)).toEqual({ live: true, ownPerSecond: 40 });
    await setOwn(60);
    found.clear();
    expect(await found.lookup(hash)).toEqual({ live: true, ownPerSecond: 60 });
  });

  it('keeps no answer for a key that is not live: a key issued a moment later is live at once', async () => {
    const { found, counter } = limits(60_000);
    const key = generateSecretKey('test');
    expect(await found.lookup(hashSecretKey(key))).toEqual({ live: false });
    expect(await found.lookup(hashSecretKey(key))).toEqual({ live: false });
    expect(counter.count).toBe(2);
    await database.db.insertInto('merchant_api_keys').values({ merchant_id: merchantId, key_hash: hashSecretKey(key), label: 'limits test', prefix: 'sk_test_…', revoked_at: null }).execute();
    expect(await found.lookup(hashSecretKey(key))).toEqual({ live: true, ownPerSecond: null });
  });

  it('with ttlMs 0 asks the database every time', async () => {
    const { found, counter } = limits(0);
    const hash = hashSecretKey((await issueApiKey(database.db, merchantId, 'limits test')).key);
    await found.lookup(hash);
    await found.lookup(hash);
    expect(counter.count).toBe(2);
  });
});
