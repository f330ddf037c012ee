// Limits and fees of deposits and withdrawals, from the provider's pricing (server/rates/pricing.ts:
// per provider and asset, the same figures GET /transactions/getFees answers). Every amount a member
// types passes its limit here, and the errors name the limit so the member knows what to type.

import type { Asset } from '#core/assets.ts';
import { appError, type AppError } from '#core/errors.ts';
import { checkLimits, percentFee } from '#core/fees.ts';
import { parseAmount } from '#core/money.ts';
import type { LimitKind, Pricing } from '../../rates/default-pricing.ts';

export type MoneyTerms = Pricing;
export { loadPricing as loadMoneyTerms } from '../../rates/pricing.ts';

export type AmountCheck = { ok: true; minor: bigint } | { ok: false; error: AppError };

/** Parses a member's amount for `asset` and checks it against the provider's `kind` limit. */
export function checkedAmount(raw: string, asset: Asset, terms: MoneyTerms, kind: Extract<LimitKind, 'deposit' | 'withdrawal'>): AmountCheck {
  const parsed = parseAmount(raw, asset);
  if (!parsed.ok) return { ok: false, error: appError('validation_failed', undefined, { amount: [parsed.message] }) };
  if (parsed.minor <= 0n) return { ok: false, error: appError('validation_failed', undefined, { amount: ['Enter an amount above zero.'] }) };
  const checked = checkLimits(parsed.minor, asset, terms.assets[asset].limits[kind]);
  if (!checked.ok) return { ok: false, error: appError(checked.code, checked.message, { amount: [checked.message] }) };
  return { ok: true, minor: parsed.minor };
}

/** The card fee of a charge: the provider's percent of the amount, rounded up (the house's favour). */
export function cardFee(amountMinor: bigint, terms: MoneyTerms): bigint {
  return percentFee(amountMinor, terms.cardDepositPercent);
}

/** The flat withdrawal fee in the withdrawn asset. */
export function withdrawalFee(asset: Asset, terms: MoneyTerms): bigint {
  return terms.assets[asset].withdrawalFeeMinor;
}
