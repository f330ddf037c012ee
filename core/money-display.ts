// Amounts as people read them: currency sign, thousands separators, the locale's decimal mark.
// Intl.NumberFormat formats the integer part as a bigint and never sees the fraction, so no
// amount ever passes through a JS number (a float would turn 0.29 into 0.28999999999999998).

import { FIAT_SIGNS, isCrypto, type Asset } from './assets.ts';
import type { Locale } from './language.ts';
import { formatMinor } from './money.ts';

const integerFormats = new Map<Locale, Intl.NumberFormat>();
const decimalMarks = new Map<Locale, string>();

/**
 * 'always' grouping: Spanish CLDR data leaves four-digit numbers ungrouped ("1234"), but amounts
 * in one table must line up the same way, so 1.234,50 € is grouped like 12.345,50 €.
 */
function integerFormat(locale: Locale): Intl.NumberFormat {
  let format = integerFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: 'always', maximumFractionDigits: 0 });
    integerFormats.set(locale, format);
  }
  return format;
}

/** The locale's decimal mark, read once from a constant (1.5 is a probe, not an amount). */
function decimalMark(locale: Locale): string {
  let mark = decimalMarks.get(locale);
  if (mark === undefined) {
    mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalMarks.set(locale, mark);
  }
  return mark;
}

/** Where the fiat sign goes: before the number in English ("€1,234.50"), after it in Spanish ("1.234,50 €"). */
const SIGN_AFTER: Record<Locale, boolean> = { en: false, es: true };

/** Grouped number with exactly the asset's decimals, no currency: "1,234.50" (en), "1.234,50" (es). */
export function formatGrouped(minor: bigint, asset: Asset, locale: Locale = 'en'): string {
  const plain = formatMinor(minor, asset);
  const negative = plain.startsWith('-');
  const [int = '0', frac] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = integerFormat(locale).format(BigInt(int));
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : decimalMark(locale) + frac}`;
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
