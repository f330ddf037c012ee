// The merchant refunds money received for one of its payments. Under the payment's lock (so concurrent
// refunds queue and the cap holds), in one database transaction:
//   - the amount is checked against core/payments/refund-rules.ts (never more than received less refunded);
//   - the ledger reserves it: the never-credited part first enters the merchant's balance from the world
//     (`${refund}:in`, world -> balance, posted), then the whole amount is RESERVED balance -> world
//     (`${refund}:out`, pending), so it is neither spendable nor gone until the buyer claims it;
//   - the refund row with its claim token (hashed, and sealed for the merchant's eyes).
// The mail goes after the commit: a mail never names a refund that does not exist.
// One refund per payment and Idempotency-Key (a unique index); the route's key store replays the answer.

import type { Kysely } from 'kysely';
import type { CreatedRefund, CreateRefundInput } from '#core/contract/refunds.ts';
import type { CryptoAsset } from '#core/assets.ts';
import { coinUnavailable } from '#core/chain/coin-availability.ts';
import type { NetworkKind } from '#core/chain/networks.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import { checkRefundAmount, refundNetworkFee, refundSplit, REFUND_CLAIM_TTL_S } from '#core/payments/refund-rules.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { createTransfers, ensureAccount, type LedgerItem } from '../ledger/index.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { houseAccount } from '../money/wallet-accounts.ts';
import { isPriced } from '../db/tables/payments.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { claimUrl, hashClaimToken, newClaimToken, newRefundId } from './claim-token.ts';
import { refundRecord } from './refund-answer.ts';
import { lockMerchantPayment, refundFacts, refundsOf } from './refund-facts.ts';
import { mailRefundLink } from './refund-mail.ts';

export interface RefundDeps {
  db: Kysely<Database>;
  box: SecretBox;
  mailer: Mailer;
  publicUrl: string;
  /** app.chain: a refund goes back on the coin's chain, so a coin whose chain is off is not refunded now. */
  chain: { network: NetworkKind; isAvailable(asset: CryptoAsset): boolean };
}

export interface Merchant {
  id: bigint;
  providerId: bigint;
  name: string;
}

