// Only the coins whose chain is on are offered, received and sent. The app runs as it does on local nodes
// (MODE=test with LTC_RPC_URL and EVM_RPC_URL: the regtest network, LTC and the EVM coins on, BTC and BCH
// off). The node URLs point at a closed port: nothing here talks to a node, and nothing must.

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { walletOwnerRef } from '../chain/index.ts';
import { call, ORIGIN, randomIp, signIn } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { creditWallet, newestCode, newMember, send, walletBalance } from '../money/deposits/member-test-kit.ts';
import { midPrices } from '../money/member-context.ts';
import { confirmWithdrawal } from '../money/withdrawals/confirm-withdrawal.ts';
import { chooseCoin, createCoinlessOrder, mapi, orderBody } from '../payments/payment-test-kit.ts';
import { makeFakeDist, testDatabases, useTestApp } from '../test-helper.ts';

const LOCAL_NODES = { LTC_RPC_URL: 'http://u:p@127.0.0.1:1', EVM_RPC_URL: 'http://127.0.0.1:1' };
const ON = ['LTC', 'ETH', 'USDT', 'USDC'];

describe.each(testDatabases())('coins whose chain is off, on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  const t = useTestApp(name, { env: LOCAL_NODES, distDir: dist.dir });
  const key = () => t.seed?.merchant.secretKey ?? '';
  const paymentCount = async () => Number((await t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const guestInit = async (body: unknown) => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/checkout/init', headers: { host: 'localhost', origin: ORIGIN, 'content-type': 'application/json' }, remoteAddress: randomIp(), payload: JSON.stringify(body) });
    return { status: response.statusCode, body: response.json<any>() };
  };

  it('runs on regtest with only LTC and the EVM coins on', () => {
    expect(t.app.chain.network).toBe('regtest');
    expect([...t.app.chain.assets]).toEqual(ON);
  });

  it('a payment without a coin offers only the coins that are on, and says test_mode', async () => {
    const order = await createCoinlessOrder(t.app, key());
    expect(order.currency_options.map((option: { iso: string }) => option.iso)).toEqual(ON);
    expect(order.test_mode).toBe(true);
    // No built-in test network on local nodes: the widget shows no faucet button, the buyer pays from a wallet.
    expect(order.test_network).toBe(false);
    const merchant = await mapi(t.app, 'GET', '/mapi/api/merchant?merchant_id=mch_demo_verdant');
    expect(merchant.body.request_details.supported_coins.map((coin: { iso: string }) => coin.iso)).toEqual(ON);
    expect(merchant.body.request_details.test_mode).toBe(true);
  });

  it('choosing BTC is refused naming the coin and allocates nothing; choosing LTC gives a regtest address', async () => {
    const order = await createCoinlessOrder(t.app, key());
    const refused = await chooseCoin(t.app, order.transaction_token, 'BTC');
    expect(refused.status).toBe(409);
    expect(refused.body.error_message).toMatchObject({ code: 'coin_unavailable', message: 'Payments in BTC are not available right now. Choose another coin.' });
    const addresses = await t.app.db.selectFrom('chain_addresses').select('id').where('owner_ref', '=', order.transaction_token).execute();
    expect(addresses).toEqual([]);

    const chosen = await chooseCoin(t.app, order.transaction_token, 'LTC');
    expect(chosen.status).toBe(200);
    expect(chosen.body.request_details.currency_1_address).toMatch(/^rltc1q/);
  });

  it.each(['BTC', 'BCH'])('creating a payment in %s is refused before any row is written', async (coin) => {
    const before = await paymentCount();
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody({ currency_1_iso: coin }), { key: key(), idempotencyKey: randomUUID() });
    expect(answer.status).toBe(409);
    expect(answer.body.error_message.code).toBe('coin_unavailable');
    expect(answer.body.error_message.fields).toEqual({ currency_1_iso: [`Payments in ${coin} are not available right now. Choose another coin.`] });
    expect(await paymentCount()).toBe(before);
  });

  it('a member gets no BTC deposit address (refused, nothing allocated) and an rltc1 LTC one', async () => {
    const member = await newMember(t.app);
    const btc = await send(t.app, member, 'POST', '/v1/users/createWallet', { symbol: 'BTC' });
    expect(btc.status).toBe(409);
    expect(btc.body.error_message.code).toBe('coin_unavailable');
    const ltc = await send(t.app, member, 'POST', '/v1/users/createWallet', { symbol: 'LTC' });
    expect(ltc.status).toBe(200);
    expect(ltc.body.request_details.wallets[0].address).toMatch(/^rltc1q/);

    const multichain = await send(t.app, member, 'POST', '/v1/users/createWallet', { multichain: true });
    expect(multichain.body.request_details.wallets.map((wallet: { currency: string }) => wallet.currency)).toEqual(ON);
    const owned = await t.app.db.selectFrom('chain_addresses').select('asset').where('owner_ref', '=', walletOwnerRef(member.userId)).where('purpose', '=', 'wallet').execute();
    expect(owned.map((row) => row.asset).sort()).toEqual([...ON].sort());
  });

  it('a BTC balance is still held and listed, without a deposit address', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 250_000n);
    const balances = await send(t.app, member, 'GET', '/v1/users/getUserBalances');
    expect(balances.status).toBe(200);
    const btc = balances.body.request_details.wallets.find((wallet: { currency: string }) => wallet.currency === 'BTC');
    expect(btc).toMatchObject({ balance: '0.00250000', address: null });
    const allocated = await t.app.db.selectFrom('chain_addresses').select('id').where('asset', '=', 'BTC').execute();
    expect(allocated).toEqual([]);
  });

  it('a BTC withdrawal is refused with nothing recorded or reserved; an LTC one to a regtest address starts', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 1_000_000n);
    const refused = await send(t.app, member, 'POST', '/v1/transactions/withdrawal', { method: 'crypto', currency: 'BTC', amount: '0.00500000', address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' });
    expect(refused.status).toBe(409);
    expect(refused.body.error_message.code).toBe('coin_unavailable');
    const recorded = await t.app.db.selectFrom('money_transactions').select('id').where('user_id', '=', member.userId).execute();
    expect(recorded).toEqual([]);
    expect(await walletBalance(t.app.db, member, 'BTC')).toEqual({ balance: 1_000_000n, available: 1_000_000n, pendingIn: 0n });

    // Another member's LTC deposit address: a real regtest address, as litecoind would give one.
    const other = await newMember(t.app);
    const to = (await send(t.app, other, 'POST', '/v1/users/createWallet', { symbol: 'LTC' })).body.request_details.wallets[0].address as string;
    await creditWallet(t.app.db, member, 'LTC', 100_000_000n);
    const started = await send(t.app, member, 'POST', '/v1/transactions/withdrawal', { method: 'crypto', currency: 'LTC', amount: '0.10000000', address: to });
    expect(started.status).toBe(200);
    expect(started.body.request_details.transaction).toMatchObject({ method: 'crypto', status: 'initial' });

    // The server restarts without the LTC node before the member confirms: refused, the code kept, nothing reserved.
    const id = started.body.request_details.transaction.id as string;
    const owner = { providerId: member.providerId, userId: member.userId };
    const confirmed = await confirmWithdrawal(t.app.db, t.app.notifier, owner, id, await newestCode(t.app.db, member), midPrices(t.app, member.providerId), { isAvailable: (asset) => asset !== 'LTC' });
    expect(confirmed).toEqual({ ok: false, error: { code: 'coin_unavailable', message: 'Payments in LTC are not available right now. Choose another coin.' } });
    expect((await t.app.db.selectFrom('money_transactions').select('status').where('public_id', '=', id).executeTakeFirstOrThrow()).status).toBe('initial');
    expect(await walletBalance(t.app.db, member, 'LTC')).toEqual({ balance: 100_000_000n, available: 100_000_000n, pendingIn: 0n });
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('a guest checkout for BTC is refused at init; without a coin it delivers LTC, and a regtest address is accepted', async () => {
    const refused = await guestInit({ coin: 'BTC' });
    expect(refused.status).toBe(409);
    expect(refused.body.error_message).toMatchObject({ code: 'coin_unavailable', fields: { coin: ['Payments in BTC are not available right now. Choose another coin.'] } });

    const defaulted = await guestInit({});
    expect(defaulted.status).toBe(200);
    expect(defaulted.body.data.checkout.cryptoCurrency.currency).toBe('LTC');

    const other = await newMember(t.app);
    const address = (await send(t.app, other, 'POST', '/v1/users/createWallet', { symbol: 'LTC' })).body.request_details.wallets[0].address as string;
    const withAddress = await guestInit({ coin: 'LTC', cryptoAddress: address });
    expect(withAddress.status).toBe(200);
    const testNetworkAddress = await guestInit({ coin: 'LTC', cryptoAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' });
    expect(testNetworkAddress.status).toBe(400);
    expect(testNetworkAddress.body.error_message.code).toBe('address_invalid');
  });

  it('a payment link fixed to BCH is refused; one fixed to USDC is made', async () => {
    const merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    const link = (coin: string) => call(t.app, 'POST', '/v1/users/merchant/paymentLinks', { amount: '25.00', currency: 'EUR', product: 'Seeds', coin }, { credential: merchant });
    const refused = await link('BCH');
    expect(refused.status).toBe(409);
    expect(refused.body.error_message).toMatchObject({ code: 'coin_unavailable', fields: { coin: ['Payments in BCH are not available right now. Choose another coin.'] } });
    const made = await link('USDC');
    expect(made.status).toBe(200);
    expect(made.body.request_details.coin).toBe('USDC');
  });

  it.each(['/sys-flow', '/sys-wallets/deposit'])('the page shell of %s tells the app which coins to offer, in test mode', async (url) => {
    const response = await t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html' } });
    const boot = JSON.parse(/<script id="wl-boot" type="application\/json">(.*?)<\/script>/s.exec(response.body)?.[1] ?? 'null');
    expect(boot).toMatchObject({ mode: 'test', coins: ON });
  });
});
