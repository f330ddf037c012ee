// A conversion (buy, sell, trade, exchange) carried out at a quoted price: one database transaction
// that uses up the quote, records the transaction and moves the money as three linked ledger
// transfers through the house (DESIGN.md "Money"):
//   principal  member's source wallet -> house liquidity (source asset)   net amount
//   fee        member's source wallet -> house fees (source asset)        the fee, its own leg
//   payout     house liquidity (target asset) -> member's target wallet   what the quote promised
// All three post or none does. The amounts were rounded in the house's favour when the quote was
// made (fee up, payout down), so nothing is rounded here. A failure rolls everything back, the quote
// included, so the member can fix the cause (add funds) and confirm the same quote while it holds.

import type { Kysely } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import type { Locale } from '#core/language.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { conversionLimitOperation, enforceLimit, type LimitRates } from '../limits/enforce-limit.ts';
import { createTransfers, ensureAccounts, type LedgerAccount, type TransferInput } from '../ledger/index.ts';
import { takeQuote } from './quotes.ts';
import { recordTransaction } from '../money/record-transaction.ts';
import { toTransactionRecord } from '../money/transaction-record.ts';
import { houseAccountKey, walletAccountKey } from '../money/wallet-accounts.ts';

export interface ConvertRequest {
  providerId: bigint;
  userId: bigint;
  quoteId: string;
  /** The rates service's clock, so quote expiry and the feed agree on what time it is. */
  now: Date;
  /** Values a conversion neither of whose sides is the provider's fiat (server/limits/). */
  rates: LimitRates;
  /** The language a limit refusal is said in. */
  language: Locale;
}

export async function convertAtQuote(db: Kysely<Database>, request: ConvertRequest): Promise<TransactionRecord> {
  return db.transaction().execute(async (trx) => {
    const taken = await takeQuote(trx, { quoteId: request.quoteId, userId: request.userId, providerId: request.providerId, now: request.now });
    if (!taken.ok) throw apiError(taken.code);
    const quote = taken.quote;
    const from = quote.from as Asset;
    const to = quote.to as Asset;
    const net = quote.netAmountMinor;

    const row = await recordTransaction(trx, {
      providerId: request.providerId,
      userId: request.userId,
      type: 'conversion',
      operation: quote.operation,
      status: 'completed',
      method: 'internal',
      currency: from,
      amountMinor: net,
      currency2: to,
      amount2Minor: quote.toAmountMinor,
      feeMinor: quote.feeMinor,
      rate: quote.rate,
      details: { quote_id: request.quoteId, ...(quote.couponCode ? { coupon_code: quote.couponCode } : {}) },
    });

    // The member's level and limits (server/limits/): refused, everything here rolls back, the quote included.
    const limit = await enforceLimit(trx, request.rates, {
      transactionId: row.id,
      providerId: request.providerId,
      userId: request.userId,
      operation: conversionLimitOperation(quote.operation),
      asset: from,
      amountMinor: quote.fromAmountMinor,
      rate: { to, rate: quote.rate },
      now: request.now,
      language: request.language,
    });
    if (!limit.ok) throw new ApiError(limit.error);

    const member = { providerId: request.providerId, userId: request.userId };
    // One read for the five accounts (the target wallet is created on a member's first conversion into it).
    const [source, target, liquidityFrom, liquidityTo, fees] = (await ensureAccounts(trx, [
      walletAccountKey({ ...member, asset: from }),
      walletAccountKey({ ...member, asset: to }),
      houseAccountKey({ providerId: request.providerId, asset: from, kind: 'liquidity' }),
      houseAccountKey({ providerId: request.providerId, asset: to, kind: 'liquidity' }),
      houseAccountKey({ providerId: request.providerId, asset: from, kind: 'fees' }),
    ])) as [LedgerAccount, LedgerAccount, LedgerAccount, LedgerAccount, LedgerAccount];
    const ref = row.public_id;
    const legs: TransferInput[] = [
      { id: `${ref}:principal`, debitAccountId: source.id, creditAccountId: liquidityFrom.id, amount: net, code: 'conversion', ref },
      ...(quote.feeMinor > 0n ? [{ id: `${ref}:fee`, debitAccountId: source.id, creditAccountId: fees.id, amount: quote.feeMinor, code: 'fee' as const, ref }] : []),
      { id: `${ref}:payout`, debitAccountId: liquidityTo.id, creditAccountId: target.id, amount: quote.toAmountMinor, code: 'conversion', ref },
    ];
    const result = await createTransfers(trx, legs);
    if (!result.ok) {
      if (result.code === 'exceeds_credits') {
        // Which account ran short tells the member what to do: add funds, or try a smaller amount later.
        const payoutLeg = result.index === legs.length - 1;
        throw apiError(payoutLeg ? 'liquidity_unavailable' : 'insufficient_funds');
      }
      throw new Error(`conversion ${ref}: ledger refused leg ${result.index}: ${result.code} ${result.message}`);
    }
    return toTransactionRecord(row);
  });
}
