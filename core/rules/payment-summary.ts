// Who is paid, for what and how much, in the body of every widget payment screen and the hosted page.
// The spec §2 header shows these only from 50 up; a buyer paying less must still see whom they pay, so
// the body carries them whenever the header is hidden. Amounts that do not parse show no total (never a
// guessed one).

import { isAsset } from '../assets.ts';
import type { Locale } from '../language.ts';
import { formatDisplay } from '../money-display.ts';
import { parseAmount } from '../money.ts';
import { DEFAULT_MERCHANT_NAME, DEFAULT_PRODUCT, logoSizePx, type LogoSizePx, type WidgetHeaderInput } from './widget-header.ts';

export interface PaymentSummary {
  merchantName: string;
  logoUrl: string | null;
  logoSizePx: LogoSizePx;
  product: string;
  /** "€12.50"; null when the amount or its currency cannot be shown honestly. */
  amountText: string | null;
}

export function paymentSummary(input: WidgetHeaderInput, locale: Locale = 'en'): PaymentSummary {
  const parsed = isAsset(input.currency) ? parseAmount(input.amount, input.currency) : null;
  return {
    merchantName: input.merchantName?.trim() ? input.merchantName : DEFAULT_MERCHANT_NAME,
    logoUrl: input.logoUrl?.trim() ? input.logoUrl : null,
    logoSizePx: logoSizePx(input.logoSize),
    product: input.product?.trim() ? input.product : DEFAULT_PRODUCT,
    amountText: parsed?.ok && isAsset(input.currency) ? formatDisplay(parsed.minor, input.currency, locale) : null,
  };
}
