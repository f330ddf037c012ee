import { describe, expect, expectTypeOf, it } from 'vitest';
import * as v from 'valibot';
import { expandTransaction, TransactionSchema, type Transaction } from '../rules/transaction-display.ts';
import { EXAMPLE_TRANSACTION, TransactionsQuerySchema, WalletActivityQuerySchema, type TransactionRecord } from './transactions.ts';

describe('a transaction record', () => {
  it('is a transaction of the display rules (spec §4), in type and at run time', () => {
    expectTypeOf<TransactionRecord>().toExtend<Transaction>();
    expect(v.safeParse(TransactionSchema, EXAMPLE_TRANSACTION).success).toBe(true);
  });

  it('a conversion record shows as a debit row and a credit row', () => {
    expect(expandTransaction(EXAMPLE_TRANSACTION).map((row) => [row.conversion_t, row.currency_iso, row.amount])).toEqual([
      ['debit', 'EUR', '50.00'],
      ['credit', 'BTC', '0.00056700'],
    ]);
  });
});

describe.each([
  ['getTransactions', TransactionsQuerySchema, {}],
  ['getWalletActivity', WalletActivityQuerySchema, { currency: 'EUR' }],
] as const)('the paging of %s', (_name, schema, required) => {
  it.each([
    ['nothing', {}, { page: 1, per_page: 20 }],
    ['plain digits', { page: '3', per_page: '50' }, { page: 3, per_page: 50 }],
    ['the largest page size', { per_page: '100' }, { page: 1, per_page: 100 }],
  ])('takes %s', (_label, paging, expected) => {
    const parsed = v.safeParse(schema, { ...required, ...paging });
    expect(parsed.success).toBe(true);
    expect(parsed.output).toMatchObject(expected);
  });

  it.each([
    ['a hexadecimal page', { page: '0x10' }],
    ['an exponent per page', { per_page: '1e2' }],
    ['a signed page', { page: '+2' }],
    ['a fractional page', { page: '1.5' }],
    ['spaces around the number', { per_page: ' 20' }],
    ['a page of zero', { page: '0' }],
    ['more than 100 per page', { per_page: '101' }],
    ['an empty page', { page: '' }],
    ['a number instead of text', { page: 2 }],
    ['the page twice', { page: ['1', '2'] }],
  ])('refuses %s', (_label, paging) => {
    const parsed = v.safeParse(schema, { ...required, ...paging });
    expect(parsed.success).toBe(false);
  });
});
