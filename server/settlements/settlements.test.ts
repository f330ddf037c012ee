// Merchant settlements through the app: settlement info, the convert policy at settlement, payouts
// posted or voided by the test bank, scheduled payouts, reports, widget sums, and who may see what.
// The app's own worker runs too (as in production); tests drive the worker functions by hand with a
// clock ahead of the test bank's processing time, and the outcome is the same whichever runs first.

import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '#core/assets.ts';
import { formatMinor } from '#core/money.ts';
import { payoutPeriodKey } from '#core/settlements/payout-period.ts';
import { toJsonb } from '../db/jsonb.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { balanceOf, checkLedger, findAccount } from '../ledger/index.ts';
import { TEST_BANK_REJECTED_IBAN } from '../money/withdrawals/payout.ts';
import { addMerchant, createOrder } from '../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { convertSettledCoin } from './convert-at-settlement.ts';
import { processDuePayouts, runScheduledPayouts } from './payout-worker.ts';
import { inject, pdfText, settledPayment } from './settlement-test-kit.ts';

const INFO = {
  bank_iban: 'DE89 3704 0044 0532 0130 00',
  bank_swift: 'deutdeff',
  bank_name: 'Deutsche Bank',
  bank_address: 'Taunusanlage 12, 60325 Frankfurt',
  bank_company_name: 'Verdant Garden Supplies Ltd',
  bank_company_registered_address: '1 High Street, London EC1A 1BB',
};
const LATER = () => new Date(Date.now() + 60_000);

