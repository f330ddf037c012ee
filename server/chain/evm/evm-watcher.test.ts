// The EVM watcher against a real node: anvil from the local-nodes harness, with our USDT and USDC
// deployed, on both databases. Payments are sent from anvil's dev accounts; blocks are mined by hand
// (anvil_mine) and the watcher's rounds are run by hand (tick), except where the timer itself is tested.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, erc20Abi, http, type Address, type Hash, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { CryptoAsset } from '#core/assets.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import { settlementSplit } from '#core/payments/payment-rules.ts';
import { DEFAULT_MERCHANT_FEE_BPS } from '#core/payments/merchant-fee.ts';
import type { TokenAsset } from '#core/chain/networks.ts';
import { testDatabases, useTestApp } from '../../test-helper.ts';
import { balanceOf, checkLedger, findAccount } from '../../ledger/index.ts';
import { createOrder, eventTypes, merchantBalance, paymentStatus } from '../../payments/payment-test-kit.ts';
import { useChainKeys, walletAddressRecord } from '../addresses.ts';
import { keysFromSeed, seedFromMnemonic, TEST_MNEMONIC } from '../hd-keys.ts';
import { startAnvil, type LocalAnvil } from '../nodes/index.ts';
import { EvmClient } from './evm-client.ts';
import { EvmWatcher, type EvmWatcherOptions } from './evm-watcher.ts';

const MERCHANT = 'mch_demo_verdant';
const WEI_PER_MINOR = 10n ** 10n;

