// The test network's controls (MODE=test only; in live mode these paths do not exist): a faucet that
// pays any valid test-network address, a miner, and the chain's tip. Anyone may call them, like a public
// faucet, within the faucet's per-address rate limit. Heights are decimal strings (they are bigints).

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, CryptoSchema } from './fields.ts';
import { object } from './schema-kit.ts';

/** Blocks one mine call may produce: enough for any confirmation count, small enough to be cheap. */
export const MAX_BLOCKS_PER_CALL = 100;

export const TestNetworkPaySchema = object({
  asset: CryptoSchema,
  address: v.pipe(v.string('Enter the address.'), v.trim(), v.nonEmpty('Enter the address.'), v.maxLength(128, 'The address is too long.')),
  amount: AmountInputSchema,
});

/** blocks is a JSON number (scripts and the e2e specs send one): a whole one, 1 to MAX_BLOCKS_PER_CALL. */
export const TestNetworkMineSchema = object({
  blocks: v.optional(
    v.pipe(
      v.number('Send blocks as a whole number.'),
      v.integer('Send blocks as a whole number.'),
      v.minValue(1, 'Mine at least 1 block.'),
      v.maxValue(MAX_BLOCKS_PER_CALL, `Mine at most ${MAX_BLOCKS_PER_CALL} blocks at once.`),
    ),
    1,
  ),
});

const Height = v.pipe(v.string(), v.regex(/^\d+$/));

export const TestNetworkPayAnswerSchema = v.object({ txid: v.string() });
export const TestNetworkMineAnswerSchema = v.object({ height: Height, blocks: v.number() });
export const TestNetworkStatusAnswerSchema = v.object({
  height: Height,
  /** Transactions not yet in a block. */
  mempool: v.number(),
  /** TEST_NETWORK_BLOCK_MS: a block is mined every this many ms; 0 = only by hand. */
  block_ms: v.number(),
});

export const payOnTestNetwork = endpoint({
  id: 'testNetwork.pay',
  method: 'POST',
  base: 'main',
  path: 'test-network/pay',
  caller: 'public',
  body: TestNetworkPaySchema,
  answer: TestNetworkPayAnswerSchema,
  idempotency: false,
  rate: 'faucet',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: sends test coins to any valid test-network address, like a faucet.',
    description: 'Only addresses the platform allocated are then detected (a deposit, a payment), as on a real chain.',
    errors: ['address_invalid', 'amount_above_maximum'],
    example: {
      body: { asset: 'BTC', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: '0.005' },
      answer: { txid: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b' },
    },
  },
});

export const mineTestNetwork = endpoint({
  id: 'testNetwork.mine',
  method: 'POST',
  base: 'main',
  path: 'test-network/mine',
  caller: 'public',
  body: TestNetworkMineSchema,
  answer: TestNetworkMineAnswerSchema,
  idempotency: false,
  rate: 'faucet',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: mines 1 to 100 blocks at once; every waiting payment gains that many confirmations.',
    errors: [],
    example: { body: { blocks: 6 }, answer: { height: '1042', blocks: 6 } },
  },
});

export const testNetworkStatus = endpoint({
  id: 'testNetwork.status',
  method: 'GET',
  base: 'main',
  path: 'test-network/status',
  caller: 'public',
  answer: TestNetworkStatusAnswerSchema,
  idempotency: false,
  rate: 'faucet',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: the test network\'s tip height, its mempool size and how often it mines a block.',
    errors: [],
    example: { answer: { height: '1042', mempool: 1, block_ms: 0 } },
  },
});

export const TEST_NETWORK_ENDPOINTS = [payOnTestNetwork, mineTestNetwork, testNetworkStatus];
