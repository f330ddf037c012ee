import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { seed } from '../seed/seed.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { ProviderDirectory, type ProviderDirectoryOptions } from './provider-directory.ts';

/** Counts the queries the directory sends, and can make the next one fail. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  failNext = false;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unavailable');
    }
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe.each(testDatabases())('ProviderDirectory on $name', ({ name }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(name);
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function directory(options: Partial<ProviderDirectoryOptions> = {}) {
    const counter = new QueryCounter();
    const invalid: string[] = [];
    const found = new ProviderDirectory(database.db.withPlugin(counter), {
      ttlMs: 60_000,
      maxHosts: 100,
      onInvalidSettings: (host) => invalid.push(host),
      ...options,
    });
    return { found, counter, invalid };
  }

  it('looks a host up once while the answer is fresh, and concurrent requests share that one query', async () => {
    const { found, counter } = directory();
    const [a, b] = await Promise.all([found.lookup('localhost'), found.lookup('LOCALHOST')]);
    await found.lookup('localhost');
    expect(counter.count).toBe(1);
    expect(a).toBe(b);
    expect(a.status === 'ready' && a.provider.wlId).toBe('1');
  });

  it('looks again once the answer is older than ttlMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { found, counter } = directory({ ttlMs: 1_000 });
    await found.lookup('wl2.localhost');
    vi.setSystemTime(Date.now() + 999);
    await found.lookup('wl2.localhost');
    expect(counter.count).toBe(1);
    vi.setSystemTime(Date.now() + 2);
    await found.lookup('wl2.localhost');
    expect(counter.count).toBe(2);
  });

  it('with ttlMs 0 every lookup reads the database', async () => {
    const { found, counter } = directory({ ttlMs: 0 });
    await found.lookup('localhost');
    await found.lookup('localhost');
    expect(counter.count).toBe(2);
  });

  it('keeps at most maxHosts answers, dropping the oldest', async () => {
    const { found, counter } = directory({ maxHosts: 2 });
    for (const host of ['a.example', 'b.example', 'c.example']) await found.lookup(host);
    await found.lookup('c.example');
    expect(counter.count).toBe(3);
    await found.lookup('a.example');
    expect(counter.count).toBe(4);
  });

  it('does not keep a failed lookup: the next request tries again', async () => {
    const { found, counter } = directory();
    counter.failNext = true;
    await expect(found.lookup('localhost')).rejects.toThrow('database unavailable');
    const state = await found.lookup('localhost');
    expect(state.status).toBe('ready');
  });

  it('serves the configuration body pre-serialised, one per module', async () => {
    const { found } = directory();
    const state = await found.lookup('localhost');
    if (state.status !== 'ready') throw new Error('expected a configured provider');
    const body = state.configBody('sys-flow');
    expect(state.configBody('sys-flow')).toBe(body);
    expect(JSON.parse(body)).toEqual({ request_status: '1', request_details: { module: 'sys-flow', ...state.settings } });
  });

  it('an unknown host is unknown_host', async () => {
    const { found } = directory();
    expect(await found.lookup('nocfg.localhost')).toEqual({ status: 'unknown_host', host: 'nocfg.localhost' });
  });
});
