// The console's merchant functions on both databases: onboarding makes every part of a merchant or none,
// the directory sees only the operator's provider, and fee changes report their before and after.
import { afterEach, describe, expect, it } from 'vitest';
import type { OnboardMerchantInput } from '#core/contract/admin-merchants.ts';
import { hashSecretKey } from '../auth/secret-key.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { changeMerchantFee, changeProviderFee, feeSchedule } from './fee-schedule.ts';
import { merchantDbId, merchantDetail, listMerchants } from './merchant-directory.ts';
import { merchantIdFrom, onboardMerchant, type OnboardContext } from './onboard-merchant.ts';
import { setMerchantFee, setProviderFee } from '../fees/merchant-fees.ts';

const VERDANT = 1n;

function input(tag: string, overrides: Partial<OnboardMerchantInput> = {}): OnboardMerchantInput {
  return {
    business_name: `Lantern Books ${tag}`,
    merchant_id: `mch_lantern_${tag}`,
    email: `owner-${tag}@lantern.test`,
    first_name: 'Rosa',
    last_name: 'Lind',
    mobile: '+447700900777',
    policy: 'convert',
    fiat_currency: 'GBP',
    schedule: 'weekly',
    fee_bps: null,
    ...overrides,
  };
}

describe.each(testDatabases())('console merchants on $name', ({ name }) => {
  const t = useTestApp(name);
  let n = 0;
  const tag = () => `${name.slice(0, 2)}${++n}${Date.now() % 100000}`;
  const context = (providerId = VERDANT): OnboardContext => ({ providerId, passwordHash: 'scrypt$unusable', mode: 'test', colors: { primary: '#112233', secondary: '#445566' } });

  afterEach(async () => {
    await setProviderFee(t.app.db, VERDANT, 100);
  });

  it('onboarding makes the user, the merchant, a working secret key and the settlement policy', async () => {
    const id = tag();
    const result = await t.app.db.transaction().execute((trx) => onboardMerchant(trx, context(), input(id, { fee_bps: 75 })));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.merchantId).toBe(`mch_lantern_${id}`);
    const user = await t.app.db.selectFrom('users').selectAll().where('id', '=', result.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'merchant', provider_id: VERDANT, email: `owner-${id}@lantern.test`, permissions: { fiat_withdrawals: 1, widget: 1, send: 1, withdrawal: 1 } });
    const key = await t.app.db.selectFrom('merchant_api_keys').select(['merchant_id', 'revoked_at']).where('key_hash', '=', hashSecretKey(result.secretKey)).executeTakeFirstOrThrow();
    expect(key).toEqual({ merchant_id: result.merchantDbId, revoked_at: null });
    const detail = await merchantDetail(t.app.db, VERDANT, result.merchantId);
    expect(detail).toMatchObject({ name: `Lantern Books ${id}`, policy: 'convert', fiat_currency: 'GBP', schedule: 'weekly', fee_bps: 75, effective_fee_bps: 75, provider_fee_bps: 100, active_keys: 1, payments: 0, api_rate_limit_per_second: null, effective_api_rate_limit_per_second: 100 });
    expect(detail?.keys).toHaveLength(1);
    expect(detail?.recent_payments).toEqual([]);
    // The secret itself is nowhere in what the console reads back.
    expect(JSON.stringify(detail)).not.toContain(result.secretKey);
    const merchant = await t.app.db.selectFrom('merchants').select('widget_settings').where('id', '=', result.merchantDbId).executeTakeFirstOrThrow();
    expect(merchant.widget_settings).toMatchObject({ widget_merchant_name: `Lantern Books ${id}`, widget_theme_primary_color: '#112233' });
  });

  it.each([
    { what: 'an e-mail that already has an account', change: (id: string) => ({ email: 'merchant@demo.test', merchant_id: `mch_other_${id}` }), code: 'email_taken', field: 'email' },
    { what: 'a merchant id another merchant has', change: () => ({ merchant_id: 'mch_demo_verdant' }), code: 'merchant_id_taken', field: 'merchant_id' },
  ])('onboarding refuses $what and, rolled back, leaves nothing behind', async ({ change, code, field }) => {
    const id = tag();
    const attempt = input(id, change(id));
    const failure = await t.app.db
      .transaction()
      .execute(async (trx) => {
        const result = await onboardMerchant(trx, context(), attempt);
        if (!result.ok) throw Object.assign(new Error('refused'), { result });
        return result;
      })
      .catch((error: { result?: unknown }) => error.result);
    expect(failure).toMatchObject({ ok: false, error: { code, fields: { [field]: [expect.any(String)] } } });
    const users = await t.app.db.selectFrom('users').select('id').where('email', '=', attempt.email).where('first_name', '=', 'Rosa').execute();
    expect(users).toEqual([]);
  });

  it('a merchant id made from the business name is valid for the table', () => {
    expect(merchantIdFrom('Fernhill Supply & Co.')).toMatch(/^mch_fernhill_supply_co_[0-9a-f]{6}$/);
    expect(merchantIdFrom('ÅÄÖ !!')).toMatch(/^mch_[a-z0-9_]{3,60}$/);
  });

  it('the directory lists and searches the provider\'s merchants only; another provider\'s merchant is not found', async () => {
    const id = tag();
    const made = await t.app.db.transaction().execute((trx) => onboardMerchant(trx, context(), input(id)));
    const elsewhere = await t.app.db.transaction().execute((trx) => onboardMerchant(trx, context(2n), input(`x${id}`, { business_name: `Harbor shop ${id}` })));
    if (!made.ok || !elsewhere.ok) throw new Error('onboarding failed');
    const found = await listMerchants(t.app.db, VERDANT, { q: id, page: 1, per_page: 20 });
    expect(found.merchants.map((m) => m.merchant_id)).toEqual([made.merchantId]);
    expect(found.total).toBe(1);
    const all = await listMerchants(t.app.db, VERDANT, { page: 1, per_page: 100 });
    expect(all.merchants.map((m) => m.merchant_id)).toContain('mch_demo_verdant');
    expect(all.merchants.map((m) => m.merchant_id)).not.toContain(elsewhere.merchantId);
    expect(await merchantDetail(t.app.db, VERDANT, elsewhere.merchantId)).toBeNull();
    expect(await merchantDbId(t.app.db, VERDANT, elsewhere.merchantId)).toBeNull();
    // A LIKE wildcard in the search is text, not a pattern.
    expect((await listMerchants(t.app.db, VERDANT, { q: '%', page: 1, per_page: 20 })).total).toBe(0);
  });

  it('fee changes report before and after, and the schedule shows default, override and effective fee', async () => {
    const demo = (await merchantDbId(t.app.db, VERDANT, 'mch_demo_verdant')) as bigint;
    expect(await t.app.db.transaction().execute((trx) => changeProviderFee(trx, VERDANT, 140))).toEqual({ before: { fee_bps: 100 }, after: { fee_bps: 140 } });
    expect(await t.app.db.transaction().execute((trx) => changeMerchantFee(trx, VERDANT, demo, 60))).toEqual({ before: { fee_bps: null }, after: { fee_bps: 60 } });
    const schedule = await feeSchedule(t.app.db, VERDANT);
    expect(schedule.provider_fee_bps).toBe(140);
    expect(schedule.merchants.find((m) => m.merchant_id === 'mch_demo_verdant')).toEqual({ merchant_id: 'mch_demo_verdant', name: 'Fernhill Supply', fee_bps: 60, effective_fee_bps: 60 });
    expect(await t.app.db.transaction().execute((trx) => changeMerchantFee(trx, VERDANT, demo, null))).toEqual({ before: { fee_bps: 60 }, after: { fee_bps: null } });
    expect((await feeSchedule(t.app.db, VERDANT)).merchants.find((m) => m.merchant_id === 'mch_demo_verdant')?.effective_fee_bps).toBe(140);
    // Another provider's operator cannot reach this merchant's fee.
    expect(await t.app.db.transaction().execute((trx) => changeMerchantFee(trx, 2n, demo, 5))).toBeNull();
    await setMerchantFee(t.app.db, demo, null);
  });
});
