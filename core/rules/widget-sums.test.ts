import { describe, it, expect } from 'vitest';
import { widgetStatusSums, type WidgetSumTransaction } from './widget-sums.ts';

const t = (stage: string, status: string, currency_1_amount: string): WidgetSumTransaction => ({ stage, status, currency_1_amount });

describe('widget status sums (spec §4)', () => {
  const table: [string, WidgetSumTransaction[], string, string][] = [
    ['no transactions sum to zero', [], '0.00000000', '0.00000000'],
    ['a widget-stage transaction adds its currency_1_amount to both pending and completed totals', [t('widget', 'initial', '0.5')], '0.50000000', '0.50000000'],
    ['a deposit-stage transaction subtracts from pending', [t('widget', 'initial', '0.5'), t('deposit', 'initial', '0.2')], '0.30000000', '0.50000000'],
    ['a transaction with status completed subtracts from completed', [t('widget', 'initial', '0.5'), t('other', 'completed', '0.5')], '0.50000000', '0.00000000'],
    ['a completed deposit subtracts from both', [t('widget', 'initial', '0.5'), t('deposit', 'completed', '0.5')], '0.00000000', '0.00000000'],
    ['a widget-stage transaction with status completed adds to pending and nets zero on completed', [t('widget', 'completed', '0.5')], '0.50000000', '0.00000000'],
    ['sums go negative on an overpayment', [t('widget', 'initial', '0.1'), t('deposit', 'initial', '0.3')], '-0.20000000', '0.10000000'],
    ['sums are exact in minor units', [t('widget', 'initial', '0.1'), t('widget', 'initial', '0.2'), t('deposit', 'initial', '0.00000001')], '0.29999999', '0.30000000'],
  ];
  it.each(table)('%s', (_name, txs, pending, completed) => {
    expect(widgetStatusSums(txs, 'BTC')).toEqual({ ok: true, pending, completed });
  });

  it('a malformed amount is returned as its coded error', () => {
    expect(widgetStatusSums([t('widget', 'initial', '1e-3')], 'BTC')).toMatchObject({ ok: false, code: 'amount_malformed' });
    expect(widgetStatusSums([t('widget', 'initial', '0.123456789')], 'BTC')).toMatchObject({ ok: false, code: 'amount_too_precise' });
  });
});
