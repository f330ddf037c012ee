// The test network's controls (MODE=test only; in live mode these paths do not exist):
//   POST /v1/test-network/pay  { asset, address, amount }  -> { txid }
//     Anyone may call it, like a faucet; rate-limited per address. Like a real chain it accepts any
//     valid test-network address of the asset; only addresses we allocated are then detected.
//   POST /v1/test-network/mine { blocks }                   -> { height }
//     Mines 1..100 blocks at once; each payment then has that many more confirmations.
//   GET  /v1/test-network/status                           -> { height, mempool, block_ms }

import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AmountInputSchema, CryptoSchema } from '#core/contract/fields.ts';
import { ok } from '#core/envelope.ts';
import { parseAmount } from '#core/money.ts';
import { apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { MAX_BLOCKS_PER_CALL } from '../chain/test-network.ts';

export const TestNetworkPaySchema = v.object({
  asset: CryptoSchema,
  address: v.pipe(v.string('Enter the address.'), v.trim(), v.nonEmpty('Enter the address.'), v.maxLength(128, 'The address is too long.')),
  amount: AmountInputSchema,
});

export const TestNetworkMineSchema = v.object({
  blocks: v.optional(
    v.pipe(v.number('Send blocks as a whole number.'), v.integer('Send blocks as a whole number.'), v.minValue(1, 'Mine at least 1 block.'), v.maxValue(MAX_BLOCKS_PER_CALL, `Mine at most ${MAX_BLOCKS_PER_CALL} blocks at once.`)),
    1,
  ),
});

/** Largest single faucet payment, in whole coins: plenty for tests, and no row of absurd size. */
const MAX_PAY_WHOLE_UNITS = 1_000_000n;

export interface TestNetworkRouteOptions {
  /** Faucet and miner calls per address per minute (default 60). */
  perMinute?: number;
}

export async function testNetworkRoutes(app: FastifyInstance, options: TestNetworkRouteOptions & { blockMs?: number } = {}): Promise<void> {
  const rateLimit = { max: options.perMinute ?? 60, timeWindow: 60_000 };
  const network = () => {
    const testNetwork = app.chain.testNetwork;
    if (!testNetwork) throw new Error('test-network routes are registered only in test mode');
    return testNetwork;
  };

  app.post('/v1/test-network/pay', { config: { rateLimit } }, async (request) => {
    const body = parseInput(TestNetworkPaySchema, request.body, 'body');
    const amount = parseAmount(body.amount, body.asset);
    if (!amount.ok) throw apiError('validation_failed', undefined, { amount: [amount.message] });
    if (amount.minor <= 0n) throw apiError('validation_failed', undefined, { amount: ['Enter an amount above zero.'] });
    if (amount.minor > MAX_PAY_WHOLE_UNITS * 100_000_000n) throw apiError('amount_above_maximum', `The test network pays at most ${MAX_PAY_WHOLE_UNITS} ${body.asset} at once.`);
    const address = app.chain.validateAddress(body.asset, body.address);
    if (!address.ok) throw apiError('address_invalid', address.message, { address: [address.message] });
    const { txid } = await network().pay({ asset: body.asset, address: address.address, amountMinor: amount.minor });
    return ok({ txid });
  });

  app.post('/v1/test-network/mine', { config: { rateLimit } }, async (request) => {
    const body = parseInput(TestNetworkMineSchema, request.body ?? {}, 'body');
    const { height } = await network().mine(body.blocks);
    return ok({ height: height.toString(), blocks: body.blocks });
  });

  app.get('/v1/test-network/status', { config: { rateLimit } }, async () => {
    const height = await network().tipHeight();
    const mempool = await app.db.selectFrom('test_network_txs').select((eb) => eb.fn.countAll<bigint>().as('count')).where('block_height', 'is', null).executeTakeFirstOrThrow();
    return ok({ height: height.toString(), mempool: Number(mempool.count), block_ms: options.blockMs ?? 0 });
  });
}
