import { describe, expect, it } from 'vitest';
import type { MerchantVolume } from '#core/contract/merchant-office.ts';
import { coinsOf, leadCurrency, rangeOf, VOLUME_HEIGHT, volumeBars } from './volume-geometry.ts';

const volume = (overrides: Partial<MerchantVolume> = {}): MerchantVolume => ({
  from: '2026-11-21',
  to: '2026-11-23',
  currency: 'EUR',
  days: [
    { date: '2026-11-21', coin: 'BTC', fiat_currency: 'EUR', fiat_amount: '100.00', coin_amount: '0.001', count: 1 },
    { date: '2026-11-23', coin: 'BTC', fiat_currency: 'EUR', fiat_amount: '50.00', coin_amount: '0.0005', count: 1 },
    { date: '2026-11-23', coin: 'ETH', fiat_currency: 'EUR', fiat_amount: '150.00', coin_amount: '0.05', count: 2 },
    { date: '2026-11-22', coin: 'ETH', fiat_currency: 'USD', fiat_amount: '999.00', coin_amount: '0.3', count: 1 },
  ],
  totals: [
    { fiat_currency: 'EUR', fiat_amount: '300.00', count: 4 },
    { fiat_currency: 'USD', fiat_amount: '999.00', count: 1 },
  ],
  ...overrides,
});

describe('the volume chart geometry', () => {
  it('covers the last n UTC days, today included', () => {
    expect(rangeOf(7, new Date('2026-11-23T23:30:00Z'))).toEqual({ from: '2026-11-17', to: '2026-11-23' });
  });

  it('draws one bar per day of the range, stacked by coin, the highest day reaching the top', () => {
    const bars = volumeBars(volume(), 'EUR');
    expect(bars.map((bar) => bar.date)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(bars[1]!.segments).toEqual([]); // only a USD payment that day
    const [btc, eth] = bars[2]!.segments;
    expect(btc!.height + eth!.height).toBeCloseTo(VOLUME_HEIGHT - 4);
    expect(eth!.height).toBeCloseTo(btc!.height * 3);
    expect(bars[0]!.segments[0]!.height).toBeCloseTo((VOLUME_HEIGHT - 4) / 2);
  });

  it('leads with the merchant fiat, or with the fiat of most payments when none came in it', () => {
    expect(leadCurrency(volume())).toBe('EUR');
    expect(leadCurrency(volume({ currency: 'GBP' }))).toBe('EUR');
    expect(leadCurrency(volume({ totals: [] }))).toBe('EUR');
  });

  it('lists each coin once', () => {
    expect(coinsOf(volume())).toEqual(['BTC', 'ETH']);
  });
});