export async function createRefund(deps: RefundDeps, merchant: Merchant, input: CreateRefundInput, requestKey: string | null): Promise<CreatedRefund> {
  const token = newClaimToken();
  const created = await deps.db.transaction().execute(async (trx) => {
    const payment = await lockMerchantPayment(trx, merchant.id, input.transaction_id);
    if (requestKey !== null) {
      const earlier = await trx.selectFrom('payment_refunds').selectAll().where('payment_id', '=', payment.id).where('request_key', '=', requestKey).executeTakeFirst();
      if (earlier) return { row: earlier, payment, fresh: false };
    }
    if (!isPriced(payment)) throw apiError('payment_not_refundable');
    const coin = payment.coin;
    // Before anything is reserved: the buyer could not be paid, and the merchant's balance would sit held.
    if (!deps.chain.isAvailable(coin)) throw new ApiError(coinUnavailable(coin));
    const parsed = parseAmount(input.amount, coin);
    if (!parsed.ok) throw apiError('validation_failed', undefined, { amount: [parsed.message] });
    const facts = refundFacts(payment, await refundsOf(trx, payment.id));
    const checked = checkRefundAmount(facts, coin, parsed.minor, deps.chain.network, (minor) => formatMinor(minor, coin));
    if (!checked.ok) {
      if (facts.confirmedMinor - facts.refundedMinor <= 0n || (facts.status !== 'settled' && facts.status !== 'invalid')) throw apiError('payment_not_refundable');
      throw apiError('validation_failed', undefined, { amount: [checked.message] });
    }
    const split = refundSplit(facts, parsed.minor);
    const publicId = newRefundId();
    const balance = await ensureAccount(trx, { providerId: payment.provider_id, owner: { type: 'merchant', merchantId: payment.merchant_id }, asset: coin, kind: 'merchant_balance' });
    const world = await houseAccount(trx, { providerId: payment.provider_id, asset: coin, kind: 'world' });
    const batch: LedgerItem[] = [];
    if (split.uncreditedMinor > 0n) batch.push({ id: `${publicId}:in`, debitAccountId: world.id, creditAccountId: balance.id, amount: split.uncreditedMinor, code: 'payment', ref: publicId });
    batch.push({ id: `${publicId}:out`, debitAccountId: balance.id, creditAccountId: world.id, amount: parsed.minor, code: 'payment', ref: publicId, pending: true });
    const result = await createTransfers(trx, batch);
    if (!result.ok) {
      if (result.code === 'exceeds_credits') {
        throw apiError('insufficient_funds', `Your ${coin} balance is too low: ${formatMinor(split.fromBalanceMinor, coin)} ${coin} of this refund comes from it (the rest was never credited to you). Add funds or refund less.`);
      }
      throw new Error(`refund ${publicId}: refused by the ledger: ${result.code} ${result.message}`);
    }
    const row = await trx
      .insertInto('payment_refunds')
      .values({
        public_id: publicId,
        payment_id: payment.id,
        merchant_id: payment.merchant_id,
        provider_id: payment.provider_id,
        coin,
        amount_minor: parsed.minor,
        network_fee_minor: refundNetworkFee(coin, deps.chain.network),
        uncredited_minor: split.uncreditedMinor,
        status: 'claimable',
        claim_token_hash: hashClaimToken(token),
        claim_token_sealed: deps.box.seal(payment.merchant_id, token),
        claim_expires_at: new Date(Date.now() + REFUND_CLAIM_TTL_S * 1000),
        buyer_email: input.buyer_email ?? null,
        address: null,
        txid: null,
        request_key: requestKey,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, payment, fresh: true };
  });
  const { row, payment } = created;
  let mailed = false;
  if (created.fresh && row.buyer_email !== null) {
    await mailRefundLink(deps, {
      providerId: merchant.providerId,
      to: row.buyer_email,
      lang: input.lang,
      merchantName: merchant.name,
      coin: row.coin,
      receivesMinor: row.amount_minor - row.network_fee_minor,
      link: claimUrl(deps.publicUrl, token),
      expiresAt: row.claim_expires_at,
    });
    mailed = true;
  }
  return { ...refundRecord(deps, row, payment.public_id), mailed };
}

/** Mails a claimable refund's link (again, or for the first time) and keeps the address on the refund. */
export async function sendRefundLink(deps: RefundDeps, merchant: Merchant, input: { refund_id: string; buyer_email: string; lang: 'en' | 'es' }): Promise<CreatedRefund> {
  const now = new Date();
  const row = await deps.db
    .updateTable('payment_refunds')
    .set({ buyer_email: input.buyer_email, updated_at: now })
    .where('public_id', '=', input.refund_id)
    .where('merchant_id', '=', merchant.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw apiError('refund_not_found');
  if (row.status === 'sent' || row.status === 'failed') throw apiError('refund_claim_used', 'This refund was already sent to the buyer; there is no link left to send.');
  if (row.status === 'expired' || row.claim_expires_at.getTime() <= now.getTime()) throw apiError('refund_claim_expired', 'This refund link has expired and its amount was released. Make a new refund.');
  const payment = await deps.db.selectFrom('payments').select('public_id').where('id', '=', row.payment_id).executeTakeFirstOrThrow();
  const token = deps.box.open(row.merchant_id, row.claim_token_sealed);
  await mailRefundLink(deps, {
    providerId: merchant.providerId,
    to: input.buyer_email,
    lang: input.lang,
    merchantName: merchant.name,
    coin: row.coin,
    receivesMinor: row.amount_minor - row.network_fee_minor,
    link: claimUrl(deps.publicUrl, token),
    expiresAt: row.claim_expires_at,
  });
  return { ...refundRecord(deps, row, payment.public_id, now), mailed: true };
}
