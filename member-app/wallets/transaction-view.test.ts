import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { isOpen, kindKey, statusTone, transactionRows } from './transaction-view.ts';

const record = (fields: Partial<TransactionRecord>): TransactionRecord => ({
  id: 'txn_1',
  type: 'deposit',
  operation: null,
  status: 'completed',
  payment_status: null,
  method: 'crypto',
  currency_iso: 'BTC',
  amount: '0.00100000',
  currency_2_iso: null,
  amount_2: null,
  fee: '0.00000000',
  fee_currency: 'BTC',
  rate: null,
  counterparty: null,
  reference: null,
  confirmations: null,
  required_confirmations: null,
  created_at: '2026-11-22T04:00:00.000Z',
  updated_at: '2026-11-22T04:00:00.000Z',
  ...fields,
});

describe('the transaction rows', () => {
  it('a completed deposit shows as approved, money in, with a plus sign', () => {
    const [row] = transactionRows([record({})], 'en');
    expect(row).toMatchObject({ status: 'approved', tone: 'success', direction: 'in', amount: '+0.00100000 BTC', kind: 'kind.deposit', open: false });
  });

  it('an initial withdrawal shows as 2-FA Pending, money out, still open', () => {
    const [row] = transactionRows([record({ type: 'withdrawal', status: 'initial', currency_iso: 'EUR', amount: '25.00', method: 'wire' })], 'en');
    expect(row).toMatchObject({ status: '2-FA Pending', tone: 'pending', direction: 'out', amount: '-€25.00', open: true });
  });

  it('an initial fiat card payment that is authorized shows as Pre-Authorized', () => {
    const [row] = transactionRows([record({ status: 'initial', payment_status: 'authorized', currency_iso: 'EUR', amount: '500.00', method: 'card' })], 'es');
    expect(row).toMatchObject({ status: 'Pre-Authorized', amount: '+500,00 €' });
  });

  it.each(['pending', 'canceled', 'failed'] as const)('an initial fiat transaction with payment_status %s shows as %s', (payment_status) => {
    const [row] = transactionRows([record({ status: 'initial', payment_status, currency_iso: 'EUR', amount: '5.00', method: 'wire' })], 'en');
    expect(row?.status).toBe(payment_status);
  });

  it('an initial transaction without payment_status is hidden', () => {
    expect(transactionRows([record({ status: 'initial', payment_status: null })], 'en')).toEqual([]);
  });

  it('a conversion shows as a debit row in the source currency and a credit row in the target currency', () => {
    const buy = record({ id: 'txn_c', type: 'conversion', operation: 'buy', currency_iso: 'EUR', amount: '200.00', currency_2_iso: 'BTC', amount_2: '0.00300000', method: 'internal' });
    const rows = transactionRows([buy], 'en');
    expect(rows.map((r) => [r.key, r.side, r.direction, r.amount, r.kind])).toEqual([
      ['txn_c:debit', 'debit', 'out', '-€200.00', 'kind.buy'],
      ['txn_c:credit', 'credit', 'in', '+0.00300000 BTC', 'kind.buy'],
    ]);
    // A wallet's list keeps only the side that touched that wallet.
    expect(transactionRows([buy], 'en', 'BTC').map((r) => r.key)).toEqual(['txn_c:credit']);
    expect(transactionRows([buy], 'en', 'EUR').map((r) => r.key)).toEqual(['txn_c:debit']);
  });

  it('names each kind of entry', () => {
    expect(kindKey({ type: 'conversion', operation: 'trade' })).toBe('kind.trade');
    expect(kindKey({ type: 'conversion', operation: null })).toBe('kind.conversion');
    expect(kindKey({ type: 'settlement', operation: null })).toBe('kind.settlement');
  });

  it('colours failures as danger and unknown statuses as neutral; only initial and pending are open', () => {
    expect(statusTone('failed')).toBe('danger');
    expect(statusTone('canceled')).toBe('danger');
    expect(statusTone('on_hold')).toBe('neutral');
    expect(['initial', 'pending', 'completed', 'canceled', 'failed'].map((status) => isOpen({ status: status as TransactionRecord['status'] }))).toEqual([true, true, false, false, false]);
  });
});
