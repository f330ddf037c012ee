// The payouts' callers on anvil, as `npm start -- --local-nodes` runs them: a member's ETH withdrawal and USDT
// withdrawal, and a guest's ETH delivery, are queued in their own transaction and reach the chain through the
// payout worker, signed with EVM_PAYOUT_KEY (dev account 9), and are completed once mined. Arrival is read from
// anvil: eth_getBalance for ETH, the token's balanceOf for USDT. The app's background payout worker is stopped,
// and anvil mines only when told, so each step is taken here, in order.
import { createWalletClient, encodeFunctionData, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedCardCheckout } from '../../checkout/checkout-test-kit.ts';
import { deliverCheckouts } from '../../checkout/deliver-checkouts.ts';
import { checkLedger } from '../../ledger/index.ts';
import { creditWallet, newestCode, newMember, send, walletBalance } from '../../money/deposits/member-test-kit.ts';
import { processDueWithdrawals } from '../../money/withdrawals/payout-worker.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test-helper.ts';
import { ERC20_ABI, startAnvil, type LocalAnvil } from '../nodes/index.ts';

describe.each(testDatabases())('payouts of withdrawals and deliveries on a local anvil, on $name', ({ name }) => {
  let evm: LocalAnvil;
  let t: TestApp;
  beforeAll(async () => {
    evm = await startAnvil();
    // The hot wallet (dev account 9) holds 10,000 ETH from anvil; the token deployer gives it 1,000 USDT.
    const deployer = createWalletClient({ account: privateKeyToAccount(evm.accounts[0]!.privateKey), chain: foundry, transport: http(evm.rpcUrl) });
    await deployer.writeContract({ address: evm.tokens.USDT, abi: ERC20_ABI, functionName: 'transfer', args: [evm.accounts[9]!.address, 1_000_000_000n] });
    t = await buildTestApp(name, { env: { EVM_RPC_URL: evm.rpcUrl, EVM_PAYOUT_KEY: evm.accounts[9]!.privateKey, CHAIN_POLL_MS: 100 } });
    await t.app.ready();
    await t.app.chain.payouts.worker.stop();
    await evm.rpc('evm_setAutomine', [false]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await evm?.stop();
  });

  const worker = () => t.app.chain.payouts.worker;
  const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;
  const ethOf = async (address: string) => BigInt(await evm.rpc<string>('eth_getBalance', [address, 'latest']));
  const usdtOf = async (address: string) => BigInt(await evm.rpc<string>('eth_call', [{ to: evm.tokens.USDT, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [address as Hex] }) }, 'latest']));
  const withdrawalRow = (id: string) => t.app.db.selectFrom('money_transactions').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();

  it.each([
    { asset: 'ETH', amount: '0.05000000', credit: 100_000_000n, arrived: ethOf, onChain: 50_000_000_000_000_000n },
    { asset: 'USDT', amount: '25.00000000', credit: 10_000_000_000n, arrived: usdtOf, onChain: 25_000_000n },
  ] as const)("a member's $asset withdrawal is signed by the hot wallet, arrives on chain, and completes once", async ({ asset, amount, credit, arrived, onChain }) => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, asset, credit);
    const address = freshAddress();
    const started = await send(t.app, member, 'POST', '/v1/transactions/withdrawal', { method: 'crypto', currency: asset, amount, address });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.request_details.transaction.id as string;
    const confirmed = await send(t.app, member, 'POST', '/v1/transactions/withdrawal/confirm', { transaction_id: id, code: await newestCode(t.app.db, member) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    expect(await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 })).toEqual({ completed: 0, failed: 0, queued: 1 });
    expect(await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 })).toEqual({ completed: 0, failed: 0, queued: 0 });
    expect(await worker().tick()).toMatchObject({ broadcast: 1, failed: 0 });
    const sent = await withdrawalRow(id);
    expect(sent.status).toBe('pending');
    expect(sent.reference).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await arrived(address)).toBe(0n);

    await evm.mine(1);
    expect(await worker().tick()).toMatchObject({ confirmed: 1 });
    expect(await arrived(address)).toBe(onChain);
    expect(await withdrawalRow(id)).toMatchObject({ status: 'completed', reference: sent.reference });
    expect(await t.app.db.selectFrom('chain_payouts').select(['status', 'txid', 'signer']).where('ref', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'confirmed', txid: sent.reference, signer: evm.accounts[9]!.address });
    expect(await worker().tick()).toMatchObject({ broadcast: 0, confirmed: 0, failed: 0 });
    expect(await arrived(address)).toBe(onChain);
    const wallet = await walletBalance(t.app.db, member, asset);
    expect(wallet.balance).toBe(wallet.available);
    expect(wallet.balance).toBeLessThanOrEqual(credit - BigInt(amount.replace('.', '')));
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it("a guest's card checkout in ETH is delivered on chain: queued, broadcast (txid shown), sent once mined", async () => {
    const address = freshAddress();
    const row = await capturedCardCheckout(t.app, 'ETH', address);
    const id = row.public_id;
    const checkout = () => t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();

    expect(await deliverCheckouts(t.app.db, t.app.chain.payouts, new Date(), { bank: null, coins: t.app.chain.assets })).toMatchObject({ queued: 1, rejected: 0 });
    expect(await worker().tick()).toMatchObject({ broadcast: 1 });
    const broadcast = await checkout();
    expect(broadcast).toMatchObject({ delivery_status: 'queued', delivery_txid: expect.stringMatching(/^0x[0-9a-f]{64}$/) });

    await evm.mine(1);
    expect(await worker().tick()).toMatchObject({ confirmed: 1 });
    expect(await checkout()).toMatchObject({ delivery_status: 'sent', delivery_txid: broadcast.delivery_txid, delivered_at: expect.any(Date) });
    // Wei: the 8-decimal amount sold times 10^10.
    expect(await ethOf(address)).toBe(row.crypto_amount_minor * 10n ** 10n);
    expect(await worker().tick()).toMatchObject({ broadcast: 0, confirmed: 0, failed: 0 });
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });
});
