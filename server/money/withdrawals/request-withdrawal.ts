// Step one of a withdrawal: check it (address or beneficiary, the Withdraw Fiat gate of spec §6,
// limits, available balance >= amount + fee) and record it as 'initial' (shown as 2-FA Pending),
// with nothing reserved yet, then e-mail the member a code. The balance is checked again, under
// the ledger's rules, when the code confirms it (confirm-withdrawal.ts).

import type { Kysely } from 'kysely';
import type { AccountFiat, Asset, CryptoAsset } from '#core/assets.ts';
import type { WithdrawalAnswer } from '#core/contract/withdrawals.ts';
import type { AddressCheck } from '#core/chain/address-format.ts';
import { coinUnavailable } from '#core/chain/coin-availability.ts';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor } from '#core/money.ts';
import { canWithdrawFiat, type ProviderFlags, type UserPermissions } from '#core/rules/permission-gates.ts';
import type { Database } from '../../db/schema.ts';
import { balanceOf } from '../../ledger/index.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import { maskIban } from '#core/iban.ts';
import { findBeneficiary } from '../beneficiaries.ts';
import { checkedAmount, withdrawalFee, type MoneyTerms } from '../deposits/terms.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { existingWalletAccount } from '../wallet-accounts.ts';
import { maskAddress } from './payout.ts';
import { issueWithdrawalCode, type CodeRecipient } from './withdrawal-code.ts';
import { recordTransaction } from '../record-transaction.ts';
import type { Locale } from '#core/language.ts';
import { ApiError } from '../../http/api-error.ts';
import { checkOperationLimit, enforceLimit, refusableTransaction, type LimitRates } from '../../limits/enforce-limit.ts';

export type WithdrawalRequest =
  | { method: 'crypto'; currency: CryptoAsset; amount: string; address: string }
  | { method: 'wire'; currency: AccountFiat; amount: string; beneficiary_id: string };

export interface WithdrawalContext {
  db: Kysely<Database>;
  notifier: Notifier;
  member: CodeRecipient & { permissions: UserPermissions };
  provider: ProviderFlags;
  terms: MoneyTerms;
  /** What the member's limits need: rates to value a coin, and the language of a refusal. */
  limits: { rates: LimitRates; language: Locale };
  /** app.chain: which coins can be sent, and addresses checked on the network this process runs on (regtest: rltc1...). */
  chain: { isAvailable(asset: CryptoAsset): boolean; validateAddress(asset: CryptoAsset, address: string): AddressCheck };
}

export type WithdrawalResult = { ok: true; answer: WithdrawalAnswer } | { ok: false; error: AppError; retryAfterS?: number };

/** Where the money goes: what the payout needs (details) and what lists show (counterparty). */
type Destination = { ok: true; counterparty: string; details: Record<string, string> } | { ok: false; error: AppError };

async function destinationOf(ctx: WithdrawalContext, request: WithdrawalRequest): Promise<Destination> {
  if (request.method === 'crypto') {
    // Refused before the address or the balance is looked at: nothing is recorded, reserved or sent.
    if (!ctx.chain.isAvailable(request.currency)) return { ok: false, error: coinUnavailable(request.currency, 'currency') };
    const checked = ctx.chain.validateAddress(request.currency, request.address.trim());
    if (!checked.ok) return { ok: false, error: appError('address_invalid', checked.message, { address: [checked.message] }) };
    return { ok: true, counterparty: maskAddress(checked.address), details: { address: checked.address } };
  }
  if (!canWithdrawFiat(ctx.provider, ctx.member.permissions)) return { ok: false, error: appError('operation_disabled', 'Fiat withdrawals are not enabled for your account. Contact support to enable them.') };
  const beneficiary = await findBeneficiary(ctx.db, ctx.member.userId, request.beneficiary_id);
  if (!beneficiary) return { ok: false, error: appError('beneficiary_not_found') };
  if (beneficiary.currency !== request.currency) {
    const message = `This bank account receives ${beneficiary.currency}, not ${request.currency}. Choose a ${request.currency} account or add one.`;
    return { ok: false, error: appError('beneficiary_not_found', message, { beneficiary_id: [message] }) };
  }
  return { ok: true, counterparty: maskIban(beneficiary.iban), details: { beneficiary_id: beneficiary.public_id, bank_name: beneficiary.bank_name } };
}

function insufficient(available: bigint, needed: bigint, fee: bigint, asset: Asset): AppError {
  const message = `Your available balance is ${formatMinor(available, asset)} ${asset}; this withdrawal needs ${formatMinor(needed, asset)} ${asset} including the ${formatMinor(fee, asset)} ${asset} fee. Enter a smaller amount.`;
  return appError('insufficient_funds', message, { amount: [message] });
}

export async function requestWithdrawal(ctx: WithdrawalContext, request: WithdrawalRequest): Promise<WithdrawalResult> {
  const asset: Asset = request.currency;
  const destination = await destinationOf(ctx, request);
  if (!destination.ok) return destination;
  const amount = checkedAmount(request.amount, asset, ctx.terms, 'withdrawal');
  if (!amount.ok) return amount;
  const fee = withdrawalFee(asset, ctx.terms);
  const wallet = await existingWalletAccount(ctx.db, { providerId: ctx.member.providerId, userId: ctx.member.userId, asset });
  const available = wallet ? balanceOf(wallet).available : 0n;
  if (available < amount.minor + fee) return { ok: false, error: insufficient(available, amount.minor + fee, fee, asset) };

  // The member's limits (server/limits/) are told before a code is issued, since a new code supersedes an
  // earlier withdrawal's; they are enforced again, under the member's lock, with the row below.
  const limited = {
    providerId: ctx.member.providerId,
    userId: ctx.member.userId,
    operation: request.method === 'crypto' ? ('send' as const) : ('withdraw' as const),
    asset,
    amountMinor: amount.minor,
    now: new Date(),
    language: ctx.limits.language,
  };
  const early = await checkOperationLimit(ctx.db, ctx.limits.rates, limited);
  if (!early.ok) return early;

  const code = await issueWithdrawalCode(ctx.db, ctx.notifier, ctx.member);
  if (!code.ok) return code;
  // The row and the member's limits (server/limits/) in one transaction: refused, no row is left.
  // 'initial' counts towards the limits, since confirming it moves the money without another check.
  const recorded = await refusableTransaction(ctx.db, async (trx) => {
    const created = await recordTransaction(trx, {
      providerId: ctx.member.providerId,
      userId: ctx.member.userId,
      type: 'withdrawal',
      method: request.method,
      status: 'initial',
      currency: asset,
      amountMinor: amount.minor,
      feeMinor: fee,
      counterparty: destination.counterparty,
      details: { ...destination.details, code_id: code.codeId.toString() },
    });
    const limit = await enforceLimit(trx, ctx.limits.rates, { ...limited, transactionId: created.id });
    if (!limit.ok) throw new ApiError(limit.error);
    return created;
  });
  if (!recorded.ok) return recorded;
  const row = recorded.value;
  const sentTo = await code.send();
  return { ok: true, answer: { transaction: toTransactionRecord(row), code_sent_to: sentTo } };
}
