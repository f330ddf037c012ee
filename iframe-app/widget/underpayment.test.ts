import { describe, expect, it } from 'vitest';
import type { TransactionStatusAnswer } from '#core/contract/merchant-api.ts';
import { underpaymentOf, type Underpayment } from './underpayment.ts';

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
