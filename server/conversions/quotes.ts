// Quotes: a price promised to one member for QUOTE_TTL_S seconds, then taken at most once by the
// conversion (convert.ts calls takeQuote inside its transaction).
// The member names what they spend, fee included:
//   fee      = conversion fee percent of the amount, rounded up, less a coupon's discount
//   net      = amount - fee (what is converted)
//   received = convert(net, member rate, 'down')
// so every rounding is in the house's favour, and what the quote shows is exactly what posts.

import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { QuoteAnswer } from '#core/contract/conversions.ts';
import type { Operation } from '#core/contract/rates.ts';
import { appError, type AppError } from '#core/errors.ts';
import { checkLimits, conversionFigures } from '#core/fees.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import type { Permissions } from '#core/whitelabel.ts';
import type { Database } from '../db/schema.ts';
import type { QuotesTable } from '../db/tables/rates.ts';
import { balanceOf } from '../ledger/index.ts';
import { existingWalletAccount } from '../money/wallet-accounts.ts';
import { findValidCoupon, useCoupon } from '../rates/coupons.ts';
import { checkOperation } from './operation-rules.ts';
import type { RatesService } from '../rates/rates-service.ts';

export interface QuoteRequest {
  operation: Operation;
  from_currency: Asset;
  to_currency: Asset;
  amount: string;
  coupon_code?: string | undefined;
}

export interface QuoteContext {
  providerId: bigint;
  userId: bigint;
  permissions: Pick<Permissions, 'enable_trade' | 'enable_exchange'>;
  /** The member's verification level and limits (server/limits/): the refusal, or null when the amount fits. */
  checkLimit?: (amountMinor: bigint) => Promise<AppError | null>;
}

export type QuoteResult = { ok: true; answer: QuoteAnswer } | { ok: false; error: AppError };

function refused(error: AppError): QuoteResult {
  return { ok: false, error };
}

export async function createQuote(db: Kysely<Database>, rates: RatesService, context: QuoteContext, request: QuoteRequest): Promise<QuoteResult> {
  const { operation, from_currency: from, to_currency: to } = request;
  const now = rates.now();
  const disallowed = checkOperation(operation, from, to, context.permissions);
  if (disallowed) return refused(disallowed);

  const parsed = parseAmount(request.amount, from);
  if (!parsed.ok) return refused(appError('validation_failed', undefined, { amount: [parsed.message] }));
  if (parsed.minor <= 0n) return refused(appError('validation_failed', undefined, { amount: ['Enter an amount above zero.'] }));
  const pricing = await rates.pricing(context.providerId);
  const limit = checkLimits(parsed.minor, from, pricing.assets[from].limits.conversion);
  if (!limit.ok) return refused(appError(limit.code, limit.message, { amount: [limit.message] }));

  let coupon: { id: bigint; code: string; discount: string } | null = null;
  if (request.coupon_code !== undefined && request.coupon_code.trim() !== '') {
    const found = await findValidCoupon(db, context.providerId, request.coupon_code, now);
    if (!found.ok) return refused(appError('coupon_invalid'));
    coupon = { id: found.coupon.id, code: found.coupon.code, discount: found.coupon.fee_discount_percent };
  }

  // Before the balance: when the level does not allow the amount, adding funds would not help.
  const overLimit = await context.checkLimit?.(parsed.minor);
  if (overLimit) return refused(overLimit);

  const wallet = await existingWalletAccount(db, { providerId: context.providerId, userId: context.userId, asset: from });
  const available = wallet ? balanceOf(wallet).available : 0n;
  if (available < parsed.minor) {
    const message = `Your available balance is ${formatMinor(available, from)} ${from}. Enter at most that amount, or add funds first.`;
    return refused(appError('insufficient_funds', message, { amount: [message] }));
  }

  const priced = await rates.rate(context.providerId, from, to, pricing.spreadBps);
  if (!priced.ok) return refused(appError('rates_unavailable'));
  // core/fees.ts conversionFigures is also the form's preview, so the quote is what the member saw.
  const split = conversionFigures(parsed.minor, from, to, priced.rate, pricing.conversionFeePercent[operation], coupon?.discount);
  const toAmount = split.receiveMinor;
  if (toAmount <= 0n) {
    const message = `This amount buys less than the smallest unit of ${to}. Enter a larger amount.`;
    return refused(appError('amount_below_minimum', message, { amount: [message] }));
  }

  const expiresAt = new Date(now.getTime() + rates.quoteTtlS * 1000);
  const row = await db
    .insertInto('quotes')
    .values({
      provider_id: context.providerId,
      user_id: context.userId,
      operation,
      from_asset: from,
      to_asset: to,
      from_amount_minor: split.totalMinor,
      fee_minor: split.feeMinor,
      to_amount_minor: toAmount,
      rate: priced.rate,
      source: priced.source,
      coupon_id: coupon?.id ?? null,
      coupon_code: coupon?.code ?? null,
      created_at: now,
      expires_at: expiresAt,
    })
    .returning('public_id')
    .executeTakeFirstOrThrow();

  return {
    ok: true,
    answer: {
      quote_id: row.public_id,
      operation,
      from_currency: from,
      from_amount: formatMinor(split.totalMinor, from),
      fee: formatMinor(split.feeMinor, from),
      fee_currency: from,
      to_currency: to,
      to_amount: formatMinor(toAmount, to),
      rate: priced.rate,
      expires_at: expiresAt.toISOString(),
      expires_in_s: rates.quoteTtlS,
    },
  };
}

