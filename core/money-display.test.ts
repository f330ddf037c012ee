import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import type { Asset } from './assets.ts';
import { LOCALES, type Locale } from './language.ts';
import { formatDisplay, formatGrouped, NUMBER_MARKS } from './money-display.ts';

describe('formatDisplay: the amount with currency sign and thousands separators', () => {
  const cases: [bigint, Asset, Locale, string][] = [
    [123450n, 'EUR', 'en', '€1,234.50'],
    [123450n, 'USD', 'en', '$1,234.50'],
    [123450n, 'GBP', 'en', '£1,234.50'],
    [123450n, 'AUD', 'en', 'A$1,234.50'],
    [123450n, 'CAD', 'en', 'CA$1,234.50'],
    [123450n, 'CHF', 'en', 'CHF 1,234.50'],
    [5n, 'EUR', 'en', '€0.05'],
    [-500n, 'USD', 'en', '-$5.00'],
    [-123450n, 'CHF', 'en', '-CHF 1,234.50'],
    [123456789012n, 'EUR', 'en', '€1,234,567,890.12'],
    [120000n, 'BTC', 'en', '0.00120000 BTC'],
    [123456789012n, 'ETH', 'en', '1,234.56789012 ETH'],
    [123450n, 'EUR', 'es', '1.234,50 €'],
    [123450n, 'CHF', 'es', '1.234,50 CHF'],
    [123450n, 'CAD', 'es', '1.234,50 CA$'],
    [-123450n, 'EUR', 'es', '-1.234,50 €'],
    [99n, 'GBP', 'es', '0,99 £'],
    [120000n, 'BTC', 'es', '0,00120000 BTC'],
  ];
  it.each(cases)('%s %s in %s -> %s', (minor, asset, locale, text) => {
    expect(formatDisplay(minor, asset, locale)).toBe(text);
  });

  it('defaults to English', () => {
    expect(formatDisplay(123450n, 'EUR')).toBe('€1,234.50');
  });

  it('keeps digits beyond 2^53 exact (no JS number on the way)', () => {
    expect(formatGrouped(9_007_199_254_740_993n, 'BTC', 'en')).toBe('90,071,992.54740993');
    expect(formatGrouped(900_719_925_474_099_317n, 'EUR', 'es')).toBe('9.007.199.254.740.993,17');
  });
});

describe("each locale's marks are the ones Intl.NumberFormat writes", () => {
  it.each(LOCALES)('%s: any amount is grouped and marked as Intl groups and marks it', (locale) => {
    const integers = new Intl.NumberFormat(locale, { useGrouping: 'always', maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    expect(NUMBER_MARKS[locale].decimal).toBe(decimal);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), (minor) => {
        const whole = (minor < 0n ? -minor : minor) / 100n;
        const cents = String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0');
        const expected = `${minor < 0n ? '-' : ''}${integers.format(whole)}${decimal}${cents}`;
        expect(formatGrouped(minor, 'EUR', locale)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
