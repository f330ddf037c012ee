// Spec §3 checkout cookie and checkout transaction data, built from the server's checkout row: what the
// flow's pages show. The server never reads these figures back; the checkout row is the price.

import { CRYPTO_DISPLAY_NAMES, isCrypto } from '#core/assets.ts';
import type { CheckoutCookie } from '#core/contract/checkout.ts';
import { formatMinor } from '#core/money.ts';
import { paymentStatusOf } from '#core/rules/checkout-status.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { flowUserVerified } from './flow-user-verified.ts';

export function checkoutCookie(checkout: CheckoutRow, merchantId: string | null): CheckoutCookie {
  const fiat = checkout.fiat_currency;
  const coin = checkout.crypto_currency;
  return {
    _id: checkout.public_id,
    merchant_id: merchantId,
    payment_method: checkout.payment_method,
    cryptoAddress: checkout.crypto_address,
    fiatCurrency: {
      currency: fiat,
      currency_original: fiat,
      amount: formatMinor(checkout.fiat_amount_minor, fiat),
      fee: formatMinor(checkout.fee_minor, fiat),
      minimum: formatMinor(checkout.minimum_minor, fiat),
      maximum: formatMinor(checkout.maximum_minor, fiat),
    },
    cryptoCurrency: { currency: coin, currency_displayName: isCrypto(coin) ? CRYPTO_DISPLAY_NAMES[coin] : coin, amount: formatMinor(checkout.crypto_amount_minor, coin) },
    verified: flowUserVerified(checkout),
  };
}

/** Spec §3 checkout transaction data; getCheckoutCookie sends it as a JSON string (spec §7). */
export function transactionData(checkout: CheckoutRow, merchantId: string | null) {
  return {
    merchant_id: merchantId,
    payment_method: checkout.payment_method,
    currency_1_amount: formatMinor(checkout.fiat_amount_minor, checkout.fiat_currency),
    currency_1_iso: checkout.fiat_currency,
    currency_1_fee: formatMinor(checkout.fee_minor, checkout.fiat_currency),
    currency_2_amount: formatMinor(checkout.crypto_amount_minor, checkout.crypto_currency),
    currency_2_iso: checkout.crypto_currency,
    currency_2_address: checkout.crypto_address,
    payment_status: paymentStatusOf(checkout.status),
  };
}
