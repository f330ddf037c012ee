// The test network's controls (core/contract/test-network.ts; MODE=test only, so in live mode these
// paths do not exist). Like a real chain the faucet accepts any valid test-network address of the
// asset; only addresses we allocated are then detected.

import type { FastifyInstance } from 'fastify';
import { dropOnTestNetwork, mineTestNetwork, payOnTestNetwork, reorgTestNetwork, testNetworkStatus } from '#core/contract/test-network.ts';
import { parseAmount } from '#core/money.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';

/** Largest single faucet payment, in whole coins: plenty for tests, and no row of absurd size. */
const MAX_PAY_WHOLE_UNITS = 1_000_000n;

export interface TestNetworkRouteOptions {
  /** TEST_NETWORK_BLOCK_MS, reported by the status call (0 = blocks are mined only by hand). */
  blockMs?: number;
}

export async function testNetworkRoutes(app: FastifyInstance, options: TestNetworkRouteOptions = {}): Promise<void> {
  const network = () => {
    const testNetwork = app.chain.testNetwork;
    if (!testNetwork) throw new Error('test-network routes are registered only in test mode');
    return testNetwork;
  };

  route(app, payOnTestNetwork, async ({ body }) => {
    const amount = parseAmount(body.amount, body.asset);
    if (!amount.ok) throw apiError('validation_failed', undefined, { amount: [amount.message] });
    if (amount.minor <= 0n) throw apiError('validation_failed', undefined, { amount: ['Enter an amount above zero.'] });
    if (amount.minor > MAX_PAY_WHOLE_UNITS * 100_000_000n) throw apiError('amount_above_maximum', `The test network pays at most ${MAX_PAY_WHOLE_UNITS} ${body.asset} at once.`);
    const address = app.chain.validateAddress(body.asset, body.address);
    if (!address.ok) throw apiError('address_invalid', address.message, { address: [address.message] });
    const { txid } = await network().pay({ asset: body.asset, address: address.address, amountMinor: amount.minor });
    return { txid };
  });

  route(app, mineTestNetwork, async ({ body }) => {
    const { height } = await network().mine(body.blocks);
    return { height: height.toString(), blocks: body.blocks };
  });

  route(app, dropOnTestNetwork, async ({ body }) => {
    const dropped = await network().drop(body.txid);
    if (!dropped.ok) throw apiError(dropped.code, dropped.message);
    return { txid: body.txid, withdrawn: dropped.withdrawn };
  });

  route(app, reorgTestNetwork, async ({ body }) => {
    const undone = await network().reorg(body.depth);
    if (!undone.ok) throw apiError(undone.code, undone.message);
    return { height: undone.height.toString(), depth: body.depth, moved: undone.moved };
  });

  route(app, testNetworkStatus, async () => {
    const height = await network().tipHeight();
    const mempool = await app.db.selectFrom('test_network_txs').select((eb) => eb.fn.countAll<bigint>().as('count')).where('block_height', 'is', null).executeTakeFirstOrThrow();
    return { height: height.toString(), mempool: Number(mempool.count), block_ms: options.blockMs ?? 0 };
  });
}
