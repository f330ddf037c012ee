// The payouts' callers on real nodes, as `npm start -- --local-nodes` runs them: a member's withdrawal and a
// guest's delivery are queued in their own transaction and reach litecoind's chain through the payout worker
// (the node wallet in LTC_RPC_URL pays), completed once mined; a payout the hot wallet cannot cover is
// refused with nothing moved; the console lists the hot wallets with their balances. The app's background
// payout worker is stopped, so each step is taken here, in order.
import { formatMinor } from '#core/money.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedCardCheckout } from '../../checkout/checkout-test-kit.ts';
import { deliverCheckouts } from '../../checkout/deliver-checkouts.ts';
import { deliveryState } from '../../checkout/invoice.ts';
import { checkLedger } from '../../ledger/index.ts';
import { creditWallet, newestCode, newMember, send, walletBalance, type TestMember } from '../../money/deposits/member-test-kit.ts';
import { processDueWithdrawals } from '../../money/withdrawals/payout-worker.ts';
import { operatorSession } from '../../operators/test-kit.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test-helper.ts';
import { startAnvil, startLitecoind, type LocalAnvil, type LocalLitecoind } from '../nodes/index.ts';
import { jsonRpc } from '../nodes/json-rpc.ts';

describe.each(testDatabases())('payouts of withdrawals and deliveries on a local litecoind, on $name', ({ name }) => {
  let node: LocalLitecoind;
  let evm: LocalAnvil;
  let t: TestApp;
  beforeAll(async () => {
    [node, evm] = await Promise.all([startLitecoind(), startAnvil()]);
    t = await buildTestApp(name, { env: { LTC_RPC_URL: node.walletUrl, EVM_RPC_URL: evm.rpcUrl, EVM_PAYOUT_KEY: evm.accounts[9]!.privateKey, CHAIN_POLL_MS: 100 } });
    await t.app.ready();
    await t.app.chain.payouts.worker.stop();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([node?.stop(), evm?.stop()]);
  });

  const worker = () => t.app.chain.payouts.worker;
  const received = async (address: string) => BigInt(Math.round((await node.rpc<number>('getreceivedbyaddress', [address, 1])) * 1e8));
  async function confirmedWithdrawal(member: TestMember, amount: string, address: string): Promise<string> {
    const started = await send(t.app, member, 'POST', '/v1/transactions/withdrawal', { method: 'crypto', currency: 'LTC', amount, address });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.request_details.transaction.id as string;
    const confirmed = await send(t.app, member, 'POST', '/v1/transactions/withdrawal/confirm', { transaction_id: id, code: await newestCode(t.app.db, member) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return id;
  }
  const withdrawalRow = (id: string) => t.app.db.selectFrom('money_transactions').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();

  it("a member's LTC withdrawal is paid from the node wallet, arrives on chain, and completes once", async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'LTC', 200_000_000n);
    const address = await node.rpc<string>('getnewaddress', []);
    const id = await confirmedWithdrawal(member, '0.50000000', address);

    expect(await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 })).toEqual({ completed: 0, failed: 0, queued: 1 });
    // Queued: the loop does not take it again, and the funds stay reserved.
    expect(await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 })).toEqual({ completed: 0, failed: 0, queued: 0 });
    expect(await worker().tick()).toMatchObject({ broadcast: 1, failed: 0 });
    const sent = await withdrawalRow(id);
    expect(sent.status).toBe('pending');
    expect(sent.reference).toMatch(/^[0-9a-f]{64}$/);

    await node.mine(1);
    expect(await worker().tick()).toMatchObject({ confirmed: 1 });
    expect(await received(address)).toBe(50_000_000n);
    expect(await withdrawalRow(id)).toMatchObject({ status: 'completed', reference: sent.reference });
    expect(await worker().tick()).toMatchObject({ broadcast: 0, confirmed: 0, failed: 0 });
    const wallet = await walletBalance(t.app.db, member, 'LTC');
    expect(wallet.balance).toBe(wallet.available);
    expect(wallet.balance).toBeLessThanOrEqual(200_000_000n - 50_000_000n);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it("a guest's card checkout in LTC is delivered on chain: queued, broadcast (txid shown), sent once mined", async () => {
    const address = await node.rpc<string>('getnewaddress', []);
    const row = await capturedCardCheckout(t.app, 'LTC', address);
    const id = row.public_id;
    const checkout = () => t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();

    expect(await deliverCheckouts(t.app.db, t.app.chain.payouts, new Date(), { bank: null, coins: t.app.chain.assets })).toMatchObject({ queued: 1, rejected: 0 });
    expect(await checkout()).toMatchObject({ delivery_status: 'queued', delivery_txid: null });
    expect(await deliverCheckouts(t.app.db, t.app.chain.payouts, new Date(), { bank: null, coins: t.app.chain.assets })).toMatchObject({ queued: 0 });
    await worker().tick();
    const broadcast = await checkout();
    expect(broadcast).toMatchObject({ delivery_status: 'queued', delivery_txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The guest's invoice still reads "sending" until the payout is mined.
    expect(deliveryState(broadcast)).toBe('sending');

    await node.mine(1);
    expect(await worker().tick()).toMatchObject({ confirmed: 1 });
    const sent = await checkout();
    expect(sent).toMatchObject({ delivery_status: 'sent', delivery_txid: broadcast.delivery_txid, delivered_at: expect.any(Date) });
    expect(deliveryState(sent)).toBe('sent');
    expect(await received(address)).toBe(row.crypto_amount_minor);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('a withdrawal the hot wallet cannot cover is refused: nothing queued, nothing sent, the member has the funds back', async () => {
    // Most of the node wallet's coins go to another wallet, so a payout within the member's limits exceeds it.
    await node.rpc('createwallet', ['sink'], false);
    const sink = await jsonRpc<string>(`${node.rpcUrl}/wallet/sink`, 'getnewaddress', []);
    const total = await node.rpc<number>('getbalance', []);
    // Not mined: each block would mature another of the wallet's coinbases; the wallet counts its own change at once.
    await node.rpc('sendtoaddress', [sink, Number((total - 0.5).toFixed(8)), '', '', true]);
    const member = await newMember(t.app);
    const hot = BigInt(Math.round((await node.rpc<number>('getbalance', [])) * 1e8));
    expect(hot).toBeLessThan(100_000_000n);
    const amountMinor = hot + 100_000_000n;
    await creditWallet(t.app.db, member, 'LTC', amountMinor * 2n);
    const before = await walletBalance(t.app.db, member, 'LTC');
    const id = await confirmedWithdrawal(member, formatMinor(amountMinor, 'LTC'), await node.rpc<string>('getnewaddress', []));

    expect(await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 })).toEqual({ completed: 0, failed: 1, queued: 0 });
    const row = await withdrawalRow(id);
    expect(row.status).toBe('failed');
    expect(String(row.details.rejected)).toMatch(/hot wallet cannot cover/);
    expect(await t.app.db.selectFrom('chain_payouts').select('id').where('ref', '=', id).execute()).toEqual([]);
    expect(await walletBalance(t.app.db, member, 'LTC')).toEqual(before);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it("the console lists the node wallet's and the signer's hot wallets with their balances", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/admin/chains', headers: await operatorSession(t.app, 'admin') });
    expect(response.statusCode, response.body).toBe(200);
    const wallets = response.json().request_details.hot_wallets as { asset: string; balance: string | null; pending: string; address: string | null; error: string | null }[];
    expect(wallets.map((wallet) => wallet.asset)).toEqual(['LTC', 'ETH', 'USDT', 'USDC']);
    const ltc = wallets.find((wallet) => wallet.asset === 'LTC')!;
    expect(ltc).toMatchObject({ pending: '0.00000000', address: null, error: null });
    expect(Number(ltc.balance)).toBeGreaterThan(0);
    const eth = wallets.find((wallet) => wallet.asset === 'ETH')!;
    expect(eth).toMatchObject({ address: evm.accounts[9]!.address, error: null });
    expect(Number(eth.balance)).toBeGreaterThan(1000);
    expect(response.body).not.toContain(new URL(node.walletUrl).password);
  });
});
