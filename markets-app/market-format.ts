// How the markets pages write prices and changes: the platform's money display (core/money-display.ts)
// for prices, and a signed percent with the locale's decimal mark for changes ("+1.50 %", "−2,10 %").
import type { FiatAsset } from '#core/assets.ts';
import type { Locale } from '#core/language.ts';
import { formatDisplay } from '#core/money-display.ts';
import { parseAmount } from '#core/money.ts';

export function formatPrice(price: string, fiat: FiatAsset, locale: Locale): string {
  const parsed = parseAmount(price, fiat);
  return parsed.ok ? formatDisplay(parsed.minor, fiat, locale) : price;
}

export type Trend = 'up' | 'down' | 'flat';

export function trendOf(change: string | null): Trend {
  if (change === null || /^-?0(\.0+)?$/.test(change)) return 'flat';
  return change.startsWith('-') ? 'down' : 'up';
}

/** A real minus sign (U+2212) reads better than a hyphen and is what screen readers say as "minus". */
export function formatChange(change: string, locale: Locale): string {
  const trend = trendOf(change);
  const digits = change.replace(/^-/, '');
  const number = locale === 'es' ? digits.replace('.', ',') : digits;
  return `${trend === 'down' ? '\u2212' : trend === 'up' ? '+' : ''}${number} %`;
}
