import { describe, expect, it } from 'vitest';
import { formatChange, formatPrice, trendOf } from './market-format.ts';

describe('how the markets pages write figures', () => {
  it.each([
    { change: '1.50', locale: 'en' as const, want: '+1.50 %', trend: 'up' },
    { change: '-2.10', locale: 'en' as const, want: '\u22122.10 %', trend: 'down' },
    { change: '-2.10', locale: 'es' as const, want: '\u22122,10 %', trend: 'down' },
    { change: '0.00', locale: 'en' as const, want: '0.00 %', trend: 'flat' },
  ])('$change in $locale is "$want"', ({ change, locale, want, trend }) => {
    expect(formatChange(change, locale)).toBe(want);
    expect(trendOf(change)).toBe(trend);
  });

  it('writes prices as the rest of the platform does', () => {
    expect(formatPrice('61492.61', 'EUR', 'en')).toBe('€61,492.61');
    expect(formatPrice('61492.61', 'EUR', 'es')).toBe('61.492,61 €');
    expect(formatPrice('1.00', 'CHF', 'en')).toBe('CHF 1.00');
  });
});
