import { beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO, type Asset } from '#core/assets.ts';
import { formatMinor, mustParseAmount } from '#core/money.ts';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { call, ORIGIN, signIn, type SignedIn } from '../identity/session-test-kit.ts';
import { balanceOf, checkLedger, createTransfers, findAccount } from '../ledger/index.ts';
import { houseAccount, walletAccount } from '../money/wallet-accounts.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('buy, sell, trade and exchange at a quote on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;
  let funding = 0;

  // These tests are about conversions, not limits (server/limits/): the demo member is identity-verified here.
  beforeAll(async () => {
    await db().updateTable('users').set({ compliance_status: 'successful' }).where('email', '=', DEMO_MEMBER.email).execute();
  });

  async function member() {
    return db().selectFrom('users').select(['id', 'provider_id']).where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
  }

  /** Money arriving from outside (as a deposit would bring it), straight through the ledger. */
  async function fund(asset: Asset, amount: string): Promise<void> {
    const user = await member();
    funding += 1;
    await db().transaction().execute(async (trx) => {
      const wallet = await walletAccount(trx, { providerId: user.provider_id, userId: user.id, asset });
      const world = await houseAccount(trx, { providerId: user.provider_id, asset, kind: 'world' });
      const result = await createTransfers(trx, [
        { id: `test-funding-${name}-${Date.now()}-${funding}`, debitAccountId: world.id, creditAccountId: wallet.id, amount: mustParseAmount(amount, asset), code: 'deposit' },
      ]);
      if (!result.ok) throw new Error(result.message);
    });
  }

  async function balance(asset: Asset): Promise<bigint> {
    const user = await member();
    const account = await findAccount(db(), { providerId: user.provider_id, owner: { type: 'user', userId: user.id }, asset, kind: 'wallet' });
    return account ? balanceOf(account).balance : 0n;
  }

  async function houseFees(asset: Asset): Promise<bigint> {
    const user = await member();
    return balanceOf(await houseAccount(db(), { providerId: user.provider_id, asset, kind: 'fees' })).balance;
  }

  async function quote(signedIn: SignedIn, operation: string, from: Asset, to: Asset, amount: string) {
    const answer = await call(t.app, 'POST', '/v1/transactions/quote', { operation, from_currency: from, to_currency: to, amount }, { credential: signedIn.credential });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.request_details as { quote_id: string; from_amount: string; fee: string; to_amount: string; rate: string };
  }

  async function convert(signedIn: SignedIn, quoteId: string, key?: string) {
    const headers: Record<string, string> = { host: 'localhost', origin: ORIGIN, authorization: `Bearer ${signedIn.credential}`, 'content-type': 'application/json' };
    if (key) headers['idempotency-key'] = key;
    const response = await t.app.inject({ method: 'POST', url: '/v1/transactions/convert', headers, payload: JSON.stringify({ quote_id: quoteId }) });
    return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] === 'true' };
  }

  it.each([
    ['buy', 'EUR', 'BTC', '100.00'],
    ['sell', 'BTC', 'EUR', '0.00100000'],
    ['trade', 'BTC', 'ETH', '0.00100000'],
    ['exchange', 'EUR', 'USD', '50.00'],
  ] as const)('%s %s -> %s moves exactly the quoted amounts, the fee to the house, and the ledger checks clean', async (operation, from, to, amount) => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await fund(from, amount);
    const [fromBefore, toBefore, feesBefore] = await Promise.all([balance(from), balance(to), houseFees(from)]);
    const offered = await quote(signedIn, operation, from, to, amount);
    const done = await convert(signedIn, offered.quote_id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const record = done.body.request_details.transaction;
    expect(record).toMatchObject({ type: 'conversion', operation, status: 'completed', currency_iso: from, currency_2_iso: to, amount_2: offered.to_amount, fee: offered.fee, fee_currency: from });
    expect(await balance(from)).toBe(fromBefore - mustParseAmount(offered.from_amount, from));
    expect(await balance(to)).toBe(toBefore + mustParseAmount(offered.to_amount, to));
    expect(await houseFees(from)).toBe(feesBefore + mustParseAmount(offered.fee, from));
    expect(mustParseAmount(record.amount, from) + mustParseAmount(record.fee, from)).toBe(mustParseAmount(offered.from_amount, from));
    expect(await checkLedger(db())).toMatchObject({ ok: true, violations: [] });
  });

  it('a conversion shows in the history as one record with both sides', async () => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await fund('EUR', '20.00');
    const offered = await quote(signedIn, 'buy', 'EUR', 'LTC', '20.00');
    const done = await convert(signedIn, offered.quote_id);
    const list = await call(t.app, 'GET', '/v1/transactions/getTransactions?currency=LTC', undefined, { credential: signedIn.credential });
    expect(list.body.request_details.transactions[0]).toMatchObject({ id: done.body.request_details.transaction.id, currency_iso: 'EUR', currency_2_iso: 'LTC' });
  });

  it('a quote converts at most once: the second confirm answers quote_not_found and moves nothing', async () => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await fund('EUR', '30.00');
    const offered = await quote(signedIn, 'buy', 'EUR', 'ETH', '30.00');
    expect((await convert(signedIn, offered.quote_id)).status).toBe(200);
    const eth = await balance('ETH');
    const again = await convert(signedIn, offered.quote_id);
    expect(again.status).toBe(404);
    expect(again.body.error_message.code).toBe('quote_not_found');
    expect(await balance('ETH')).toBe(eth);
  });

  it('a retried confirm with the same Idempotency-Key replays the answer and posts once', async () => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await fund('EUR', '40.00');
    const offered = await quote(signedIn, 'buy', 'EUR', 'BCH', '40.00');
    const first = await convert(signedIn, offered.quote_id, `convert-${offered.quote_id}`);
    const bch = await balance('BCH');
    const retry = await convert(signedIn, offered.quote_id, `convert-${offered.quote_id}`);
    expect(retry).toEqual({ ...first, replayed: true });
    expect(await balance('BCH')).toBe(bch);
  });

  it('funds spent after the quote: insufficient_funds, nothing moves, and the quote stays usable', async () => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    // Spend everything the member holds in USDT first, so only the new funding is there.
    const held = await balance('USDT');
    await fund('USDT', '25.00');
    const first = await quote(signedIn, 'trade', 'USDT', 'BTC', formatMinor(held + 2_500_000_000n, 'USDT'));
    const second = await quote(signedIn, 'trade', 'USDT', 'ETH', formatMinor(held + 2_500_000_000n, 'USDT'));
    expect((await convert(signedIn, first.quote_id)).status).toBe(200);
    const btc = await balance('BTC');
    const refused = await convert(signedIn, second.quote_id);
    expect(refused.status).toBe(409);
    expect(refused.body.error_message.code).toBe('insufficient_funds');
    expect(await balance('BTC')).toBe(btc);
    expect(await balance('USDT')).toBe(0n);
    await fund('USDT', formatMinor(held + 2_500_000_000n, 'USDT'));
    expect((await convert(signedIn, second.quote_id)).status).toBe(200);
    expect(await checkLedger(db())).toMatchObject({ ok: true, violations: [] });
  });

  it('two concurrent conversions that together exceed the balance: exactly one succeeds', async () => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const held = await balance('USDC');
    await fund('USDC', '10.00');
    const total = formatMinor(held + 1_000_000_000n, 'USDC');
    const [a, b] = [await quote(signedIn, 'trade', 'USDC', 'LTC', total), await quote(signedIn, 'trade', 'USDC', 'BCH', total)];
    const results = await Promise.all([convert(signedIn, a.quote_id), convert(signedIn, b.quote_id)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await balance('USDC')).toBe(0n);
    expect(await checkLedger(db())).toMatchObject({ ok: true, violations: [] });
  });

  it('every coin can be bought', async () => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    for (const coin of CRYPTO) {
      await fund('EUR', '15.00');
      const offered = await quote(signedIn, 'buy', 'EUR', coin, '15.00');
      expect((await convert(signedIn, offered.quote_id)).status, coin).toBe(200);
    }
  });

  it('refuses a malformed body with 400 and needs a session', async () => {
    const signedIn = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect((await call(t.app, 'POST', '/v1/transactions/convert', {}, { credential: signedIn.credential })).status).toBe(400);
    expect((await call(t.app, 'POST', '/v1/transactions/convert', { quote_id: 'qt_x' })).status).toBe(401);
  });
});
