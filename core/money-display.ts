// Amounts as people read them: currency sign, thousands separators, the locale's decimal mark.
// The digits come from formatMinor (a bigint never passes through a JS number: a float would turn 0.29 into
// 0.28999999999999998) and are grouped by threes with each locale's marks as Intl.NumberFormat writes them
// with 'always' grouping. Not Intl itself: its first number format in a fresh browser process builds ICU's
// formatter, about 30 ms of the checkout's first render here, a tenth of its open budget. We ship two
// locales, so their two marks are a table, and money-display.test.ts holds the table to Intl's output.

import { FIAT_SIGNS, isCrypto, type Asset } from './assets.ts';
import type { Locale } from './language.ts';
import { formatMinor } from './money.ts';

/**
 * Each locale's thousands separator and decimal mark. 'always' grouping: Spanish CLDR data leaves four-digit
 * numbers ungrouped ("1234"), but amounts in one table must line up the same way, so 1.234,50 € is grouped
 * like 12.345,50 €.
 */
export const NUMBER_MARKS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  es: { group: '.', decimal: ',' },
};

/** Digits grouped by threes from the right: "1234567" -> "1,234,567". */
function groupByThrees(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) text += separator + digits.slice(at, at + 3);
  return text;
}

/** Where the fiat sign goes: before the number in English ("€1,234.50"), after it in Spanish ("1.234,50 €"). */
const SIGN_AFTER: Record<Locale, boolean> = { en: false, es: true };

/** Grouped number with exactly the asset's decimals, no currency: "1,234.50" (en), "1.234,50" (es). */
export function formatGrouped(minor: bigint, asset: Asset, locale: Locale = 'en'): string {
  const plain = formatMinor(minor, asset);
  const negative = plain.startsWith('-');
  const [int = '0', frac] = (negative ? plain.slice(1) : plain).split('.');
  const marks = NUMBER_MARKS[locale];
  return `${negative ? '-' : ''}${groupByThrees(int, marks.group)}${frac === undefined ? '' : marks.decimal + frac}`;
}

/**
 * The amount with its currency, as shown in the UI:
 * fiat en "€1,234.50", "CHF 1,234.50", "-$5.00"; fiat es "1.234,50 €";
 * crypto in every locale "0.00120000 BTC" (tickers follow the number, as exchanges write them).
 * Separators between number and sign are plain spaces; the UI keeps them on one line with CSS.
 */
export function formatDisplay(minor: bigint, asset: Asset, locale: Locale = 'en'): string {
  const grouped = formatGrouped(minor, asset, locale);
  if (isCrypto(asset)) return `${grouped} ${asset}`;
  const sign = FIAT_SIGNS[asset];
  if (SIGN_AFTER[locale]) return `${grouped} ${sign.trim()}`;
  return grouped.startsWith('-') ? `-${sign}${grouped.slice(1)}` : `${sign}${grouped}`;
}
