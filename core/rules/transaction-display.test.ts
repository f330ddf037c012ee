import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import { isFiat } from '../assets.ts';
import { TransactionSchema, displayRows, expandTransaction, transactionStatusLabel, type Transaction } from './transaction-display.ts';

const tx = (fields: Partial<Transaction>): Transaction => ({
  id: 't1',
  type: 'deposit',
  status: 'initial',
  currency_iso: 'EUR',
  amount: '10.00',
  ...fields,
});

describe('transaction display (spec §4)', () => {
  const table: [string, Partial<Transaction>, string | null][] = [
    ['status completed shows as approved', { status: 'completed', payment_status: 'successful' }, 'approved'],
    ['status completed shows as approved (crypto, no payment_status)', { status: 'completed', currency_iso: 'BTC' }, 'approved'],
    ['a completed withdrawal shows as approved', { status: 'completed', type: 'withdrawal' }, 'approved'],
    ['an initial withdrawal shows as 2-FA Pending', { type: 'withdrawal' }, '2-FA Pending'],
    ['an initial crypto withdrawal shows as 2-FA Pending', { type: 'withdrawal', currency_iso: 'BTC' }, '2-FA Pending'],
    ['a large withdrawal held for the operators shows as pending approval', { type: 'withdrawal', status: 'awaiting_approval', currency_iso: 'BTC' }, 'pending approval'],
    ['an initial fiat transaction shows as Pre-Authorized when payment_status is authorized', { payment_status: 'authorized' }, 'Pre-Authorized'],
    ['an initial fiat transaction shows as pending when payment_status is pending', { payment_status: 'pending' }, 'pending'],
    ['an initial fiat transaction shows as canceled when payment_status is canceled', { payment_status: 'canceled' }, 'canceled'],
    ['an initial fiat transaction shows as failed when payment_status is failed', { payment_status: 'failed' }, 'failed'],
    ['an initial transaction without payment_status is hidden', {}, null],
    ['an initial transaction with a null payment_status is hidden', { payment_status: null }, null],
    ['an initial crypto transaction without payment_status is hidden', { currency_iso: 'BTC' }, null],
    ['an initial fiat transaction with an unlisted payment_status shows its status', { payment_status: 'successful' }, 'initial'],
    ['an initial crypto transaction with a payment_status shows its status', { currency_iso: 'BTC', payment_status: 'authorized' }, 'initial'],
    ['any other status is shown as the server wrote it', { status: 'rejected' }, 'rejected'],
  ];
  it.each(table)('%s', (_name, fields, label) => {
    expect(transactionStatusLabel(tx(fields))).toBe(label);
  });
});

describe('a conversion appears as a debit entry for the source currency and a credit entry for the target currency', () => {
  const conversion = tx({
    id: 'c1',
    type: 'conversion',
    status: 'completed',
    currency_iso: 'EUR',
    currency_2_iso: 'BTC',
    amount: '100.00',
    amount_2: '0.00210000',
  });
  const deposit = tx({ id: 'd1', status: 'completed', currency_iso: 'GBP', amount: '5.00' });
  const hidden = tx({ id: 'h1' });

  it('expands into a debit row in EUR and a credit row in BTC', () => {
    expect(expandTransaction(conversion).map((r) => [r.key, r.currency_iso, r.amount, r.conversion_t, r.status])).toEqual([
      ['c1:debit', 'EUR', '100.00', 'debit', 'approved'],
      ['c1:credit', 'BTC', '0.00210000', 'credit', 'approved'],
    ]);
  });

  const lists: [string, string | ((c: string) => boolean), string[]][] = [
    ['the fiat list shows the debit side and other fiat transactions', isFiat, ['c1:debit', 'd1']],
    ['the BTC wallet list shows the credit side only', 'BTC', ['c1:credit']],
    ['the EUR list shows the debit side only', 'EUR', ['c1:debit']],
    ['a list of another currency shows neither side', 'LTC', []],
  ];
  it.each(lists)('%s', (_name, filter, keys) => {
    expect(displayRows([conversion, deposit, hidden], filter).map((r) => r.key)).toEqual(keys);
  });

  it('an unfiltered list drops hidden transactions and keeps input order', () => {
    expect(displayRows([conversion, hidden, deposit]).map((r) => r.key)).toEqual(['c1:debit', 'c1:credit', 'd1']);
  });

  it('a record already carrying conversion_t is shown as that side only', () => {
    const credit = { ...conversion, conversion_t: 'credit' as const, currency_iso: 'BTC', amount: '0.00210000' };
    expect(expandTransaction(credit).map((r) => [r.key, r.currency_iso, r.conversion_t])).toEqual([['c1:credit', 'BTC', 'credit']]);
  });

  it('a conversion without a target shows its debit row only', () => {
    expect(expandTransaction({ ...conversion, currency_2_iso: null }).map((r) => r.key)).toEqual(['c1:debit']);
  });
});

describe('TransactionSchema', () => {
  it('accepts a transaction with decimal-string amounts', () => {
    expect(v.safeParse(TransactionSchema, tx({ payment_status: 'authorized' })).success).toBe(true);
  });
  it.each([
    ['a number amount', { amount: 10 }],
    ['an exponent amount', { amount: '1e3' }],
    ['an unknown conversion_t', { conversion_t: 'sideways' }],
    ['a missing id', { id: '' }],
  ])('rejects %s', (_name, fields) => {
    expect(v.safeParse(TransactionSchema, { ...tx({}), ...fields }).success).toBe(false);
  });
});
