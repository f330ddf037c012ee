// GET /v1/admin/chains on both databases: the roles that may read it, the test network's chains with
// the tip it mined, and no hot wallet while payouts go through the test network.
import { describe, expect, it } from 'vitest';
import { CHAIN_FAMILIES } from '#core/chain/networks.ts';
import type { OperatorRole } from '#core/operators/roles.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { operatorSession } from '../operators/test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('GET /v1/admin/chains on $name', ({ name }) => {
  const t = useTestApp(name);
  const read = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/admin/chains', headers });

  it.each(['admin', 'finance', 'support'] as OperatorRole[])('%s reads every chain family of the test network, not cached', async (role) => {
    const response = await read(await operatorSession(t.app, role));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { chains, hot_wallets } = response.json().request_details;
    expect(chains.map((chain: { family: string }) => chain.family)).toEqual(CHAIN_FAMILIES);
    expect(chains.find((chain: { family: string }) => chain.family === 'ethereum').assets).toEqual(['ETH', 'USDT', 'USDC']);
    for (const chain of chains) expect(chain).toMatchObject({ backend: 'test-network', network: 'test', node: null, reachable: true, lag_blocks: 0, last_error: null, retry_in_ms: null });
    expect(hot_wallets).toEqual([]);
  });

  it('compliance is refused with 403; no credential and a member\'s session with 401', async () => {
    expect((await read(await operatorSession(t.app, 'compliance'))).statusCode).toBe(403);
    expect((await read({ host: 'localhost' })).statusCode).toBe(401);
    const member = await signIn(t.app, t.seed!.member.email, t.seed!.member.password);
    expect((await read({ host: 'localhost', cookie: `token=${member.credential}` })).statusCode).toBe(401);
  });

  it('answers the tip the test network mined, with the round that reported it', async () => {
    const headers = await operatorSession(t.app, 'finance');
    // Read at start, before any block is mined in this process.
    const before = (await read(headers)).json().request_details.chains[0];
    expect(before.height).toBe(Number(await t.app.chain.testNetwork!.tipHeight()));
    const mined = await t.app.chain.testNetwork!.mine(3);
    const after = (await read(headers)).json().request_details.chains;
    for (const chain of after) {
      expect(chain.height).toBe(Number(mined.height));
      expect(chain.node_height).toBe(Number(mined.height));
      expect(Date.parse(chain.last_round_at)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(after[0].height).toBe(before.height + 3);
  });
});
