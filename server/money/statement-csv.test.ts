import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { csvCell, statementCsv } from './statement-csv.ts';

function record(overrides: Partial<TransactionRecord>): TransactionRecord {
  return {
    id: 'txn_1',
    type: 'deposit',
    operation: null,
    status: 'completed',
    payment_status: 'successful',
    method: 'card',
    currency_iso: 'EUR',
    amount: '100.00',
    currency_2_iso: null,
    amount_2: null,
    fee: '1.50',
    fee_currency: 'EUR',
    rate: null,
    counterparty: null,
    reference: null,
    confirmations: null,
    required_confirmations: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function lines(csv: string): string[] {
  return csv.trimEnd().split('\r\n').slice(1);
}

describe('statementCsv', () => {
  it('a deposit is one line with a positive amount and the spec §4 label approved', () => {
    expect(lines(statementCsv([record({})]))).toEqual(['2026-11-01T10:00:00.000Z,txn_1,deposit,,,approved,EUR,100.00,1.50,EUR,']);
  });

  it('a conversion is a debit line (what left the wallet: the amount converted and the fee) and a credit line (no fee)', () => {
    const conversion = record({ id: 'txn_2', type: 'conversion', operation: 'buy', method: 'internal', currency_2_iso: 'BTC', amount: '99.00', amount_2: '0.00150000', fee: '1.00' });
    expect(lines(statementCsv([conversion]))).toEqual([
      '2026-11-01T10:00:00.000Z,txn_2,conversion,buy,debit,approved,EUR,-100.00,1.00,EUR,',
      '2026-11-01T10:00:00.000Z,txn_2,conversion,buy,credit,approved,BTC,0.00150000,0,EUR,',
    ]);
  });

  it('a withdrawal is negative with its fee included, and an initial one shows as 2-FA Pending', () => {
    const withdrawal = record({ id: 'txn_3', type: 'withdrawal', status: 'initial', payment_status: null, method: 'crypto', currency_iso: 'ETH', amount: '0.50000000', fee: '0.00100000', fee_currency: 'ETH' });
    expect(lines(statementCsv([withdrawal]))).toEqual(['2026-11-01T10:00:00.000Z,txn_3,withdrawal,,,2-FA Pending,ETH,-0.50100000,0.00100000,ETH,']);
  });

  it('a declined card deposit moved nothing and charged nothing: 0', () => {
    const declined = record({ id: 'txn_4', status: 'failed', payment_status: 'failed', amount: '97.50', fee: '2.50' });
    expect(lines(statementCsv([declined]))).toEqual(['2026-11-01T10:00:00.000Z,txn_4,deposit,,,failed,EUR,0.00,0,EUR,']);
  });

  it("the amount column sums to each wallet's net movement", () => {
    const rows = [
      record({ id: 'a', amount: '500.00', fee: '12.50' }),
      record({ id: 'b', type: 'conversion', operation: 'buy', method: 'internal', amount: '197.00', fee: '3.00', currency_2_iso: 'BTC', amount_2: '0.00200000' }),
      record({ id: 'c', type: 'withdrawal', method: 'wire', amount: '50.00', fee: '1.00' }),
      record({ id: 'd', status: 'failed', payment_status: 'failed', amount: '97.50', fee: '2.50' }),
    ];
    const eur = lines(statementCsv(rows)).map((line) => line.split(',')).filter((cells) => cells[6] === 'EUR').map((cells) => cells[7] ?? '');
    // 500.00 credited - 200.00 converted with its fee - 51.00 sent with its fee = 249.00
    const minor = (text: string) => (text.startsWith('-') ? -1n : 1n) * BigInt(text.replace(/^-/, '').replace('.', ''));
    expect(eur.reduce((sum, text) => sum + minor(text), 0n)).toBe(24_900n);
  });

  it('an initial transaction without payment_status is left out, as the screen hides it', () => {
    expect(lines(statementCsv([record({ status: 'initial', payment_status: null })]))).toEqual([]);
  });

  it.each([
    ['a formula', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['a leading plus', '+44', "'+44"],
    ['a negative amount stays a number', '-12.50', '-12.50'],
    ['a comma is quoted', 'VRD,1', '"VRD,1"'],
  ])('csvCell: %s', (_label, input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});
