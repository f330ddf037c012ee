// The one check every money operation makes, inside its own database transaction, right after it
// wrote its money_transactions row and before it moves any money:
//   1. lock the member's users row (FOR NO KEY UPDATE), so two operations of one member take turns: the
//      second sums what the first used only after the first committed or rolled back, and two buys
//      that each fit but not together cannot both pass;
//   2. value the operation in the provider's fiat at the rate the operation itself uses;
//   3. sum what the member used today and this month (usage.ts) and ask checkLimit (core);
//   4. on ok, record the use (limit_usage) with the row; on a refusal answer limit_exceeded with the
//      message naming the step that lifts it. The caller then rolls back, its row included.
//
// Which operation each flow is (a regulated exchange's reading of the ladder):
//   buy   conversion fiat -> crypto, valued at what the member spends, fee included
//   sell  conversion crypto -> fiat, and trade (crypto -> crypto) and exchange (fiat -> fiat): every
//         conversion out of an asset that is not a buy disposes of it for value, and counting trade and
//         exchange as sells means value cannot leave through a detour the sell limit does not see
//   deposit  card and wire deposits (the amount charged or announced)
//   withdraw fiat withdrawals to a bank (the amount asked, fee excluded)
//   send  crypto withdrawals to an address (the amount asked, fee excluded)
// Crypto arriving on chain is not refused here: it has already happened on the chain when it is seen.

import type { Asset, FiatAsset } from '#core/assets.ts';
import { checkLimit, limitMessage } from '#core/compliance/limits.ts';
import { levelOf } from '#core/compliance/levels.ts';
import type { Operation } from '#core/compliance/levels-config.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Locale } from '#core/language.ts';
import { convert } from '#core/money.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { memberRequirements } from './member-requirements.ts';
import { providerLevels } from './provider-levels.ts';
import { usedByMember } from './usage.ts';

export interface LimitedOperation {
  /** The money_transactions row the operation just wrote in this transaction. */
  transactionId: bigint;
  providerId: bigint;
  userId: bigint;
  operation: Operation;
  /** What the member spends or moves, in `asset`. */
  asset: Asset;
  amountMinor: bigint;
  /** The rate the operation itself uses from `asset` (units of `to` per unit of `asset`), when it has one. */
  rate?: { to: Asset; rate: string } | undefined;
  now: Date;
  language: Locale;
}

/** ok: the operation fits; valueMinor is what it is worth in `currency`, the provider's fiat. */
export type LimitResult = { ok: true; valueMinor: bigint; currency: FiatAsset } | { ok: false; error: AppError };

/** The rates a valuation may need when the operation has no rate into the provider's fiat. */
export type LimitRates = Pick<RatesService, 'mid'>;

async function valueIn(rates: LimitRates, fiat: Asset, operation: Omit<LimitedOperation, 'transactionId'>): Promise<bigint | null> {
  if (operation.asset === fiat) return operation.amountMinor;
  if (operation.rate && operation.rate.to === fiat) return convert(operation.amountMinor, operation.asset, operation.rate.rate, fiat, 'up');
  const mid = await rates.mid(operation.providerId, operation.asset, fiat);
  if (!mid.ok) return null;
  // Up: a limit is never passed by a rounding.
  return convert(operation.amountMinor, operation.asset, mid.rate, fiat, 'up');
}

/** The check alone, without a lock or a record: what a quote tells the member before they confirm. */
export async function checkOperationLimit(db: Db, rates: LimitRates, operation: Omit<LimitedOperation, 'transactionId'>): Promise<LimitResult> {
  const ladder = await providerLevels(db, operation.providerId);
  const valueMinor = await valueIn(rates, ladder.currency, operation);
  if (valueMinor === null) return { ok: false, error: appError('rates_unavailable') };
  const [facts, used] = await Promise.all([
    memberRequirements(db, operation.userId),
    usedByMember(db, { userId: operation.userId, currency: ladder.currency, now: operation.now }),
  ]);
  const check = checkLimit({
    level: levelOf(facts, ladder.levels)?.id ?? null,
    operation: operation.operation,
    amountMinor: valueMinor,
    usedTodayMinor: used[operation.operation].todayMinor,
    usedThisMonthMinor: used[operation.operation].thisMonthMinor,
    levels: ladder.levels,
  });
  if (!check.ok) {
    // The steps said are the ones this member has still to do: checkLimit lists what the lifting level asks
    // beyond the member's level, which includes what they did on the side (an email verified below the first level).
    const liftedBy = check.liftedBy ? { ...check.liftedBy, requires: check.liftedBy.requires.filter((requirement) => !facts[requirement]) } : null;
    const message = limitMessage({ ...check, liftedBy }, operation.language);
    return { ok: false, error: appError('limit_exceeded', message, { amount: [message] }) };
  }
  return { ok: true, valueMinor, currency: ladder.currency };
}

export async function enforceLimit(trx: Db, rates: LimitRates, operation: LimitedOperation): Promise<LimitResult> {
  // FOR NO KEY UPDATE, not FOR UPDATE: the row the caller just inserted holds FOR KEY SHARE on the member
  // (its foreign key), in both concurrent transactions; FOR UPDATE would wait on the other's KEY SHARE
  // while the other waits on ours (a deadlock), NO KEY UPDATE does not conflict with it and still
  // makes a second operation of the member wait here for the first.
  await trx.selectFrom('users').select('id').where('id', '=', operation.userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  const checked = await checkOperationLimit(trx, rates, operation);
  if (!checked.ok) return checked;
  await trx
    .insertInto('limit_usage')
    .values({
      transaction_id: operation.transactionId,
      provider_id: operation.providerId,
      user_id: operation.userId,
      operation: operation.operation,
      currency: checked.currency,
      value_minor: checked.valueMinor,
      created_at: operation.now,
    })
    .execute();
  return checked;
}

/** Which ladder operation a conversion is (see the table above). */
export function conversionLimitOperation(conversion: 'buy' | 'sell' | 'trade' | 'exchange'): Operation {
  return conversion === 'buy' ? 'buy' : 'sell';
}

/**
 * Runs `work` in one database transaction and answers an ApiError it throws (a limit refusal) as a
 * value, after the rollback: for the flows whose results are values (deposits, withdrawals).
 */
export async function refusableTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await db.transaction().execute(work) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.body };
    throw error;
  }
}

/** For a caller that only moves the provider's own fiat (the operator's tools): any other asset is answered rates_unavailable. */
export const NO_RATES: LimitRates = {
  mid: async () => ({ ok: false, code: 'rates_unavailable' }),
};
