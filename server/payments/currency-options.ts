// What the buyer would pay in each coin before choosing one (TransactionAnswer.currency_options): the
// order's fiat amount at the merchant's rate now, rounded up like the real price. Indicative only: the
// price is fixed when the coin is chosen (choose-currency.ts), at the rate of that moment. Only the coins
// whose chain is on are offered (app.chain.assets): a buyer never sees a coin the server cannot receive.

import { CRYPTO, CRYPTO_DISPLAY_NAMES, rateKey, type CryptoAsset, type FiatAsset } from '#core/assets.ts';
import { coinsOn } from '#core/chain/coin-availability.ts';
import type { CurrencyOption } from '#core/contract/merchant-payments.ts';
import { formatMinor } from '#core/money.ts';
import { amountDue } from '#core/payments/payment-rules.ts';
import { apiError } from '../http/api-error.ts';
import type { RatesService } from '../rates/rates-service.ts';

/** Every coin a merchant accepts today: all the platform supports (of which a server offers those that are on). */
export const ACCEPTED_COINS = CRYPTO;

export async function currencyOptions(rates: RatesService, providerId: bigint, fiat: FiatAsset, fiatMinor: bigint, on: readonly CryptoAsset[]): Promise<CurrencyOption[]> {
  const quoted = await rates.clientRates(providerId);
  if (!quoted.ok) throw apiError('rates_unavailable');
  return coinsOn(ACCEPTED_COINS, on).map((iso) => ({ iso, name: CRYPTO_DISPLAY_NAMES[iso], amount: formatMinor(amountDue(fiatMinor, fiat, iso, quoted.rates[rateKey(iso, fiat)]), iso) }));
}