export interface TakenQuote {
  quoteId: string;
  operation: Operation;
  from: Asset;
  to: Asset;
  /** Spent in total, fee included. */
  fromAmountMinor: bigint;
  /** In `from`. */
  feeMinor: bigint;
  /** fromAmountMinor - feeMinor: what is converted. */
  netAmountMinor: bigint;
  /** Received, already rounded down. */
  toAmountMinor: bigint;
  rate: string;
  source: 'test' | 'live';
  couponCode: string | null;
}

export type TakeQuoteResult =
  | { ok: true; quote: TakenQuote }
  | { ok: false; code: 'quote_not_found' | 'quote_expired' | 'coupon_invalid' };

/**
 * Marks the member's quote used and returns it; call it inside the conversion's transaction, so a
 * rolled-back conversion leaves the quote unused. Single use: the UPDATE only matches an unused,
 * unexpired quote, so of two concurrent conversions of one quote exactly one gets it.
 * 'coupon_invalid': the quote's coupon ran out of uses since the quote was made (nothing changed).
 * `now` defaults to the wall clock; pass app.rates.now() so an injected clock governs expiry too.
 */
export async function takeQuote(
  trx: Transaction<Database>,
  input: { quoteId: string; userId: bigint; providerId: bigint; now?: Date },
): Promise<TakeQuoteResult> {
  const now = input.now ?? new Date();
  const row = await trx
    .updateTable('quotes')
    .set({ used_at: now })
    .where('public_id', '=', input.quoteId)
    .where('user_id', '=', input.userId)
    .where('provider_id', '=', input.providerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    // Tell an expired quote from a used or unknown one: the member should ask for a new price either way,
    // but "the price has changed" is the truthful message only for the first.
    const existing = await trx
      .selectFrom('quotes')
      .select(['used_at', 'expires_at'])
      .where('public_id', '=', input.quoteId)
      .where('user_id', '=', input.userId)
      .where('provider_id', '=', input.providerId)
      .executeTakeFirst();
    return { ok: false, code: existing && existing.used_at === null ? 'quote_expired' : 'quote_not_found' };
  }
  if (row.coupon_id !== null && !(await useCoupon(trx, row.coupon_id))) {
    await trx.updateTable('quotes').set({ used_at: null }).where('id', '=', row.id).execute();
    return { ok: false, code: 'coupon_invalid' };
  }
  return { ok: true, quote: takenQuote(row) };
}

/** A quote row as the operation that took it reads it (also the guest checkout's, server/checkout/). */
export function takenQuote(row: Selectable<QuotesTable>): TakenQuote {
  return {
    quoteId: row.public_id,
    operation: row.operation,
    from: row.from_asset as Asset,
    to: row.to_asset as Asset,
    fromAmountMinor: row.from_amount_minor,
    feeMinor: row.fee_minor,
    netAmountMinor: row.from_amount_minor - row.fee_minor,
    toAmountMinor: row.to_amount_minor,
    rate: row.rate,
    source: row.source,
    couponCode: row.coupon_code,
  };
}
