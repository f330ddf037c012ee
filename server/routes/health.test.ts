import { describe, expect, it } from 'vitest';
import type { ChainWatcherStatus } from '../chain/chain-watcher.ts';
import { operatorSession } from '../operators/test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const unreachableLitecoin: ChainWatcherStatus = {
  family: 'litecoin',
  assets: ['LTC'],
  backend: 'bitcoin-rpc',
  network: 'regtest',
  node: 'http://u:hunter2@127.0.0.1:19443',
  reachable: false,
  nodeHeight: null,
  height: 200,
  lagBlocks: null,
  lastRoundAt: null,
  lastError: { message: 'connect ECONNREFUSED 127.0.0.1:19443', at: '2026-11-24T12:00:00.000Z' },
  retryInMs: 8000,
};

describe.each(testDatabases())('GET /healthz on $name', ({ name }) => {
  const t = useTestApp(name, { seed: false });

  it('answers ok when the database answers, with the chains ok and no chain details for the public', async () => {
    const responses = await Promise.all([1, 2, 3].map(() => t.app.inject({ url: '/healthz' })));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: 'ok', chains: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('a dead or made-up console cookie gets the public answer, not a 401', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { cookie: 'op_token=not-a-session' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', chains: 'ok' });
  });

  it('answers 503 db down once the database is gone, still saying how the chains are', async () => {
    await t.database.close();
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', db: 'down', chains: 'ok' });
    expect(t.logs.text()).toContain('health check: the database did not answer');
  });
});

describe.each(testDatabases())('GET /healthz with chain watchers on $name', ({ name }) => {
  const t = useTestApp(name);

  it('says degraded while a watcher cannot reach its node, still 200, and shows who only to an operator of a Chains role', async () => {
    const statuses = t.app.chain.statuses;
    t.app.chain.statuses = () => [...statuses(), unreachableLitecoin];
    try {
      const publicAnswer = await t.app.inject({ url: '/healthz' });
      expect(publicAnswer.statusCode).toBe(200);
      expect(publicAnswer.json()).toEqual({ status: 'ok', db: 'ok', chains: 'degraded' });

      const compliance = await t.app.inject({ url: '/healthz', headers: await operatorSession(t.app, 'compliance') });
      expect(compliance.json()).toEqual({ status: 'ok', db: 'ok', chains: 'degraded' });

      const support = await t.app.inject({ url: '/healthz', headers: await operatorSession(t.app, 'support') });
      const details = support.json().chain_details;
      expect(details.map((chain: { family: string; backend: string }) => `${chain.family}/${chain.backend}`)).toEqual([
        'bitcoin/test-network',
        'litecoin/test-network',
        'bitcoincash/test-network',
        'ethereum/test-network',
        'litecoin/bitcoin-rpc',
      ]);
      expect(details[4]).toMatchObject({ reachable: false, node: 'http://u:***@127.0.0.1:19443', retry_in_ms: 8000, last_error: { message: 'connect ECONNREFUSED 127.0.0.1:19443' } });
      expect(support.body).not.toContain('hunter2');
    } finally {
      t.app.chain.statuses = statuses;
    }
  });
});
