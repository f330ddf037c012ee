import { describe, expect, it } from 'vitest';
import { accountValueText } from './account-value.ts';

describe('the sidebar Account Value', () => {
  it.each([
    [{}, 'EUR', 'en', '€0.00'],
    [{}, 'BTC', 'en', '0.00000000 BTC'],
    [{ GBP: '1234.5' }, 'GBP', 'en', '£1,234.50'],
    [{ EUR: '1234.50' }, 'EUR', 'es', '1.234,50 €'],
    [{ USD: 'abc' }, 'USD', 'en', '$0.00'],
  ] as const)('%o in %s (%s) reads %s', (values, asset, locale, text) => {
    expect(accountValueText(values, asset, locale)).toBe(text);
  });
});
