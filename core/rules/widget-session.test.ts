import { describe, it, expect } from 'vitest';
import { widgetSessionMatches, type WidgetSessionIds } from './widget-session.ts';

const requested = { merchantId: 'mch_demo_verdant', transactionId: 'tx_1' };

describe('the widget needs a session matching the merchant and transaction ids (spec §4)', () => {
  it.each<[string, WidgetSessionIds | null | undefined, boolean]>([
    ['matching merchant and transaction', { merchantId: 'mch_demo_verdant', transactionId: 'tx_1' }, true],
    ['another merchant', { merchantId: 'mch_other', transactionId: 'tx_1' }, false],
    ['another transaction', { merchantId: 'mch_demo_verdant', transactionId: 'tx_2' }, false],
    ['no session', null, false],
    ['an absent session', undefined, false],
    ['empty ids never match, even against empty ids', { merchantId: '', transactionId: '' }, false],
  ])('%s', (_name, session, expected) => {
    expect(widgetSessionMatches(session, requested)).toBe(expected);
  });

  it('empty requested ids do not match an empty session', () => {
    expect(widgetSessionMatches({ merchantId: '', transactionId: '' }, { merchantId: '', transactionId: '' })).toBe(false);
  });
});
