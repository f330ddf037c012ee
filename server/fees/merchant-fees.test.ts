// The merchant fee is no constant: the provider default and a merchant's own figure decide it when a
// payment is created, and the payment keeps it through settlement whatever changes afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import { parseAmount } from '#core/money.ts';
import { bpsFee, DEFAULT_MERCHANT_FEE_BPS } from '#core/payments/merchant-fee.ts';
import { checkLedger } from '../ledger/index.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { createOrder, merchantBalance, mine, payOnTestNetwork, paymentStatus } from '../payments/payment-test-kit.ts';
import { merchantFee, setMerchantFee, setProviderFee } from './merchant-fees.ts';

const MERCHANT = 'mch_demo_verdant';

function minor(amount: string): bigint {
  const parsed = parseAmount(amount, 'BTC');
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

describe.each(testDatabases())('merchant fees on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  const demo = async () => (await t.app.db.selectFrom('merchants').select(['id']).where('merchant_id', '=', MERCHANT).executeTakeFirstOrThrow()).id;
  const verdant = 1n;
  const feeOf = async (token: string) => (await t.app.db.selectFrom('payments').select(['fee_bps', 'fee_minor']).where('public_id', '=', token).executeTakeFirstOrThrow());

  afterEach(async () => {
    await setProviderFee(t.app.db, verdant, DEFAULT_MERCHANT_FEE_BPS);
    await setMerchantFee(t.app.db, await demo(), null);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it.each([
    { provider: 100, override: null },
    { provider: 180, override: null },
    { provider: 180, override: 0 },
    { provider: 50, override: 250 },
  ])('a payment created with the provider at $provider and its own fee $override keeps the fee merchantFee answers', async ({ provider, override }) => {
    await setProviderFee(t.app.db, verdant, provider);
    await setMerchantFee(t.app.db, await demo(), override);
    const order = await createOrder(t.app, key());
    // create_payments (migration 0043) spells the rule in SQL; merchantFee in TypeScript.
    expect((await feeOf(order.transaction_token)).fee_bps).toBe((await merchantFee(t.app.db, await demo())).effectiveBps);
    expect((await merchantFee(t.app.db, await demo())).effectiveBps).toBe(override ?? provider);
  });

  it('a provider starts at the old 1 % and a merchant without its own fee pays the provider default', async () => {
    expect(await merchantFee(t.app.db, await demo())).toEqual({ providerDefaultBps: 100, overrideBps: null, effectiveBps: 100 });
    await setProviderFee(t.app.db, verdant, 180);
    expect(await merchantFee(t.app.db, await demo())).toEqual({ providerDefaultBps: 180, overrideBps: null, effectiveBps: 180 });
    const order = await createOrder(t.app, key());
    expect((await feeOf(order.transaction_token)).fee_bps).toBe(180);
  });

  it('a merchant override beats the provider default, and removing it brings the default back', async () => {
    await setMerchantFee(t.app.db, await demo(), 40);
    expect((await feeOf((await createOrder(t.app, key())).transaction_token)).fee_bps).toBe(40);
    await setMerchantFee(t.app.db, await demo(), null);
    expect((await feeOf((await createOrder(t.app, key())).transaction_token)).fee_bps).toBe(DEFAULT_MERCHANT_FEE_BPS);
  });

  it('a fee change after a payment was created never reaches it: it settles at the fee it was created with', async () => {
    await setMerchantFee(t.app.db, await demo(), 250);
    const order = await createOrder(t.app, key());
    await setMerchantFee(t.app.db, await demo(), 0);
    await setProviderFee(t.app.db, verdant, 2000);
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled' });
    const paid = minor(order.currency_1_amount);
    const fee = bpsFee(paid, 250);
    expect(await feeOf(order.transaction_token)).toEqual({ fee_bps: 250, fee_minor: fee });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(paid - fee);
    const feeTransfer = await t.app.db.selectFrom('ledger_transfers').select('amount').where('id', '=', `${order.transaction_token}:fee`).executeTakeFirstOrThrow();
    expect(feeTransfer.amount).toBe(fee);
  });

  it('a zero fee settles everything to the merchant and moves nothing to the house fees', async () => {
    await setMerchantFee(t.app.db, await demo(), 0);
    const order = await createOrder(t.app, key());
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 2);
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(minor(order.currency_1_amount));
    expect(await t.app.db.selectFrom('ledger_transfers').select('id').where('id', '=', `${order.transaction_token}:fee`).executeTakeFirst()).toBeUndefined();
  });

  it('the database refuses a fee above 20 % however it is written', async () => {
    await expect(setProviderFee(t.app.db, verdant, 2001)).rejects.toThrow();
    await expect(setMerchantFee(t.app.db, await demo(), -1)).rejects.toThrow();
  });
});
