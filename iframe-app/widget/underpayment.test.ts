import { describe, expect, it } from 'vitest';
import type { TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import { topUpOf, topUpReloadKey, underpaymentOf, type Underpayment } from './underpayment.ts';

type Fields = Pick<TransactionStatusAnswer, 'status' | 'exception' | 'currency_1_iso' | 'currency_1_amount' | 'currency_1_paid'>;
const underpaid = (fields: Partial<Fields>): Fields => ({ status: 'processing', exception: 'paid_partial', currency_1_iso: 'BTC', currency_1_amount: '0.00120000', currency_1_paid: '0.00060000', ...fields });

describe('an underpaid payment shows what arrived and what is still due', () => {
  it.each<[string, Partial<Fields>, Underpayment]>([
    ['half of it arrived while processing', {}, { coin: 'BTC', due: '0.00120000', paid: '0.00060000', remaining: '0.00060000' }],
    ['one satoshi short', { currency_1_paid: '0.00119999' }, { coin: 'BTC', due: '0.00120000', paid: '0.00119999', remaining: '0.00000001' }],
    ['a new payment already marked partial', { status: 'new' }, { coin: 'BTC', due: '0.00120000', paid: '0.00060000', remaining: '0.00060000' }],
    ['exactly, in a 6-decimal token', { currency_1_iso: 'USDT', currency_1_amount: '49.120000', currency_1_paid: '20.5' }, { coin: 'USDT', due: '49.12000000', paid: '20.50000000', remaining: '28.62000000' }],
  ])('%s', (_name, fields, view) => {
    expect(underpaymentOf(underpaid(fields))).toEqual(view);
  });

  it.each<[string, Partial<Fields>]>([
    ['paid in full', { exception: null, currency_1_paid: '0.00120000' }],
    ['overpaid', { exception: 'paid_over', currency_1_paid: '0.00130000' }],
    ['settled (past topping up)', { status: 'settled' }],
    ['expired underpaid (the failed page says so)', { status: 'expired' }],
    ['invalid underpaid', { status: 'invalid' }],
    ['no coin chosen yet', { currency_1_iso: null, currency_1_amount: null, currency_1_paid: null }],
    ['an amount that does not parse', { currency_1_paid: '0.0006abc' }],
    ['a paid amount not below the due, whatever the exception says', { currency_1_paid: '0.00120000' }],
  ])('nothing to top up when %s', (_name, fields) => {
    expect(underpaymentOf(underpaid(fields))).toBeNull();
  });
});

describe('the underpaid view shows the QR code of the rest only when the server made it for that amount', () => {
  const view: Underpayment = { coin: 'BTC', due: '0.00120000', paid: '0.00060000', remaining: '0.00060000' };
  const topUp = (amount: string) => ({ currency_1_amount: amount, payment_uri: `bitcoin:tb1qexample?amount=${amount}`, qr: 'data:image/svg+xml;base64,AA==' });

  it.each<[string, ReturnType<typeof topUp> | null, boolean]>([
    ['the top-up asks for exactly the rest: shown', topUp('0.00060000'), true],
    ['the top-up of an earlier, smaller payment: not shown', topUp('0.00100000'), false],
    ['no top-up (the server says it is too late): not shown', null, false],
    ['a top-up amount that does not parse: not shown', topUp('0.0006x'), false],
  ])('%s', (_name, top_up, shown) => {
    expect(topUpOf({ top_up }, view)).toBe(shown ? top_up : null);
  });

  it.each<[string, Partial<Fields>, ReturnType<typeof topUp> | null, string | null]>([
    ['underpaid and the details have no top-up yet: load them again for what was paid', {}, null, '0.00060000'],
    ['underpaid again since the details were loaded: load them again', { currency_1_paid: '0.00080000' }, topUp('0.00060000'), '0.00080000'],
    ['the details ask for the rest already: nothing to load', {}, topUp('0.00060000'), null],
    ['not underpaid: nothing to load', { exception: null, currency_1_paid: '0.00120000' }, null, null],
    ['settled: nothing to load', { status: 'settled' }, null, null],
  ])('%s', (_name, fields, top_up, key) => {
    expect(topUpReloadKey(underpaid(fields), { top_up })).toBe(key);
  });
});
