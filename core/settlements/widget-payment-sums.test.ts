import { describe, expect, it } from 'vitest';
import { mustParseAmount } from '../money.ts';
import { widgetPaymentSums, type WidgetPaymentGroup } from './widget-payment-sums.ts';

const BTC = (amount: string) => mustParseAmount(amount, 'BTC');
const g = (status: WidgetPaymentGroup['status'], due: string, paid: string): WidgetPaymentGroup => ({ status, dueMinor: BTC(due), paidMinor: BTC(paid) });

describe('widget status sums of merchant payments (spec §4)', () => {
  it.each([
    ['no payments sum to zero', [], '0.00000000', '0.00000000'],
    ['a new payment is owed: in pending and in completed', [g('new', '0.5', '0')], '0.50000000', '0.50000000'],
    ['a paid payment still confirming leaves pending, stays in completed', [g('processing', '0.5', '0.5')], '0.00000000', '0.50000000'],
    ['an underpaid payment keeps the rest in pending', [g('processing', '0.5', '0.2')], '0.30000000', '0.50000000'],
    ['a settled payment leaves both', [g('settled', '0.5', '0.5')], '0.00000000', '0.00000000'],
    ['an overpaid settled payment makes pending negative by the overpayment', [g('settled', '0.5', '0.6')], '-0.10000000', '0.00000000'],
    ['expired and invalid payments never complete and are left out', [g('expired', '0.5', '0'), g('invalid', '0.5', '0.1')], '0.00000000', '0.00000000'],
    ['payments add up', [g('new', '0.1', '0'), g('processing', '0.2', '0.2'), g('settled', '0.3', '0.3')], '0.10000000', '0.30000000'],
  ] as const)('%s', (_name, groups, pending, completed) => {
    expect(widgetPaymentSums(groups, 'BTC')).toEqual({ pending, completed });
  });
});
