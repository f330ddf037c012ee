// Card deposits through the test acquirer. The member is charged `amount`; the wallet is credited
// amount minus the card fee, and the fee goes to the house fees account as its own leg. A card that
// needs no 3-D Secure is authorised and captured in the same request; a 3-D Secure card waits for
// the challenge (three-d-secure.ts) with nothing in the ledger yet. A declined charge is kept as a
// failed transaction, so the member sees it in the history.

import type { Kysely, Transaction } from 'kysely';
import type { AccountFiat } from '#core/assets.ts';
import type { DepositAnswer } from '#core/contract/deposits.ts';
import { appError, type AppError } from '#core/errors.ts';
import { authorizeCharge, maskedCard, tokenizeCard, type CardInput, type TokenizedCard } from '../../acquirer/test-acquirer.ts';
import type { Database } from '../../db/schema.ts';
import { toJsonb } from '../../db/jsonb.ts';
import { findCard, saveCard } from '../cards.ts';
import type { MoneyTransactionRow } from '../../db/tables/money.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { authorizeCardFunds, captureCardFunds } from './card-funds.ts';
import { cardFee, checkedAmount, type MoneyTerms } from './terms.ts';
import { recordTransaction } from '../record-transaction.ts';
import type { Locale } from '#core/language.ts';
import { ApiError } from '../../http/api-error.ts';
import { enforceLimit, refusableTransaction, type LimitRates } from '../../limits/enforce-limit.ts';

export interface DepositContext {
  db: Kysely<Database>;
  providerId: bigint;
  userId: bigint;
  terms: MoneyTerms;
  fingerprintOf: (number: string) => string;
  now: Date;
  /** What the member's limits need: rates to value an amount in the provider's fiat, and the language of a refusal. */
  limits: { rates: LimitRates; language: Locale };
}

export type CardDepositRequest =
  | { method: 'card'; currency: AccountFiat; amount: string; card: CardInput }
  | { method: 'saved_card'; currency: AccountFiat; amount: string; card_id: string };

export type DepositResult = { ok: true; answer: DepositAnswer } | { ok: false; error: AppError };

/** What the 3-D Secure step needs later, kept in the row's details: the token and display fields, never the number. */
export interface PendingCard {
  card: TokenizedCard;
  charged_minor: string;
}

export async function depositByCard(ctx: DepositContext, request: CardDepositRequest): Promise<DepositResult> {
  const amount = checkedAmount(request.amount, request.currency, ctx.terms, 'deposit');
  if (!amount.ok) return amount;
  let card: TokenizedCard;
  if (request.method === 'card') {
    const tokenized = tokenizeCard(request.card, ctx.now, ctx.fingerprintOf);
    if (!tokenized.ok) return tokenized;
    card = tokenized.card;
  } else {
    const saved = await findCard(ctx.db, ctx.userId, request.card_id);
    if (!saved) return { ok: false, error: appError('card_invalid', 'This saved card was not found. Choose one of your saved cards.', { card_id: ['Choose one of your saved cards.'] }) };
    if (expiredBy(saved, ctx.now)) return { ok: false, error: appError('card_invalid', 'This saved card has expired. Add the new card.', { card_id: ['This card has expired.'] }) };
    card = saved;
  }
  const fee = cardFee(amount.minor, ctx.terms);
  const base = {
    providerId: ctx.providerId,
    userId: ctx.userId,
    type: 'deposit' as const,
    method: 'card' as const,
    currency: request.currency,
    amountMinor: amount.minor - fee,
    feeMinor: fee,
    counterparty: maskedCard(card),
  };
  const details: PendingCard = { card, charged_minor: amount.minor.toString() };
  const authorisation = authorizeCharge(card.token);

  if (authorisation.outcome === 'declined') {
    await recordTransaction(ctx.db, { ...base, status: 'failed', paymentStatus: 'failed', details: { charged_minor: details.charged_minor, declined: authorisation.error.message } });
    return { ok: false, error: authorisation.error };
  }
  const challenge = authorisation.outcome === 'challenge';
  // The row and the member's limits (server/limits/) in one transaction: refused, no row is left and
  // nothing is captured. A deposit waiting for 3-D Secure counts already: approving it is not checked again.
  const done = await refusableTransaction(ctx.db, async (trx) => {
    const created = await recordTransaction(trx, challenge
      ? { ...base, status: 'initial', paymentStatus: 'pending', details: { ...details } }
      : { ...base, status: 'initial', paymentStatus: 'authorized', details: { charged_minor: details.charged_minor } });
    const limit = await enforceLimit(trx, ctx.limits.rates, { transactionId: created.id, providerId: ctx.providerId, userId: ctx.userId, operation: 'deposit', asset: request.currency, amountMinor: amount.minor, now: ctx.now, language: ctx.limits.language });
    if (!limit.ok) throw new ApiError(limit.error);
    return challenge ? created : chargeAndCapture(trx, created, card);
  });
  if (!done.ok) return done;
  const row = done.value;
  const nextAction = challenge ? { type: 'three_d_secure' as const, transaction_id: row.public_id } : null;
  return { ok: true, answer: { transaction: toTransactionRecord(row), next_action: nextAction, wire_instructions: null } };
}

/** A card is valid through the last day of its expiry month. */
function expiredBy(card: { exp_month: string; exp_year: string }, now: Date): boolean {
  const year = Number(card.exp_year);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(card.exp_month) < now.getUTCMonth() + 1);
}

/** Authorise, capture, mark completed and keep the card: one database transaction, all or nothing. */
export async function chargeAndCapture(trx: Transaction<Database>, row: MoneyTransactionRow, card: TokenizedCard): Promise<MoneyTransactionRow> {
  await authorizeCardFunds(trx, row);
  await captureCardFunds(trx, row);
  if (row.user_id === null) throw new Error(`card deposit ${row.public_id} has no member`);
  const cardId = await saveCard(trx, row.user_id, card);
  return trx
    .updateTable('money_transactions')
    .set({ status: 'completed', payment_status: 'successful', updated_at: new Date(), details: toJsonb({ charged_minor: (row.amount_minor + row.fee_minor).toString(), card_id: cardId }) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
