import { describe, expect, it } from 'vitest';
import { CRYPTO, type Asset } from '#core/assets.ts';
import { mustParseAmount } from '#core/money.ts';
import { DEMO_MEMBER, DEMO_MERCHANT } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { createTransfers } from '../ledger/index.ts';
import { houseAccount, walletAccount } from '../money/wallet-accounts.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('wallets and balances on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;
  let funding = 0;

  async function userOf(email: string) {
    return db().selectFrom('users').select(['id', 'provider_id']).where('email', '=', email).executeTakeFirstOrThrow();
  }

  async function fund(email: string, asset: Asset, amount: string): Promise<void> {
    const user = await userOf(email);
    funding += 1;
    await db().transaction().execute(async (trx) => {
      const wallet = await walletAccount(trx, { providerId: user.provider_id, userId: user.id, asset });
      const world = await houseAccount(trx, { providerId: user.provider_id, asset, kind: 'world' });
      const result = await createTransfers(trx, [
        { id: `wallets-test-${name}-${Date.now()}-${funding}`, debitAccountId: world.id, creditAccountId: wallet.id, amount: mustParseAmount(amount, asset), code: 'deposit' },
      ]);
      if (!result.ok) throw new Error(result.message);
    });
  }

  it('a new member has one wallet, in their own fiat, at zero', async () => {
    const merchant = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    const answer = await call(t.app, 'GET', '/v1/users/getUserBalances', undefined, { credential: merchant.credential });
    expect(answer.status).toBe(200);
    expect(answer.body.request_details.currency).toBe('EUR');
    expect(answer.body.request_details.wallets).toEqual([
      { currency: 'EUR', kind: 'fiat', name: 'Euro', balance: '0.00', available: '0.00', pending_in: '0.00', address: null, tag: null, value: '0.00' },
    ]);
    expect(answer.body.request_details.account_values).toMatchObject({ EUR: '0.00', USD: '0.00', BTC: '0.00000000' });
  });

  it('adding a coin wallet gives it a test-network deposit address that stays the same', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const created = await call(t.app, 'POST', '/v1/users/createWallet', { symbol: 'BTC' }, { credential: member.credential });
    expect(created.status).toBe(200);
    const [btc] = created.body.request_details.wallets;
    expect(btc).toMatchObject({ currency: 'BTC', kind: 'crypto', name: 'Bitcoin' });
    expect(btc.address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    const again = await call(t.app, 'POST', '/v1/users/createWallet', { symbol: 'BTC' }, { credential: member.credential });
    expect(again.body.request_details.wallets[0].address).toBe(btc.address);
  });

  it('multichain adds every coin at once, each with its own address', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const created = await call(t.app, 'POST', '/v1/users/createWallet', { multichain: true }, { credential: member.credential });
    const wallets = created.body.request_details.wallets as { currency: string; address: string }[];
    expect(wallets.map((wallet) => wallet.currency)).toEqual([...CRYPTO]);
    expect(wallets.every((wallet) => typeof wallet.address === 'string' && wallet.address.length > 20)).toBe(true);
    const balances = await call(t.app, 'GET', '/v1/users/getUserBalances', undefined, { credential: member.credential });
    expect(balances.body.request_details.wallets.map((wallet: { currency: string }) => wallet.currency)).toEqual(['EUR', ...CRYPTO]);
  });

  it.each([
    ['a CHF wallet', { symbol: 'CHF' }, 'currency_not_supported'],
    ['an unknown coin', { symbol: 'DOGE' }, 'validation_failed'],
    ['an empty body', {}, 'validation_failed'],
  ])('refuses %s', async (_label, body, code) => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const answer = await call(t.app, 'POST', '/v1/users/createWallet', body, { credential: member.credential });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.code).toBe(code);
  });

  it('balances come from the ledger and are valued in the member\'s fiat and in BTC', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const before = await call(t.app, 'GET', '/v1/users/getUserBalances', undefined, { credential: member.credential });
    const eurBefore = before.body.request_details.wallets.find((wallet: { currency: string }) => wallet.currency === 'EUR');
    await fund(DEMO_MEMBER.email, 'EUR', '125.50');
    await fund(DEMO_MEMBER.email, 'ETH', '0.25000000');
    const after = await call(t.app, 'GET', '/v1/users/getUserBalances', undefined, { credential: member.credential });
    const eur = after.body.request_details.wallets.find((wallet: { currency: string }) => wallet.currency === 'EUR');
    const eth = after.body.request_details.wallets.find((wallet: { currency: string }) => wallet.currency === 'ETH');
    expect(mustParseAmount(eur.balance, 'EUR') - mustParseAmount(eurBefore.balance, 'EUR')).toBe(12_550n);
    expect(eur.available).toBe(eur.balance);
    expect(mustParseAmount(eth.value, 'EUR')).toBeGreaterThan(0n);
    const values = after.body.request_details.account_values;
    expect(mustParseAmount(values.EUR, 'EUR')).toBeGreaterThanOrEqual(mustParseAmount(eur.balance, 'EUR') + mustParseAmount(eth.value, 'EUR'));
    expect(mustParseAmount(values.BTC, 'BTC')).toBeGreaterThan(0n);

    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: member.credential });
    // The same ledger, valued a moment later: the test feed's ETH price may have ticked in between, so the two
    // totals agree to within a hundredth of the ETH wallet's value, not to the cent.
    const meEur = mustParseAmount(me.body.request_details.user_info.account_values.EUR, 'EUR');
    const drift = meEur - mustParseAmount(values.EUR, 'EUR');
    expect(drift < 0n ? -drift : drift).toBeLessThanOrEqual(mustParseAmount(eth.value, 'EUR') / 100n);
    expect(me.body.request_details.user_info.wallets).toContainEqual({ currency: 'ETH' });
  });

  it('the balance chart starts at the opening balance and steps with each posted change', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await fund(DEMO_MEMBER.email, 'LTC', '1.00000000');
    await fund(DEMO_MEMBER.email, 'LTC', '2.50000000');
    const answer = await call(t.app, 'GET', '/v1/transactions/getWalletBalanceActivity?currency=LTC&range=1d', undefined, { credential: member.credential });
    expect(answer.status).toBe(200);
    const points = answer.body.request_details.points as { t: string; balance: string }[];
    const balances = points.map((point) => point.balance);
    expect(balances.slice(-3)).toEqual(['1.00000000', '3.50000000', '3.50000000']);
    expect(points.map((point) => point.t)).toEqual([...points.map((point) => point.t)].sort());
  });

  it('the balance chart of a wallet the member does not hold answers wallet_not_found', async () => {
    const merchant = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    const answer = await call(t.app, 'GET', '/v1/transactions/getWalletBalanceActivity?currency=BCH', undefined, { credential: merchant.credential });
    expect(answer.status).toBe(404);
    expect(answer.body.error_message.code).toBe('wallet_not_found');
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/v1/users/getUserBalances')).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/users/createWallet', { symbol: 'BTC' })).status).toBe(401);
  });
});
