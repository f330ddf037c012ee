// A payout of a merchant's converted settlements to its bank account, two-phase like a withdrawal
// (server/money/withdrawals/withdrawal-funds.ts):
//   create   PENDING merchant_balance(fiat) -> world(fiat), the sum of the conversions no payout covers,
//            each of them marked as covered, and a money_transactions row (settlement, wire, pending)
//   paid     the test bank confirmed: POST the reservation; the row completed
//   rejected the test bank refused: VOID it (the balance is back), the conversions are free again
// Creating one locks the merchant's settings row first, so an on-demand and a scheduled payout (or two
// servers) never cover the same conversion twice. A scheduled payout carries its period's key, unique
// per merchant, so a period pays out once however many workers run.

import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { ErrorCode } from '#core/errors.ts';
import type { Database } from '../db/schema.ts';
import { toJsonb } from '../db/jsonb.ts';
import { createTransfers, ensureAccount } from '../ledger/index.ts';
import { recordTransaction } from '../money/record-transaction.ts';
import { houseAccount } from '../money/wallet-accounts.ts';
import { bankAccountOf, defaultSettings } from './settings.ts';
import type { SettlementPayoutRow } from '../db/tables/settlements.ts';

export function newPayoutId(): string {
  return `po_${randomBytes(12).toString('base64url')}`;
}

export type PayoutTrigger = { trigger: 'on_demand' } | { trigger: 'scheduled'; periodKey: string };

export type CreatePayoutResult = { ok: true; payout: SettlementPayoutRow } | { ok: false; code: Extract<ErrorCode, 'settlement_info_missing' | 'nothing_to_pay_out'> | 'period_taken' };

/** Locks the merchant's settings row (created with the defaults if missing): the one lock every payout of the merchant takes first. */
async function lockSettings(trx: Transaction<Database>, merchantId: bigint) {
  await trx.insertInto('merchant_settlement_settings').values({ merchant_id: merchantId }).onConflict((conflict) => conflict.column('merchant_id').doNothing()).execute();
  const row = await trx.selectFrom('merchant_settlement_settings').selectAll().where('merchant_id', '=', merchantId).forUpdate().executeTakeFirst();
  return row ?? defaultSettings(merchantId);
}

export async function createPayout(trx: Transaction<Database>, merchantId: bigint, how: PayoutTrigger): Promise<CreatePayoutResult> {
  const settings = await lockSettings(trx, merchantId);
  const bank = bankAccountOf(settings);
  if (!bank) return { ok: false, code: 'settlement_info_missing' };
  const merchant = await trx
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select(['users.id as user_id', 'users.provider_id'])
    .where('merchants.id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const conversions = await trx
    .selectFrom('settlement_conversions')
    .select(['id', 'fiat_minor'])
    .where('merchant_id', '=', merchantId)
    .where('fiat_currency', '=', settings.fiat_currency)
    .where('payout_id', 'is', null)
    .orderBy('id')
    .execute();
  const amount = conversions.reduce((sum, row) => sum + row.fiat_minor, 0n);
  if (amount === 0n) return { ok: false, code: 'nothing_to_pay_out' };

  const periodKey = how.trigger === 'scheduled' ? how.periodKey : null;
  const payout = await trx
    .insertInto('settlement_payouts')
    .values({
      public_id: newPayoutId(),
      provider_id: merchant.provider_id,
      merchant_id: merchantId,
      currency: settings.fiat_currency,
      amount_minor: amount,
      status: 'pending',
      trigger: how.trigger,
      period_key: periodKey,
      bank_iban: bank.bank_iban,
      bank_swift: bank.bank_swift,
      bank_name: bank.bank_name,
      bank_company_name: bank.bank_company_name,
    })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'period_key']).where('period_key', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!payout) return { ok: false, code: 'period_taken' };

  const ids = conversions.map((row) => row.id);
  await trx.insertInto('settlement_payout_items').values(ids.map((conversionId) => ({ payout_id: payout.id, conversion_id: conversionId }))).execute();
  await trx.updateTable('settlement_conversions').set({ payout_id: payout.id }).where('id', 'in', ids).execute();
  await recordTransaction(trx, {
    providerId: merchant.provider_id,
    userId: merchant.user_id,
    type: 'settlement',
    method: 'wire',
    status: 'pending',
    paymentStatus: 'pending',
    currency: settings.fiat_currency,
    amountMinor: amount,
    counterparty: bank.bank_company_name,
    reference: payout.public_id,
    details: { payout_id: payout.public_id, bank_name: bank.bank_name },
  });

  const [balance, world] = await Promise.all([
    ensureAccount(trx, { providerId: merchant.provider_id, owner: { type: 'merchant', merchantId }, asset: settings.fiat_currency, kind: 'merchant_balance' }),
    houseAccount(trx, { providerId: merchant.provider_id, asset: settings.fiat_currency, kind: 'world' }),
  ]);
  const result = await createTransfers(trx, [
    { id: `${payout.public_id}:payout`, debitAccountId: balance.id, creditAccountId: world.id, amount, code: 'settlement', ref: payout.public_id, pending: true },
  ]);
  // The conversions credited this balance and nothing else debits it but payouts under this lock: a refusal is a bug.
  if (!result.ok) throw new Error(`payout ${payout.public_id}: reservation refused by the ledger: ${result.code} ${result.message}`);
  return { ok: true, payout };
}

