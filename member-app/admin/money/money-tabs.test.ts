import { describe, expect, it } from 'vitest';
import { moneyTab, moneyTabPath } from './money-tabs.ts';
import { waitingText, waitingTime } from './waiting-time.ts';

describe('the money area tabs', () => {
  const table: [string | undefined, string | null][] = [
    [undefined, 'wires'],
    ['', 'wires'],
    ['wires', 'wires'],
    ['withdrawals', 'withdrawals'],
    ['payouts', 'payouts'],
    ['ledger', 'ledger'],
    ['incoming-wires', 'incoming-wires'],
    ['fees', null],
    ['WIRES', null],
  ];
  it.each(table)('the tab %j opens %j', (raw, tab) => {
    expect(moneyTab(raw)).toBe(tab);
  });

  it('each tab has its own path under /money', () => {
    expect(moneyTabPath('withdrawals')).toBe('/money/withdrawals');
  });
});

describe('how long a wire has waited', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const table: [string, number, { unit: string; value: number }][] = [
    ['just now', 0, { unit: 'minute', value: 0 }],
    ['59 minutes', 59, { unit: 'minute', value: 59 }],
    ['an hour', 60, { unit: 'hour', value: 1 }],
    ['47 hours 59 minutes is still hours', 47 * 60 + 59, { unit: 'hour', value: 47 }],
    ['two days', 48 * 60, { unit: 'day', value: 2 }],
    ['a clock a little ahead never shows a negative wait', -3, { unit: 'minute', value: 0 }],
  ];
  it.each(table)('%s', (_name, minutes, waiting) => {
    expect(waitingTime(ago(minutes), now)).toEqual(waiting);
  });

  it('is written in the page language', () => {
    expect(waitingText({ unit: 'hour', value: 3 }, 'en')).toBe('3 hours');
    expect(waitingText({ unit: 'day', value: 2 }, 'es')).toBe('2 días');
  });
});
