// Compliance for a guest checkout: what a guest may buy, from the provider's own ladder. Up to the first
// (basic) level's buy limit a guest is cleared by proving their email and mobile; above it, up to the next
// (verified) level's, their identity must be approved too before the card is captured (clearance.ts);
// above that, or when the ladder has no level above basic, the payment is refused BEFORE any charge.
// Amounts are valued in the ladder's currency at the market's mid rate, rounded up so a rounding never
// passes a limit. The figure compared is what the guest pays, fixed by the checkout's quote.

import type { Kysely } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import type { PeriodLimitsMinor } from '#core/compliance/levels.ts';
import { convert } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import type { LimitRates } from '../limits/enforce-limit.ts';
import { providerLevels } from '../limits/provider-levels.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';

export type GuestLimit = { ok: true; identityRequired: boolean } | { ok: false; error: AppError };

/** One checkout is one day's and one month's buying: the smaller of the two limits. */
const oneCheckoutLimit = (limits: PeriodLimitsMinor) => (limits.dailyMinor < limits.monthlyMinor ? limits.dailyMinor : limits.monthlyMinor);

export async function guestMayBuy(db: Kysely<Database>, rates: LimitRates, checkout: CheckoutRow): Promise<GuestLimit> {
  const ladder = await providerLevels(db, checkout.provider_id);
  const [basic, verified] = ladder.levels;
  if (!basic) return { ok: false, error: appError('checkout_kyc_required') };
  let valueMinor = checkout.fiat_amount_minor;
  if (checkout.fiat_currency !== ladder.currency) {
    const mid = await rates.mid(checkout.provider_id, checkout.fiat_currency, ladder.currency);
    if (!mid.ok) return { ok: false, error: appError('rates_unavailable') };
    valueMinor = convert(checkout.fiat_amount_minor, checkout.fiat_currency, mid.rate, ladder.currency, 'up');
  }
  if (valueMinor <= oneCheckoutLimit(basic.limits.buy)) return { ok: true, identityRequired: false };
  if (verified && valueMinor <= oneCheckoutLimit(verified.limits.buy)) return { ok: true, identityRequired: true };
  return { ok: false, error: appError('checkout_limit_exceeded') };
}
