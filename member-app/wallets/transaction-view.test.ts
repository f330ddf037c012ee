import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { walletMovement, requestedMinor } from '#core/rules/wallet-movement.ts';
import { amountView, isOpen, kindKey, statusTone, transactionGroups, transactionRows } from './transaction-view.ts';

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

const buy = record({ id: 'txn_c', type: 'conversion', operation: 'buy', currency_iso: 'EUR', amount: '197.00', fee: '3.00', fee_currency: 'EUR', currency_2_iso: 'BTC', amount_2: '0.00300000', method: 'internal' });

describe('the transaction rows', () => {
  it('a completed deposit shows as approved, money in, with a plus sign in the success colour', () => {
    const [row] = transactionRows([record({})], 'en');
    expect(row).toMatchObject({ status: 'approved', tone: 'success', direction: 'in', kind: 'kind.deposit', open: false });
    expect(row?.amount).toEqual({ text: '+0.00100000 BTC', tone: 'in', note: null, feeIncluded: null });
  });

  it('an initial withdrawal shows as 2-FA Pending, money out with its fee, still open', () => {
    const [row] = transactionRows([record({ type: 'withdrawal', status: 'initial', currency_iso: 'EUR', amount: '25.00', fee: '1.00', fee_currency: 'EUR', method: 'wire' })], 'en');
    expect(row).toMatchObject({ status: '2-FA Pending', tone: 'pending', direction: 'out', open: true });
    expect(row?.amount).toEqual({ text: '-€26.00', tone: 'pending-out', note: null, feeIncluded: '€1.00' });
  });

  it('a large withdrawal held for approval shows as pending approval, its money reserved on the way out, still open', () => {
    const [row] = transactionRows([record({ type: 'withdrawal', status: 'awaiting_approval', currency_iso: 'EUR', amount: '12000.00', fee: '1.00', fee_currency: 'EUR', method: 'wire' })], 'en');
    expect(row).toMatchObject({ status: 'pending approval', tone: 'pending', direction: 'out', open: true });
    expect(row?.amount).toMatchObject({ tone: 'pending-out', feeIncluded: '€1.00' });
  });

  it('an initial fiat card payment that is authorized shows as Pre-Authorized, on its way in', () => {
    const [row] = transactionRows([record({ status: 'initial', payment_status: 'authorized', currency_iso: 'EUR', amount: '500.00', method: 'card' })], 'es');
    expect(row).toMatchObject({ status: 'Pre-Authorized', amount: { text: '+500,00 €', tone: 'pending-in' } });
  });

  it.each(['pending', 'canceled', 'failed'] as const)('an initial fiat transaction with payment_status %s shows as %s', (payment_status) => {
    const [row] = transactionRows([record({ status: 'initial', payment_status, currency_iso: 'EUR', amount: '5.00', method: 'wire' })], 'en');
    expect(row?.status).toBe(payment_status);
  });

  it('an initial transaction without payment_status is hidden', () => {
    expect(transactionRows([record({ status: 'initial', payment_status: null })], 'en')).toEqual([]);
  });

  it('a conversion shows as a debit row of what left the source wallet (fee included) and a credit row of what arrived', () => {
    const rows = transactionRows([buy], 'en');
    expect(rows.map((r) => [r.key, r.side, r.direction, r.amount.text, r.amount.feeIncluded, r.kind])).toEqual([
      ['txn_c:debit', 'debit', 'out', '-€200.00', '€3.00', 'kind.buy'],
      ['txn_c:credit', 'credit', 'in', '+0.00300000 BTC', null, 'kind.buy'],
    ]);
    // A wallet's list keeps only the side that touched that wallet.
    expect(transactionRows([buy], 'en', 'BTC').map((r) => r.key)).toEqual(['txn_c:credit']);
    expect(transactionRows([buy], 'en', 'EUR').map((r) => [r.key, r.amount.text])).toEqual([['txn_c:debit', '-€200.00']]);
  });

  it('names each kind of entry', () => {
    expect(kindKey({ type: 'conversion', operation: 'trade' })).toBe('kind.trade');
    expect(kindKey({ type: 'conversion', operation: null })).toBe('kind.conversion');
    expect(kindKey({ type: 'settlement', operation: null })).toBe('kind.settlement');
  });

  it('colours failures as danger and unknown statuses as neutral; only initial, pending and awaiting_approval are open', () => {
    expect(statusTone('failed')).toBe('danger');
    expect(statusTone('canceled')).toBe('danger');
    expect(statusTone('on_hold')).toBe('neutral');
    expect(['initial', 'pending', 'awaiting_approval', 'completed', 'canceled', 'failed'].map((status) => isOpen({ status: status as TransactionRecord['status'] }))).toEqual([true, true, true, false, false, false]);
  });
});

