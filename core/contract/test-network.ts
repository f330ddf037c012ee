// The test network's controls (MODE=test only; in live mode these paths do not exist): a faucet that
// pays any valid test-network address, a miner, the chain's tip, and the two things a real chain can
// do to a payment: drop a mempool transaction (replaced, double spent) and undo the last blocks (a reorg). Anyone may call them, like a public
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

/** The faucet payment to drop: the txid /pay answered (hex, 0x-prefixed for ETH, USDT and USDC). */
export const TestNetworkDropSchema = object({
  txid: v.pipe(v.string('Send the txid the faucet answered.'), v.trim(), v.regex(/^(?:0x)?[0-9a-f]{64}$/, 'Send the txid the faucet answered: 64 hex digits (0x first for ETH and tokens).')),
});

/** depth: how many of the last blocks to undo, a JSON number like mine's blocks. */
export const TestNetworkReorgSchema = object({
  depth: v.optional(
    v.pipe(
      v.number('Send depth as a whole number.'),
      v.integer('Send depth as a whole number.'),
      v.minValue(1, 'Undo at least 1 block.'),
      v.maxValue(MAX_BLOCKS_PER_CALL, `Undo at most ${MAX_BLOCKS_PER_CALL} blocks at once.`),
    ),
    1,
  ),
});

const Height = v.pipe(v.string(), v.regex(/^\d+$/));

export const TestNetworkPayAnswerSchema = v.object({ txid: v.string() });
export const TestNetworkMineAnswerSchema = v.object({ height: Height, blocks: v.number() });
/** withdrawn: our payments the drop took back (0 for a payment to an address we did not allocate). */
export const TestNetworkDropAnswerSchema = v.object({ txid: v.string(), withdrawn: v.number() });
/** moved: transactions the undone blocks held, now back in the mempool. */
export const TestNetworkReorgAnswerSchema = v.object({ height: Height, depth: v.number(), moved: v.number() });
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

export const dropOnTestNetwork = endpoint({
  id: 'testNetwork.drop',
  method: 'POST',
  base: 'main',
  path: 'test-network/drop',
  caller: 'public',
  body: TestNetworkDropSchema,
  answer: TestNetworkDropAnswerSchema,
  idempotency: false,
  rate: 'faucet',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: a faucet payment still in the mempool vanishes, as when it is replaced (RBF) or double spent.',
    description:
      'What a real chain can do before a payment confirms. A payment it had shown goes back: a merchant payment waits for money again ' +
      '(payment.dropped; expired if its time has run out), a member deposit fails. A transaction already in a block must be undone with a reorg first.',
    errors: ['test_transaction_not_found', 'test_transaction_mined'],
    example: { body: { txid: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b' }, answer: { txid: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b', withdrawn: 1 } },
  },
});

export const reorgTestNetwork = endpoint({
  id: 'testNetwork.reorg',
  method: 'POST',
  base: 'main',
  path: 'test-network/reorg',
  caller: 'public',
  body: TestNetworkReorgSchema,
  answer: TestNetworkReorgAnswerSchema,
  idempotency: false,
  rate: 'faucet',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: undoes the last 1 to 100 blocks (a reorganisation); their transactions go back to the mempool.',
    description:
      'Waiting payments lose those confirmations and gain them again as blocks are mined; they settle once. ' +
      'A payment that had already settled is never credited twice: it is flagged for an operator.',
    errors: ['test_reorg_too_deep'],
    example: { body: { depth: 2 }, answer: { height: '1040', depth: 2, moved: 3 } },
  },
});

export const TEST_NETWORK_ENDPOINTS = [payOnTestNetwork, mineTestNetwork, testNetworkStatus, dropOnTestNetwork, reorgTestNetwork];
