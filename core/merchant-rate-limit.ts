// The merchant API's rate limit: requests a second per secret key. The platform default is Stripe's
// live-mode figure (100 operations a second per account); an operator may give one merchant its own
// figure in the console (merchants.api_rate_limit_per_second, NULL: the default).

import * as v from 'valibot';

/** What a merchant key may send each second until an operator sets its merchant's own figure. */
export const DEFAULT_MERCHANT_RATE_PER_SECOND = 100;
/**
 * Ten times the default. One process answers a few hundred payments a second at most, so a figure
 * above this is a slip (a per-minute figure typed per second), never a plan; the database refuses it too.
 */
export const MAX_MERCHANT_RATE_PER_SECOND = 1000;

/** A merchant's own limit as an operator types it: whole requests a second from 1 to the maximum. */
export const MerchantRatePerSecondSchema = v.pipe(
  v.number('Enter the limit as a whole number of requests a second, like 100.'),
  v.integer('Enter a whole number of requests a second, like 100.'),
  v.minValue(1, 'Enter at least 1 request a second.'),
  v.maxValue(MAX_MERCHANT_RATE_PER_SECOND, `Enter at most ${MAX_MERCHANT_RATE_PER_SECOND} requests a second.`),
);

/** The merchant's own limit when it has one, else the platform's default. */
export function effectiveRatePerSecond(platformDefault: number, own: number | null): number {
  return own ?? platformDefault;
}
