import { describe, it, expect } from 'vitest';
import { widgetSessionMatches, type WidgetSessionIds } from './widget-session.ts';

const shown = { merchantId: 'mch_demo_verdant', transactionId: 'pay_1' };

describe('the widget needs a session matching the merchant and transaction ids (spec §4)', () => {
  it.each<[string, WidgetSessionIds | null | undefined, boolean]>([
    ['matching merchant and transaction', { merchantId: 'mch_demo_verdant', transactionId: 'pay_1' }, true],
    ['a pay button session of the same merchant (the widget created the payment)', { merchantId: 'mch_demo_verdant' }, true],
    ['a token session of the same payment (the merchant named no merchant id)', { transactionId: 'pay_1' }, true],
    ['another merchant', { merchantId: 'mch_other', transactionId: 'pay_1' }, false],
    ['a pay button session of another merchant', { merchantId: 'mch_other' }, false],
    ['another transaction', { merchantId: 'mch_demo_verdant', transactionId: 'pay_2' }, false],
    ['another transaction without a merchant id', { transactionId: 'pay_2' }, false],
    ['no session', null, false],
    ['an absent session', undefined, false],
    ['a session that names neither id', {}, false],
    ['empty ids never match', { merchantId: '', transactionId: '' }, false],
  ])('%s', (_name, session, expected) => {
    expect(widgetSessionMatches(session, shown)).toBe(expected);
  });
});