describe('an amount that never moved does not look like money that did', () => {
  const table: [string, Partial<TransactionRecord>, { text: string; tone: string; note: string | null }][] = [
    ['a declined card deposit: the charge the member typed, no plus sign, not in the success colour, not credited', { status: 'failed', payment_status: 'failed', currency_iso: 'EUR', amount: '487.50', fee: '12.50', fee_currency: 'EUR', method: 'card' }, { text: '€500.00', tone: 'void', note: 'amount.notCredited' }],
    ['a canceled wire deposit: not credited', { status: 'canceled', payment_status: 'canceled', currency_iso: 'EUR', amount: '100.00', fee: '0.00', fee_currency: 'EUR', method: 'wire' }, { text: '€100.00', tone: 'void', note: 'amount.notCredited' }],
    ['an initial deposit whose payment failed: not credited', { status: 'initial', payment_status: 'failed', currency_iso: 'EUR', amount: '5.00', fee: '0.00', fee_currency: 'EUR' }, { text: '€5.00', tone: 'void', note: 'amount.notCredited' }],
    ['a canceled withdrawal: no minus sign, not debited', { type: 'withdrawal', status: 'canceled', currency_iso: 'ETH', amount: '0.01000000', fee: '0.00100000', fee_currency: 'ETH' }, { text: '0.01100000 ETH', tone: 'void', note: 'amount.notDebited' }],
    ['a failed withdrawal: not debited', { type: 'withdrawal', status: 'failed', currency_iso: 'EUR', amount: '60.00', fee: '1.00', fee_currency: 'EUR' }, { text: '€61.00', tone: 'void', note: 'amount.notDebited' }],
    ['a deposit on its way keeps its plus sign, but not the success colour yet', { status: 'pending' }, { text: '+0.00100000 BTC', tone: 'pending-in', note: null }],
    ['a completed deposit is money in', {}, { text: '+0.00100000 BTC', tone: 'in', note: null }],
  ];
  it.each(table)('%s', (_name, fields, expected) => {
    const tx = record(fields);
    expect(amountView(walletMovement(tx, null), 'en', requestedMinor(tx, null))).toMatchObject(expected);
    expect(transactionRows([tx], 'en')[0]?.amount).toMatchObject(expected);
  });

  it('an amount that cannot be read is a dash, never a guess', () => {
    expect(amountView(null, 'en')).toEqual({ text: '—', tone: 'void', note: null, feeIncluded: null });
  });
});

describe('the list counts transactions, and a conversion is one transaction of two lines', () => {
  it('groups the two rows of each conversion, so groups match the records the server counted', () => {
    const deposit = record({ id: 'txn_d' });
    const trade = record({ id: 'txn_t', type: 'conversion', operation: 'trade', currency_iso: 'BTC', amount: '0.00099000', fee: '0.00001000', currency_2_iso: 'ETH', amount_2: '0.02000000', method: 'internal' });
    const records = [buy, deposit, trade, record({ id: 'txn_w', type: 'withdrawal', currency_iso: 'ETH', amount: '0.01000000', fee: '0.00100000', fee_currency: 'ETH' })];
    const rows = transactionRows(records, 'en');
    expect(rows).toHaveLength(6);
    const groups = transactionGroups(rows);
    expect(groups.map((group) => [group.id, group.rows.length])).toEqual([
      ['txn_c', 2],
      ['txn_d', 1],
      ['txn_t', 2],
      ['txn_w', 1],
    ]);
    expect(groups).toHaveLength(records.length);
  });
});