describe.each(testDatabases())('merchant settlements on $name', ({ name }) => {
  const t = useTestApp(name);
  let merchant: string;
  let member: string;
  let demoId: bigint;
  const key = () => t.seed?.merchant.secretKey ?? '';

  beforeAll(async () => {
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
    demoId = (await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', t.seed!.merchant.merchantId).executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  const get = (url: string, credential = merchant) => inject(t.app, 'GET', url, { credential });
  const patch = (url: string, body: unknown, credential = merchant) => inject(t.app, 'PATCH', url, { credential, body });
  const requestPayout = (idempotencyKey: string = randomUUID(), credential = merchant) => inject(t.app, 'POST', '/v1/transactions/merchantPayout', { credential, idempotencyKey });
  const setPolicy = async (body: Record<string, string>) => {
    const answer = await patch('/v1/users/settlementPolicy', { policy: 'convert', fiat_currency: 'EUR', schedule: 'off', ...body });
    expect(answer.status).toBe(200);
  };
  async function merchantAccount(merchantId: bigint, asset: Asset) {
    const account = await findAccount(t.app.db, { providerId: 1n, owner: { type: 'merchant', merchantId }, asset, kind: 'merchant_balance' });
    return account ? balanceOf(account) : { balance: 0n, available: 0n, pendingIn: 0n };
  }
  const payable = async () => (await get('/v1/users/settlementSettings')).json().request_details.payable as string;

  it('a plain member is refused every settlement call with 403 forbidden', async () => {
    const calls = [
      get('/v1/users/settlementSettings', member),
      patch('/v1/users/updateSettlementInfo', INFO, member),
      patch('/v1/users/settlementPolicy', { policy: 'keep', fiat_currency: 'EUR', schedule: 'off' }, member),
      requestPayout(randomUUID(), member),
      get('/v1/transactions/getMerchantSettlments', member),
      get('/v1/transactions/merchantPayoutReportCsv?payout_id=po_abcdefghijkl', member),
      get('/v1/transactions/merchantPayoutReportPdf?payout_id=po_abcdefghijkl', member),
      get('/v1/transactions/merchantWidgetSums', member),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.json().error_message.code).toBe('forbidden');
    }
  });

  it('before any settlement info, a payout is refused with settlement_info_missing and the defaults are answered', async () => {
    const settings = await get('/v1/users/settlementSettings');
    expect(settings.json().request_details).toEqual({ settlement_info: null, policy: 'keep', fiat_currency: 'EUR', schedule: 'off', payable: '0.00', payable_payments: 0 });
    const refused = await requestPayout();
    expect(refused.status).toBe(409);
    expect(refused.json().error_message.code).toBe('settlement_info_missing');
  });

  it.each([
    ['an IBAN with wrong check digits', { bank_iban: 'DE89 3704 0044 0532 0130 01' }, 'bank_iban'],
    ['an IBAN of the wrong shape', { bank_iban: 'DE89' }, 'bank_iban'],
    ['a SWIFT/BIC of 9 characters', { bank_swift: 'DEUTDEFF5' }, 'bank_swift'],
    ['a SWIFT/BIC with a digit in the country', { bank_swift: 'DEUT1EFF' }, 'bank_swift'],
    ['an empty bank name', { bank_name: '  ' }, 'bank_name'],
    ['a company name over 120 characters', { bank_company_name: 'x'.repeat(121) }, 'bank_company_name'],
    ['a bank address under 5 characters', { bank_address: 'Rd 1' }, 'bank_address'],
    ['a missing registered address', { bank_company_registered_address: undefined }, 'bank_company_registered_address'],
  ])('settlement info with %s is refused with a field error', async (_name, change, field) => {
    const answer = await patch('/v1/users/updateSettlementInfo', { ...INFO, ...change });
    expect(answer.status).toBe(400);
    expect(answer.json().error_message.code).toBe('validation_failed');
    expect(Object.keys(answer.json().error_message.fields)).toEqual([field]);
  });

  it('valid settlement info is saved normalised (IBAN and BIC without spaces, upper case) and answered back', async () => {
    const answer = await patch('/v1/users/updateSettlementInfo', INFO);
    expect(answer.status).toBe(200);
    expect(answer.json().request_details.settlement_info).toEqual({ ...INFO, bank_iban: 'DE89370400440532013000', bank_swift: 'DEUTDEFF' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('with nothing converted yet, a payout is refused with nothing_to_pay_out', async () => {
    const refused = await requestPayout();
    expect(refused.status).toBe(409);
    expect(refused.json().error_message.code).toBe('nothing_to_pay_out');
  });

  it('under the keep policy a settled payment stays in its coin', async () => {
    const eurBefore = await merchantAccount(demoId, 'EUR');
    const btcBefore = await merchantAccount(demoId, 'BTC');
    const token = await settledPayment(t.app, key());
    expect((await merchantAccount(demoId, 'EUR')).balance).toBe(eurBefore.balance);
    expect((await merchantAccount(demoId, 'BTC')).balance).toBeGreaterThan(btcBefore.balance);
    expect(await t.app.db.selectFrom('settlement_conversions').select('id').where('payment_id', 'in', t.app.db.selectFrom('payments').select('id').where('public_id', '=', token)).execute()).toEqual([]);
  });

  it('under the convert policy the credited coin becomes EUR in the settlement: three linked transfers, the coin balance unchanged', async () => {
    await setPolicy({});
    const eurBefore = await merchantAccount(demoId, 'EUR');
    const btcBefore = await merchantAccount(demoId, 'BTC');
    const token = await settledPayment(t.app, key());
    const payment = await t.app.db.selectFrom('payments').select(['id', 'credited_minor']).where('public_id', '=', token).executeTakeFirstOrThrow();
    const conversion = await t.app.db.selectFrom('settlement_conversions').selectAll().where('payment_id', '=', payment.id).executeTakeFirstOrThrow();
    expect(conversion.coin_minor).toBe(payment.credited_minor);
    expect(conversion.fiat_currency).toBe('EUR');

    const legs = await t.app.db.selectFrom('ledger_transfers').select(['id', 'amount', 'asset']).where('id', 'like', `${token}:convert:%`).orderBy('id').execute();
    expect(legs).toEqual([
      { id: `${token}:convert:fee`, amount: conversion.fee_minor, asset: 'BTC' },
      { id: `${token}:convert:payout`, amount: conversion.fiat_minor, asset: 'EUR' },
      { id: `${token}:convert:principal`, amount: conversion.coin_minor - conversion.fee_minor, asset: 'BTC' },
    ]);
    expect((await merchantAccount(demoId, 'BTC')).balance).toBe(btcBefore.balance);
    expect((await merchantAccount(demoId, 'EUR')).balance - eurBefore.balance).toBe(conversion.fiat_minor);
    expect(await payable()).toBe(formatMinor(conversion.fiat_minor, 'EUR'));
    const record = await t.app.db.selectFrom('money_transactions').select(['type', 'operation', 'amount_2_minor']).where('public_id', '=', conversion.transaction_id).executeTakeFirstOrThrow();
    expect(record).toEqual({ type: 'conversion', operation: 'sell', amount_2_minor: conversion.fiat_minor });
  });

  it.each([
    ['the rates are unavailable', { ok: false as const, code: 'rates_unavailable' as const }, 'rates_unavailable'],
    ['the house has too little EUR for the rate', { ok: true as const, rate: '100000000000000', asOf: new Date(), source: 'test' as const }, 'liquidity_unavailable'],
  ])('when %s the settlement keeps the coin and writes nothing for the conversion', async (_name, answer, reason) => {
    // The BTC the keep policy left in the merchant's balance, converted as a settlement would under a failing price.
    const kept = await t.app.db.selectFrom('payments').select(['id', 'public_id']).where('merchant_id', '=', demoId).where('status', '=', 'settled').orderBy('id').executeTakeFirstOrThrow();
    const merchantUser = await t.app.db.selectFrom('merchants').select('user_id').where('id', '=', demoId).executeTakeFirstOrThrow();
    const btcBefore = await merchantAccount(demoId, 'BTC');
    const token = `${kept.public_id}-again`;
    const settled = { providerId: 1n, merchantId: demoId, merchantUserId: merchantUser.user_id, paymentId: kept.id, paymentToken: token, coin: 'BTC' as const, creditedMinor: 1_000n };
    const result = await t.app.db.transaction().execute((trx) => convertSettledCoin(trx, { rate: async () => answer }, settled));
    expect(result).toEqual({ converted: false, reason });
    expect(await t.app.db.selectFrom('ledger_transfers').select('id').where('id', 'like', `${token}:%`).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('money_transactions').select('id').where('reference', '=', token).execute()).toEqual([]);
    expect(await merchantAccount(demoId, 'BTC')).toEqual(btcBefore);
  });

  it('the currency cannot change while converted money in the old one waits for a payout', async () => {
    expect(await payable()).not.toBe('0.00');
    const refused = await patch('/v1/users/settlementPolicy', { policy: 'convert', fiat_currency: 'GBP', schedule: 'off' });
    expect(refused.status).toBe(400);
    expect(refused.json().error_message.fields).toEqual({ fiat_currency: ['Pay out what was converted to EUR first; then choose another currency.'] });
    expect((await get('/v1/users/settlementSettings')).json().request_details.fiat_currency).toBe('EUR');
  });

  it('a payout reserves the payable EUR (pending), the same Idempotency-Key answers the same payout, and the test bank\'s confirmation posts it', async () => {
    const owed = await payable();
    const before = await merchantAccount(demoId, 'EUR');
    const idempotencyKey = randomUUID();
    const first = await requestPayout(idempotencyKey);
    expect(first.status).toBe(200);
    const payout = first.json().request_details;
    expect(payout).toMatchObject({ status: 'pending', trigger: 'on_demand', currency: 'EUR', amount: owed, fee: '0.00', payments: 1, bank_iban: 'DE89 •••• 3000', resolved_at: null });
    const again = await requestPayout(idempotencyKey);
    expect(again.json().request_details).toEqual(payout);
    expect(await t.app.db.selectFrom('settlement_payouts').select('id').where('merchant_id', '=', demoId).execute()).toHaveLength(1);
    expect(await payable()).toBe('0.00');

    const reserved = await merchantAccount(demoId, 'EUR');
    expect(reserved.balance).toBe(before.balance);
    expect(formatMinor(before.available - reserved.available, 'EUR')).toBe(owed);

    expect(await processDuePayouts(t.app.db, { settleMs: 10_000, now: LATER() })).toMatchObject({ rejected: 0 });
    const list = (await get('/v1/transactions/getMerchantSettlments')).json().request_details;
    expect(list.payouts[0]).toMatchObject({ payout_id: payout.payout_id, status: 'paid' });
    expect(list.payouts[0].resolved_at).not.toBeNull();
    const paid = await merchantAccount(demoId, 'EUR');
    expect(formatMinor(before.balance - paid.balance, 'EUR')).toBe(owed);
    const transfer = await t.app.db.selectFrom('ledger_transfers').select(['amount', 'pending']).where('id', '=', `${payout.payout_id}:payout:post`).executeTakeFirstOrThrow();
    expect(formatMinor(transfer.amount, 'EUR')).toBe(owed);
    const record = await t.app.db.selectFrom('money_transactions').select(['type', 'status', 'method']).where('reference', '=', payout.payout_id).executeTakeFirstOrThrow();
    expect(record).toEqual({ type: 'settlement', status: 'completed', method: 'wire' });
  });

  it('the report lists the payment with its figures, and its total equals the payout and the ledger (CSV and PDF)', async () => {
    const [payout] = (await get('/v1/transactions/getMerchantSettlments')).json().request_details.payouts;
    const conversion = await t.app.db
      .selectFrom('settlement_conversions as c')
      .innerJoin('payments as p', 'p.id', 'c.payment_id')
      .innerJoin('settlement_payouts as o', 'o.id', 'c.payout_id')
      .select(['p.public_id', 'p.c1', 'c.transaction_id', 'c.fiat_minor', 'c.rate'])
      .where('o.public_id', '=', payout.payout_id)
      .executeTakeFirstOrThrow();
    const ledger = await t.app.db.selectFrom('ledger_transfers').select('amount').where('id', '=', `${payout.payout_id}:payout`).executeTakeFirstOrThrow();

    const csv = await get(`/v1/transactions/merchantPayoutReportCsv?payout_id=${payout.payout_id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="payout-${payout.payout_id}.csv"`);
    const lines = csv.body.toString('utf8').trim().split('\r\n').map((line) => line.split(','));
    expect(lines[0]).toEqual(['payment', 'conversion', 'order_id', 'product', 'settled_at', 'coin', 'received', 'payment_fee', 'conversion_fee', 'rate', 'currency', 'amount']);
    expect(lines[1]?.slice(0, 3)).toEqual([conversion.public_id, conversion.transaction_id, conversion.c1]);
    expect(lines[1]?.slice(9)).toEqual([conversion.rate, 'EUR', formatMinor(conversion.fiat_minor, 'EUR')]);
    const total = lines.find((line) => line[0] === 'total');
    expect(total?.at(-1)).toBe(payout.amount);
    expect(total?.at(-1)).toBe(formatMinor(ledger.amount, 'EUR'));

    const pdf = await get(`/v1/transactions/merchantPayoutReportPdf?payout_id=${payout.payout_id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.body.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(pdf.body);
    expect(text).toContain(conversion.public_id);
    expect(text).toContain(conversion.transaction_id);
    expect(text).toContain(`Total: ${payout.amount} EUR`);
    expect(text).toContain(`Paid to the bank: ${payout.amount} EUR`);
    expect(text).toContain('Payments: 1');
    expect(text).toContain('IBAN DE89 **** 3000');
  });

  it('the test bank rejects a payout to its rejected IBAN: voided, the balance and the payable back, the reason shown', async () => {
    expect((await patch('/v1/users/updateSettlementInfo', { ...INFO, bank_iban: TEST_BANK_REJECTED_IBAN })).status).toBe(200);
    await settledPayment(t.app, key());
    const owed = await payable();
    const before = await merchantAccount(demoId, 'EUR');
    const payout = (await requestPayout()).json().request_details;
    expect(payout).toMatchObject({ status: 'pending', amount: owed });
    expect(await processDuePayouts(t.app.db, { settleMs: 10_000, now: LATER() })).toMatchObject({ paid: 0 });
    const [latest] = (await get('/v1/transactions/getMerchantSettlments')).json().request_details.payouts;
    expect(latest).toMatchObject({ payout_id: payout.payout_id, status: 'rejected', rejection_reason: expect.stringContaining('rejected') });
    expect(await merchantAccount(demoId, 'EUR')).toEqual(before);
    expect(await payable()).toBe(owed);
    expect(await t.app.db.selectFrom('ledger_transfers').select('id').where('id', '=', `${payout.payout_id}:payout:void`).execute()).toHaveLength(1);
    // The rejected payout's report still says what it covered.
    const csv = (await get(`/v1/transactions/merchantPayoutReportCsv?payout_id=${payout.payout_id}`)).body.toString('utf8');
    expect(csv.split('\r\n').find((line) => line.startsWith('total,'))).toBe(`total,,,,,,,,,,EUR,${owed}`);
    expect((await patch('/v1/users/updateSettlementInfo', INFO)).status).toBe(200);
  });

  it('a scheduled payout runs once per period even when two workers run at once, and again in the next period', async () => {
    // Nothing payable when the schedule starts, so the app's own worker (which runs too) has nothing
    // to pay before this test's payment settles; after that, whichever worker runs first makes the
    // period's one payout.
    if ((await payable()) !== '0.00') {
      expect((await requestPayout()).status).toBe(200);
      await processDuePayouts(t.app.db, { settleMs: 10_000, now: LATER() });
    }
    await setPolicy({ schedule: 'daily' });
    await settledPayment(t.app, key());
    const now = new Date();
    const period = payoutPeriodKey('daily', now);
    await Promise.all([runScheduledPayouts(t.app.db, now), runScheduledPayouts(t.app.db, now)]);
    const scheduled = () => t.app.db.selectFrom('settlement_payouts').select(['period_key', 'amount_minor']).where('merchant_id', '=', demoId).where('trigger', '=', 'scheduled').execute();
    expect((await scheduled()).map((row) => row.period_key)).toEqual([period]);
    expect(await payable()).toBe('0.00');

    await settledPayment(t.app, key());
    await Promise.all([runScheduledPayouts(t.app.db, now), runScheduledPayouts(t.app.db, now)]);
    expect(await scheduled()).toHaveLength(1);
    expect(await payable()).not.toBe('0.00');

    const tomorrow = new Date(now.getTime() + 86_400_000);
    await Promise.all([runScheduledPayouts(t.app.db, tomorrow), runScheduledPayouts(t.app.db, tomorrow)]);
    expect((await scheduled()).map((row) => row.period_key).sort()).toEqual([period, payoutPeriodKey('daily', tomorrow)].sort());
    expect(await payable()).toBe('0.00');
    await processDuePayouts(t.app.db, { settleMs: 10_000, now: LATER() });
    await setPolicy({ schedule: 'off' });
  });

  it('the list is paged on the server, newest first', async () => {
    const all = (await get('/v1/transactions/getMerchantSettlments?per_page=100')).json().request_details;
    expect(all.total).toBeGreaterThanOrEqual(4);
    const times = all.payouts.map((payout: { created_at: string }) => payout.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await get('/v1/transactions/getMerchantSettlments?page=2&per_page=1')).json().request_details;
    expect(page2).toMatchObject({ page: 2, per_page: 1, total: all.total });
    expect(page2.payouts.map((payout: { payout_id: string }) => payout.payout_id)).toEqual([all.payouts[1].payout_id]);
  });

  it('a merchant sees only its own payouts and reports; a merchant of the provider that hides settlements is refused', async () => {
    const other = await addMerchant(t.app.db);
    const otherUser = await t.app.db.selectFrom('merchants').innerJoin('users', 'users.id', 'merchants.user_id').select('users.email').where('merchants.id', '=', other.id).executeTakeFirstOrThrow();
    const otherSession = (await signIn(t.app, otherUser.email, t.seed!.merchant.password)).credential;
    const mine = (await get('/v1/transactions/getMerchantSettlments')).json().request_details;
    const theirs = (await get('/v1/transactions/getMerchantSettlments', otherSession)).json().request_details;
    expect(mine.total).toBeGreaterThan(0);
    expect(theirs).toEqual({ payouts: [], page: 1, per_page: 20, total: 0 });
    const report = await get(`/v1/transactions/merchantPayoutReportCsv?payout_id=${mine.payouts[0].payout_id}`, otherSession);
    expect(report.status).toBe(404);
    expect(report.json().error_message.code).toBe('payout_not_found');
    expect((await get('/v1/users/settlementSettings', otherSession)).json().request_details.settlement_info).toBeNull();

    const wl2 = await t.app.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow();
    const demo = await t.app.db.selectFrom('users').select('password_hash').where('email', '=', t.seed!.merchant.email).executeTakeFirstOrThrow();
    const user = await t.app.db
      .insertInto('users')
      .values({ provider_id: wl2.id, email: `m2-${randomUUID().slice(0, 8)}@shop.test`, password_hash: demo.password_hash, role: 'merchant', permissions: toJsonb({ fiat_withdrawals: 1 }), email_verified: true, mobile_verified: true })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('merchants').values({ user_id: user.id, merchant_id: `mch_wl2_${randomUUID().slice(0, 8)}`, name: 'WL2 Shop' }).execute();
    const wl2Session = (await signIn(t.app, user.email, t.seed!.merchant.password, 'wl2.localhost')).credential;
    const refused = await inject(t.app, 'GET', '/v1/transactions/getMerchantSettlments', { credential: wl2Session, host: 'wl2.localhost' });
    expect(refused.status).toBe(403);
    expect(refused.json().error_message.code).toBe('operation_disabled');
  });

  it('widget status sums follow spec §4: a new payment adds its amount to pending and completed, its settlement takes it out of both', async () => {
    const sumsOf = async () => {
      const sums = (await get('/v1/transactions/merchantWidgetSums')).json().request_details.sums as { currency: string; pending: string; completed: string; payments: number }[];
      return sums.find((sum) => sum.currency === 'BTC') ?? { currency: 'BTC', pending: '0.00000000', completed: '0.00000000', payments: 0 };
    };
    const before = await sumsOf();
    const order = await createOrder(t.app, key());
    const open = await sumsOf();
    const due = BigInt(order.currency_1_amount.replace('.', ''));
    const minor = (amount: string) => BigInt(amount.replace('.', '').replace(/^-/, '')) * (amount.startsWith('-') ? -1n : 1n);
    expect(minor(open.pending) - minor(before.pending)).toBe(due);
    expect(minor(open.completed) - minor(before.completed)).toBe(due);
    expect(open.payments).toBe(before.payments + 1);
    await settledPayment(t.app, key());
    const after = await sumsOf();
    expect(after.pending).toBe(open.pending);
    expect(after.completed).toBe(open.completed);
  });
});