function minor(amount: string, asset: CryptoAsset = 'ETH'): bigint {
  const parsed = parseAmount(amount, asset);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

describe.each(testDatabases())('the EVM watcher against anvil on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  let anvil: LocalAnvil;
  let watcher: EvmWatcher;
  const extraWatchers: EvmWatcher[] = [];

  const newWatcher = (options: Partial<EvmWatcherOptions> = {}) => {
    const made = new EvmWatcher({ db: t.app.db, pipeline: t.app.chain.pipeline, log: t.app.log.child({ component: 'evm-watcher' }), network: 'regtest', rpcUrl: anvil.rpcUrl, tokens: anvil.tokens, ...options });
    extraWatchers.push(made);
    return made;
  };

  beforeAll(async () => {
    // After the app is built (its chain plugin installed the test network's keys): addresses on regtest.
    useChainKeys(() => keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'regtest'));
    anvil = await startAnvil();
    watcher = newWatcher();
    await watcher.tick();
  }, 60_000);

  afterAll(async () => {
    for (const made of extraWatchers) await made.stop();
    await anvil?.stop();
  });

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  const wallet = (account: number) => createWalletClient({ account: privateKeyToAccount(anvil.accounts[account]!.privateKey), chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) });
  /** Anvil may answer a sent transaction a moment before its automined block exists: wait for the receipt. */
  const mined = async (txid: Hash): Promise<{ status: Hex }> => {
    for (let tries = 0; tries < 200; tries += 1) {
      const receipt = await anvil.rpc<{ status: Hex } | null>('eth_getTransactionReceipt', [txid]);
      if (receipt) return receipt;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${txid} was not mined`);
  };
  const sendEth = async (account: number, to: string, amountMinor: bigint): Promise<Hash> => {
    const txid = await wallet(account).sendTransaction({ to: to as Address, value: amountMinor * WEI_PER_MINOR });
    await mined(txid);
    return txid;
  };
  // Token amounts on chain have 6 decimals: our minor units / 100.
  const sendToken = async (asset: TokenAsset, to: string, amountMinor: bigint, account = 0, gas?: bigint): Promise<Hash> => {
    const txid = await wallet(account).writeContract({ address: anvil.tokens[asset], abi: erc20Abi, functionName: 'transfer', args: [to as Address, amountMinor / 100n], ...(gas ? { gas } : {}) });
    await mined(txid);
    return txid;
  };
  const sendRaw = async (raw: Hex): Promise<Hash> => {
    const txid = await anvil.rpc<Hash>('eth_sendRawTransaction', [raw]);
    await mined(txid);
    return txid;
  };
  const signed = async (account: number, tx: { to: Address; value?: bigint; data?: Hex }): Promise<Hex> => {
    const client = wallet(account);
    return client.signTransaction(await client.prepareTransactionRequest(tx));
  };
  /** Mine `blocks` and let the watcher see them. */
  const mineAndTick = async (blocks: number) => {
    if (blocks > 0) await anvil.mine(blocks);
    return watcher.tick();
  };
  const chainPayment = (txid: string) => t.app.db.selectFrom('chain_payments').selectAll().where('txid', '=', txid).executeTakeFirstOrThrow();

  it("an ETH member deposit is detected at once and completed after 6 confirmations, credited once", async () => {
    const member = await t.app.db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', t.seed!.member.email).executeTakeFirstOrThrow();
    const who = { userId: member.id, providerId: member.provider_id };
    const { address } = await walletAddressRecord(t.app.db, { ...who, asset: 'ETH' });
    const walletBalance = async () => {
      const account = await findAccount(t.app.db, { ...who, owner: { type: 'user', userId: who.userId }, asset: 'ETH', kind: 'wallet' });
      return account ? balanceOf(account).balance : 0n;
    };
    const before = await walletBalance();
    const txid = await sendEth(1, address, 1_500_000n);
    const round = await mineAndTick(0);
    expect(round).toMatchObject({ blocks: 1, rolledBack: 0 });
    const deposit = () => t.app.db.selectFrom('money_transactions').selectAll().where('reference', '=', txid).executeTakeFirstOrThrow();
    expect(await deposit()).toMatchObject({ type: 'deposit', status: 'pending', currency_iso: 'ETH', amount_minor: 1_500_000n, confirmations: 1, required_confirmations: 6 });
    await mineAndTick(4);
    expect(await deposit()).toMatchObject({ status: 'pending', confirmations: 5 });
    await mineAndTick(1);
    expect(await deposit()).toMatchObject({ status: 'completed', confirmations: 6 });
    await mineAndTick(3);
    await watcher.tick();
    expect((await walletBalance()) - before).toBe(1_500_000n);
    expect(await chainPayment(txid)).toMatchObject({ status: 'confirmed', amount_minor: 1_500_000n, address });
    expect(watcher.status()).toMatchObject({ family: 'ethereum', backend: 'evm-rpc', network: 'regtest', reachable: true, lagBlocks: 0, lastError: null, retryInMs: null, node: anvil.rpcUrl });
  });

  it.each([
    { case: 'ETH, paid in full: settled', asset: 'ETH' as const, pay: (due: bigint) => due, status: 'settled', exception: null },
    { case: 'USDT (ERC-20), paid in full: settled, amount exact', asset: 'USDT' as const, pay: (due: bigint) => due, status: 'settled', exception: null },
    { case: 'USDC (ERC-20), paid in full: settled, amount exact', asset: 'USDC' as const, pay: (due: bigint) => due, status: 'settled', exception: null },
    { case: 'ETH underpaid: still processing with paid_partial, nothing credited', asset: 'ETH' as const, pay: (due: bigint) => due / 2n, status: 'processing', exception: 'paid_partial' },
    { case: 'USDT overpaid: settled with paid_over, credited what arrived', asset: 'USDT' as const, pay: (due: bigint) => due + 5_000_000n, status: 'settled', exception: 'paid_over' },
  ])('a merchant payment in $case', async ({ asset, pay, status, exception }) => {
    const before = await merchantBalance(t.app.db, MERCHANT, asset);
    const order = await createOrder(t.app, key(), { currency_1_iso: asset });
    const paid = pay(minor(order.currency_1_amount, asset));
    const txid = asset === 'ETH' ? await sendEth(2, order.currency_1_address, paid) : await sendToken(asset, order.currency_1_address, paid);
    await mineAndTick(0);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', currency_1_paid: formatMinor(paid, asset), confirmations: 1 });
    await mineAndTick(5);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status, exception, currency_1_paid: formatMinor(paid, asset), currency_1_confirmed: formatMinor(paid, asset) });
    expect(await chainPayment(txid)).toMatchObject({ asset, amount_minor: paid, status: 'confirmed' });
    const credited = status === 'settled' ? settlementSplit(paid, DEFAULT_MERCHANT_FEE_BPS).creditedMinor : 0n;
    expect((await merchantBalance(t.app.db, MERCHANT, asset)) - before).toBe(credited);
  });

  it('a reorganisation that takes a payment with 2 confirmations away withdraws the detection: the payment waits for money again', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'ETH' });
    const snapshot = await anvil.snapshot();
    const txid = await sendEth(3, order.currency_1_address, minor(order.currency_1_amount));
    await mineAndTick(1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', confirmations: 2 });
    await anvil.revert(snapshot);
    const round = await mineAndTick(3);
    expect(round.rolledBack).toBeGreaterThanOrEqual(2);
    expect(round.withdrawn).toBe(1);
    expect(await chainPayment(txid)).toMatchObject({ status: 'dropped', dropped_reason: 'reorged_out', block_hash: null });
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'new', currency_1_paid: '0.00000000' });
    await mineAndTick(6);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('new');
  });

  it('a reorganisation that keeps the height (anvil_reorg: other blocks, same tip) is seen by hash, and the payment it dropped is withdrawn', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'USDT' });
    const txid = await sendToken('USDT', order.currency_1_address, minor(order.currency_1_amount, 'USDT'));
    await mineAndTick(2);
    expect(await chainPayment(txid)).toMatchObject({ status: 'detected', confirmations: 3 });
    const tip = watcher.status().nodeHeight;
    await anvil.rpc('anvil_reorg', [4, []]);
    const round = await watcher.tick();
    expect(watcher.status().nodeHeight).toBe(tip);
    expect(round).toMatchObject({ rolledBack: 4, blocks: 4, withdrawn: 1 });
    expect(await chainPayment(txid)).toMatchObject({ status: 'dropped', dropped_reason: 'reorged_out' });
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('new');
  });

  it('a payment re-mined in another block after a reorganisation follows its new block', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'USDC' });
    const due = minor(order.currency_1_amount, 'USDC');
    const snapshot = await anvil.snapshot();
    const raw = await signed(0, { to: anvil.tokens.USDC, data: transferData(order.currency_1_address, due / 100n) });
    const txid = await sendRaw(raw);
    await mineAndTick(1);
    const first = await chainPayment(txid);
    await anvil.revert(snapshot);
    await anvil.mine(2);
    expect(await sendRaw(raw)).toBe(txid);
    await watcher.tick();
    const again = await chainPayment(txid);
    expect(again).toMatchObject({ status: 'detected', confirmations: 1 });
    expect(again.block_height).toBe(first.block_height! + 2n);
    await mineAndTick(5);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
  });

  it('a FINAL payment reverted away is flagged reorged_at and never credited twice, even when mined again', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'ETH');
    const order = await createOrder(t.app, key(), { currency_1_iso: 'ETH' });
    const due = minor(order.currency_1_amount);
    const snapshot = await anvil.snapshot();
    // Signed once, so exactly the same transaction can be sent again after the revert.
    const raw = await signed(4, { to: order.currency_1_address as Address, value: due * WEI_PER_MINOR });
    const txid = await sendRaw(raw);
    await mineAndTick(6);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
    const credited = settlementSplit(due, DEFAULT_MERCHANT_FEE_BPS).creditedMinor;
    expect((await merchantBalance(t.app.db, MERCHANT, 'ETH')) - before).toBe(credited);

    await anvil.revert(snapshot);
    await mineAndTick(8);
    const flagged = await chainPayment(txid);
    expect(flagged.status).toBe('confirmed');
    expect(flagged.reorged_at).not.toBeNull();
    expect(t.logs.text()).toContain('a FINAL payment left the chain');

    await sendRaw(raw);
    await mineAndTick(7);
    expect((await merchantBalance(t.app.db, MERCHANT, 'ETH')) - before).toBe(credited);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
  });

  it('a reverted ERC-20 transfer credits nothing', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'USDT' });
    // Account 5 holds no USDT: the transfer reverts; the gas is given so the node mines it anyway.
    const txid = await sendToken('USDT', order.currency_1_address, minor(order.currency_1_amount, 'USDT'), 5, 100_000n);
    expect((await mined(txid)).status).toBe('0x0');
    expect((await mineAndTick(6)).blocks).toBe(7);
    expect(await t.app.db.selectFrom('chain_payments').select('id').where('address', '=', order.currency_1_address).execute()).toEqual([]);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('new');
  });

  it('restarted mid catch-up (a new watcher on the same database, the last block unfinished): nothing missed, nothing doubled', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'ETH');
    const orders = [];
    for (let i = 0; i < 4; i += 1) {
      const order = await createOrder(t.app, key(), { currency_1_iso: 'ETH' });
      await sendEth(6, order.currency_1_address, minor(order.currency_1_amount));
      await anvil.mine(15);
      orders.push(order);
    }
    const first = newWatcher({ maxBlocksPerRound: 20 });
    expect((await first.tick()).blocks).toBe(20);
    await first.stop();
    // As if the process died after the last block's observations were in but before it was finished.
    const top = await t.app.db.selectFrom('chain_blocks').select('height').where('family', '=', 'ethereum').orderBy('height', 'desc').limit(1).executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('chain_blocks').where('family', '=', 'ethereum').where('height', '=', top.height).execute();

    watcher = newWatcher({ maxBlocksPerRound: 25 });
    let rounds = 0;
    while (watcher.status().lagBlocks !== 0 || rounds === 0) {
      expect((await watcher.tick()).blocks).toBeLessThanOrEqual(25);
      rounds += 1;
    }
    expect(rounds).toBeGreaterThanOrEqual(2);
    const heights = await t.app.db.selectFrom('chain_blocks').select('height').where('family', '=', 'ethereum').orderBy('height').execute();
    const numbers = heights.map((row) => Number(row.height));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0]! + i));
    let credited = 0n;
    for (const order of orders) {
      expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
      credited += settlementSplit(minor(order.currency_1_amount), DEFAULT_MERCHANT_FEE_BPS).creditedMinor;
    }
    expect((await merchantBalance(t.app.db, MERCHANT, 'ETH')) - before).toBe(credited);
  });

  it('catches up on many blocks, at most maxBlocksPerRound a round, and finds the payments among them', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'USDC' });
    await anvil.mine(300);
    const txid = await sendToken('USDC', order.currency_1_address, minor(order.currency_1_amount, 'USDC'));
    await anvil.mine(300);
    watcher = newWatcher();
    const started = Date.now();
    const rounds = [];
    do rounds.push(await watcher.tick());
    while (watcher.status().lagBlocks !== 0);
    expect(rounds.map((round) => round.blocks)).toEqual([100, 100, 100, 100, 100, 100, 1]);
    expect(await chainPayment(txid)).toMatchObject({ status: 'confirmed', confirmations: 301 });
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
    t.app.log.info({ blocksPerSecond: Math.round(601 / ((Date.now() - started) / 1000)) }, 'evm watcher catch-up');
  });

  it('runs on its timer until stopped', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'ETH' });
    watcher.start();
    try {
      await sendEth(7, order.currency_1_address, minor(order.currency_1_amount));
      await until(async () => (await paymentStatus(t.app, order.transaction_token)).status === 'processing');
      await anvil.mine(5);
      await until(async () => (await paymentStatus(t.app, order.transaction_token)).status === 'settled');
    } finally {
      await watcher.stop();
    }
  });

  it('a node that fails in the middle of a scan: the round stops with lastError, the next one goes on from the last finished block, nothing lost or doubled', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'ETH' });
    const start = Number(await anvil.rpc<Hex>('eth_blockNumber'));
    await anvil.mine(4);
    const txid = await sendEth(8, order.currency_1_address, minor(order.currency_1_amount));
    await anvil.mine(5);
    // The node fails once while the payment's block is read (it is the sixth block after `start`).
    const failAt = start + 5;
    class FailingOnce extends EvmClient {
      failed = false;
      override async block(height: number) {
        if (height === failAt && !this.failed) {
          this.failed = true;
          return { ok: false as const, error: { code: 'unreachable' as const, message: 'connection reset' } };
        }
        return super.block(height);
      }
    }
    watcher = newWatcher({ client: new FailingOnce(anvil.rpcUrl) });
    const broken = await watcher.tick();
    expect(broken.observed).toBe(0);
    expect(watcher.status()).toMatchObject({ reachable: false, height: failAt - 1, retryInMs: 1000, lastError: { message: 'connection reset' } });
    expect(await t.app.db.selectFrom('chain_payments').select('id').where('txid', '=', txid).execute()).toEqual([]);
    const healed = await watcher.tick();
    // Seen with 6 confirmations at once: final on detection, so the re-check has nothing open.
    expect(healed).toMatchObject({ blocks: 6, observed: 1 });
    expect(watcher.status()).toMatchObject({ reachable: true, lagBlocks: 0, lastError: null, retryInMs: null });
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
    expect(await chainPayment(txid)).toMatchObject({ confirmations: 6, status: 'confirmed' });
  });

  it('a node on another chain altogether (a local node started afresh): no block in common, rescanned from below the kept blocks, the final payments it lacks flagged, nothing debited or credited', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'ETH');
    const fresh = await startAnvil();
    try {
      await fresh.mine(20);
      const stranger = newWatcher({ rpcUrl: fresh.rpcUrl });
      const kept = await t.app.db.selectFrom('chain_blocks').select('height').where('family', '=', 'ethereum').execute();
      const round = await stranger.tick();
      // The harness's two deployments may share a block: read the fresh chain's height.
      const tip = Number(await fresh.rpc<Hex>('eth_blockNumber'));
      expect(stranger.status()).toMatchObject({ lastError: null, nodeHeight: tip, height: tip, lagBlocks: 0 });
      // Our kept blocks begin at genesis (the first start was at height 2 - 6 < 0), so it rescans from there.
      expect(Math.min(...kept.map((row) => Number(row.height)))).toBe(0);
      expect(round).toMatchObject({ rolledBack: kept.length, blocks: tip + 1 });
      expect(round.withdrawn).toBeGreaterThan(0);
      const unflagged = await t.app.db.selectFrom('chain_payments').select('id').where('status', '=', 'confirmed').where('reorged_at', 'is', null).execute();
      expect(unflagged).toEqual([]);
      expect(await merchantBalance(t.app.db, MERCHANT, 'ETH')).toBe(before);
      await stranger.stop();
    } finally {
      await fresh.stop();
    }
  });

  it('a node that does not answer: lastError without its password, backing off 1 s doubling, unreachable', async () => {
    const dead = newWatcher({ rpcUrl: 'http://watcher:s3cret-pass@127.0.0.1:9/' });
    await dead.tick();
    const first = dead.status();
    expect(first).toMatchObject({ reachable: false, retryInMs: 1000, node: 'http://watcher:***@127.0.0.1:9' });
    expect(first.lastError?.message).toBeTruthy();
    await dead.tick();
    expect(dead.status().retryInMs).toBe(2000);
    expect(JSON.stringify(dead.status())).not.toContain('s3cret');
    expect(t.logs.text()).not.toContain('s3cret');
  });
});

function transferData(to: string, amount: bigint): Hex {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('until: timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