export type PayoutOutcome = { ok: true } | { ok: false; message: string };

/**
 * Post (the bank confirmed) or void (it rejected) pending payouts, under their row locks: one ledger
 * batch for all of them (one round trip through the ledger's one-statement path, however many), then
 * the rows in a statement per kind of change instead of three per payout.
 */
export async function resolvePayouts(trx: Transaction<Database>, answered: readonly { payout: SettlementPayoutRow; outcome: PayoutOutcome }[]): Promise<void> {
  if (answered.length === 0) return;
  const items = answered.map(({ payout, outcome }) => {
    const action = outcome.ok ? 'post' : 'void';
    return { id: `${payout.public_id}:payout:${action}`, pendingId: `${payout.public_id}:payout`, action } as const;
  });
  // Each payout's reservation is resolved once, under its row lock and status: a refusal here is a bug.
  const result = await createTransfers(trx, items);
  if (!result.ok) throw new Error(`payout ${answered[result.index]?.payout.public_id}: ${items[result.index]?.action} refused by the ledger: ${result.code} ${result.message}`);

  const now = new Date();
  const paid = answered.filter(({ outcome }) => outcome.ok).map(({ payout }) => payout);
  if (paid.length > 0) {
    await trx.updateTable('settlement_payouts').set({ status: 'paid', resolved_at: now }).where('id', 'in', paid.map((payout) => payout.id)).execute();
    await trx
      .updateTable('money_transactions')
      .set({ status: 'completed', payment_status: 'successful', updated_at: now })
      .where('type', '=', 'settlement')
      .where('reference', 'in', paid.map((payout) => payout.public_id))
      .execute();
  }
  // The bank's reasons, usually one text for every rejection: one statement per distinct reason.
  const rejected = new Map<string, SettlementPayoutRow[]>();
  for (const { payout, outcome } of answered) {
    if (!outcome.ok) rejected.set(outcome.message, [...(rejected.get(outcome.message) ?? []), payout]);
  }
  for (const [message, payouts] of rejected) {
    const ids = payouts.map((payout) => payout.id);
    await trx.updateTable('settlement_payouts').set({ status: 'rejected', resolved_at: now, rejection_reason: message }).where('id', 'in', ids).execute();
    await trx.updateTable('settlement_conversions').set({ payout_id: null }).where('payout_id', 'in', ids).execute();
    await trx
      .updateTable('money_transactions')
      .set({ status: 'failed', payment_status: 'failed', updated_at: now, details: sql`details || ${toJsonb({ rejected: message })}::jsonb` })
      .where('type', '=', 'settlement')
      .where('reference', 'in', payouts.map((payout) => payout.public_id))
      .execute();
  }
}
