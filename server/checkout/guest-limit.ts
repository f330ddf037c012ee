// Compliance for a guest checkout (for now): an unverified guest may buy up to the provider's first
// (basic) level's buy limit, valued in the ladder's currency at the market's mid rate, rounded up so a
// rounding never passes the limit. Above it the payment answers checkout_kyc_required BEFORE any charge:
// the coins of a captured card must never wait on a check that could still refuse them.

import type { Kysely } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import { convert } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import type { LimitRates } from '../limits/enforce-limit.ts';
import { providerLevels } from '../limits/provider-levels.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';

export async function guestMayBuy(db: Kysely<Database>, rates: LimitRates, checkout: CheckoutRow): Promise<{ ok: true } | { ok: false; error: AppError }> {
  const ladder = await providerLevels(db, checkout.provider_id);
  const basic = ladder.levels[0];
  if (!basic) return { ok: false, error: appError('checkout_kyc_required') };
  let valueMinor = checkout.fiat_amount_minor;
  if (checkout.fiat_currency !== ladder.currency) {
    const mid = await rates.mid(checkout.provider_id, checkout.fiat_currency, ladder.currency);
    if (!mid.ok) return { ok: false, error: appError('rates_unavailable') };
    valueMinor = convert(checkout.fiat_amount_minor, checkout.fiat_currency, mid.rate, ladder.currency, 'up');
  }
  const limit = basic.limits.buy.dailyMinor < basic.limits.buy.monthlyMinor ? basic.limits.buy.dailyMinor : basic.limits.buy.monthlyMinor;
  return valueMinor <= limit ? { ok: true } : { ok: false, error: appError('checkout_kyc_required') };
}
