// Spec §2 widget header: the merchant strip above a widget payment. It appears only for a real
// priced order (amount 50 or more, in a known currency), so small test payments and links
// without a price show the bare widget.

import { isAsset, type Asset } from '../assets.ts';
import { WIDGET_HEADER_MIN_AMOUNT } from '../constants.ts';
import type { Locale } from '../language.ts';
import { formatDisplay } from '../money-display.ts';
import { mustParseAmount, parseAmount } from '../money.ts';

export const DEFAULT_MERCHANT_NAME = 'Brand Name';
export const DEFAULT_PRODUCT = 'Merchandise';

/** Spec §3 widget_logo_size values; anything else is the small logo. */
export type LogoSizePx = 60 | 50 | 40;

export function logoSizePx(size: string | null | undefined): LogoSizePx {
  if (size === 'Large') return 60;
  if (size === 'Medium') return 50;
  return 40;
}

export interface WidgetHeaderInput {
  /** Decimal string, as the merchant sent it. */
  amount?: string | null;
  currency?: string | null;
  merchantName?: string | null;
  logoUrl?: string | null;
  logoSize?: string | null;
  orderId?: string | null;
  product?: string | null;
}

export interface WidgetHeader {
  merchantName: string;
  logoUrl: string | null;
  logoSizePx: LogoSizePx;
  orderId: string | null;
  /** "€1,234.50" (en) or "1.234,50 €" (es). */
  amountText: string;
  /** Shown after "Payment for". */
  product: string;
}

/**
 * Shown only when amount is 50 or more and a currency is present. The comparison is in minor
 * units of that currency. A currency we do not know, or an amount that does not parse
 * strictly, hides the header: it could not be displayed honestly.
 */
export function isWidgetHeaderShown(amount: string | null | undefined, currency: string | null | undefined): boolean {
  return shownAmount(amount, currency) !== null;
}

function shownAmount(amount: string | null | undefined, currency: string | null | undefined): { minor: bigint; asset: Asset } | null {
  if (!isAsset(currency)) return null;
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok || parsed.minor < mustParseAmount(WIDGET_HEADER_MIN_AMOUNT, currency)) return null;
  return { minor: parsed.minor, asset: currency };
}

const orDefault = (value: string | null | undefined, fallback: string): string => (value?.trim() ? value : fallback);

/** The header to render, or null when it is not shown. */
export function widgetHeader(input: WidgetHeaderInput, locale: Locale = 'en'): WidgetHeader | null {
  const amount = shownAmount(input.amount, input.currency);
  if (amount === null) return null;
  return {
    merchantName: orDefault(input.merchantName, DEFAULT_MERCHANT_NAME),
    logoUrl: input.logoUrl?.trim() ? input.logoUrl : null,
    logoSizePx: logoSizePx(input.logoSize),
    orderId: input.orderId?.trim() ? input.orderId : null,
    amountText: formatDisplay(amount.minor, amount.asset, locale),
    product: orDefault(input.product, DEFAULT_PRODUCT),
  };
}
