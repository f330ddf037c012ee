// A guest checkout paid by online banking (Online Banking, Online Banking ZA) at the bank's own page.
// paynet/onlineBanking creates the payment at the bank (server/online-banking/ createBankPayment) with
// the checkout's quoted amount, then takes the quote in the transaction that records the payment row
// ('awaiting', the bank's payment id and approval page): the guest's browser goes to the bank. Nothing
// is held while the bank decides. The bank's signed callback (server/online-banking/bank-callback.ts)
// calls settleCheckoutBankPayment in the SAME transaction that stores it: approved -> the money posted,
// the coins reserved, the checkout successful (the delivery worker sends them); refused or failed -> the
// checkout failed with the reason, nothing held. The buyer's return to /processing_online carries only
// the payment's id and decides nothing.
//
// The bank is called before the quote is taken, so a bank that does not answer leaves the quote for the
// next try; a bank payment made for a checkout that then could not record it (another tab won the race)
// stays pending at the bank and is never shown to anyone, so nothing can approve it.

import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor } from '#core/money.ts';
import { isOpen } from '#core/rules/checkout-status.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import type { BankPaymentStatus } from '../db/tables/online-banking.ts';
import { createBankPayment, type BankConnection } from '../online-banking/bank-client.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { receiveCheckoutBankMoney, reserveDelivery } from './checkout-funds.ts';
import { repriceCheckout, takeCheckoutQuote } from './checkout-quote.ts';
import { lockCheckout, setStatus } from './payment-state.ts';
import { bankPaymentRefusal, type CheckoutPayment } from './wire-payment.ts';

export const ONLINE_BANKING_METHODS = ['Online Banking', 'Online Banking ZA'] as const;
/** The guest's time at the bank: the checkout lives at least this long after the redirect. */
export const BANK_VISIT_MS = 60 * 60_000;

export const BANK_REASONS = {
  refused: 'Your bank refused the payment. Nothing was taken; start a new order to try again or choose another way to pay.',
  failed: 'The bank could not complete the payment. Nothing was taken; start a new order to try again.',
  undeliverable: 'The bank approved the payment but we could not deliver the coins; the order was closed and your money is returned to your account by our team.',
  late: 'The bank approved the payment after this order had ended; the order was closed and your money is returned to your account by our team.',
} as const;

export interface OnlineBankingContext {
  db: Kysely<Database>;
  rates: RatesService;
  bank: BankConnection;
  publicUrl: string;
  provider: { name: string };
  now: Date;
}

export type OnlineBankingStart =
  | { ok: true; outcome: 'redirect'; checkout: CheckoutRow; paymentId: string; approvalUrl: string }
  | { ok: true; outcome: 'repriced'; checkout: CheckoutRow }
  | { ok: false; error: AppError };

const newPaymentId = () => `cpay_${randomBytes(16).toString('base64url').slice(0, 22)}`;

async function waitingPaymentOf(db: Kysely<Database> | Transaction<Database>, checkoutId: bigint) {
  return db.selectFrom('checkout_payments').selectAll().where('checkout_id', '=', checkoutId).where('method', '=', 'online_banking').where('status', '=', 'awaiting').executeTakeFirst();
}

async function quoteExpired(db: Kysely<Database>, checkout: CheckoutRow, now: Date): Promise<boolean> {
  const newest = await db.selectFrom('quotes').select(['expires_at', 'used_at']).where('checkout_id', '=', checkout.id).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return newest !== undefined && newest.used_at === null && newest.expires_at.getTime() <= now.getTime();
}

/** Who the bank's page says is paid: the merchant the checkout was started for, else the provider. */
async function payeeOf(db: Kysely<Database>, checkout: CheckoutRow, providerName: string): Promise<string> {
  if (checkout.merchant_id === null) return providerName;
  const merchant = await db.selectFrom('merchants').select('name').where('id', '=', checkout.merchant_id).executeTakeFirst();
  return merchant?.name ?? providerName;
}

export async function startOnlineBanking(ctx: OnlineBankingContext, checkout: CheckoutRow, module: 'sys-flow' | 'sys-remitflow'): Promise<OnlineBankingStart> {
  // A reload or a second tab while the bank decides goes to the same approval page.
  const waiting = await waitingPaymentOf(ctx.db, checkout.id);
  if (waiting?.bank_approval_url) return { ok: true, outcome: 'redirect', checkout, paymentId: waiting.public_id, approvalUrl: waiting.bank_approval_url };
  const refusal = await bankPaymentRefusal(ctx.db, checkout, ONLINE_BANKING_METHODS);
  if (refusal) return { ok: false, error: refusal };
  const reprice = async (): Promise<OnlineBankingStart> => {
    const repriced = await repriceCheckout(ctx.db, ctx.rates, checkout, ctx.now);
    return repriced.ok ? { ok: true, outcome: 'repriced', checkout: repriced.checkout } : repriced;
  };
  if (await quoteExpired(ctx.db, checkout, ctx.now)) return reprice();

  const publicId = newPaymentId();
  const created = await createBankPayment(ctx.db, ctx.bank, {
    amountMinor: checkout.fiat_amount_minor,
    currency: checkout.fiat_currency,
    payee: await payeeOf(ctx.db, checkout, ctx.provider.name),
    description: `${formatMinor(checkout.crypto_amount_minor, checkout.crypto_currency)} ${checkout.crypto_currency}, order ${checkout.public_id}`,
    returnUrl: `${ctx.publicUrl}/${module}/processing_online?payment=${publicId}`,
    callbackUrl: `${ctx.publicUrl}/v1/paynet/onlineBanking/callback`,
  });
  if (!created.ok) return created;

  const done = await ctx.db.transaction().execute(async (trx): Promise<OnlineBankingStart | 'reprice'> => {
    const locked = await lockCheckout(trx, checkout.id);
    const again = await waitingPaymentOf(trx, locked.id);
    if (again?.bank_approval_url) return { ok: true, outcome: 'redirect', checkout: locked, paymentId: again.public_id, approvalUrl: again.bank_approval_url };
    if (!isOpen(locked.status)) return { ok: false, error: appError('checkout_status_invalid') };
    const taken = await takeCheckoutQuote(trx, locked, ctx.now);
    if (!taken.ok) return taken.code === 'quote_expired' ? 'reprice' : { ok: false, error: appError('checkout_status_invalid') };
    const { quote } = taken;
    // The bank was asked for the checkout's amount; the quote is of that same amount (repricing keeps it).
    if (quote.fromAmountMinor !== checkout.fiat_amount_minor) throw new Error(`checkout ${locked.public_id}: quote of ${quote.fromAmountMinor} for a bank payment of ${checkout.fiat_amount_minor}`);
    await trx.insertInto('checkout_payments').values({
      public_id: publicId, checkout_id: locked.id, provider_id: locked.provider_id, method: 'online_banking', status: 'awaiting',
      amount_minor: quote.fromAmountMinor, fee_minor: quote.feeMinor, crypto_amount_minor: quote.toAmountMinor, rate: quote.rate,
      card: null, declined: null, bank_payment_id: created.paymentId, bank_approval_url: created.approvalUrl, updated_at: ctx.now,
    }).execute();
    const pending = await setStatus(trx, locked, 'pending', ctx.now);
    const visitEnds = new Date(ctx.now.getTime() + BANK_VISIT_MS);
    const expiresAt = pending.expires_at.getTime() < visitEnds.getTime() ? visitEnds : pending.expires_at;
    const updated = await trx.updateTable('guest_checkouts').set({ expires_at: expiresAt, crypto_amount_minor: quote.toAmountMinor }).where('id', '=', pending.id).returningAll().executeTakeFirstOrThrow();
    return { ok: true, outcome: 'redirect', checkout: updated, paymentId: publicId, approvalUrl: created.approvalUrl };
  });
  return done === 'reprice' ? reprice() : done;
}

/**
 * The bank's verified decision, applied to the checkout in the callback's own transaction (so the stored
 * callback and the checkout's result commit together). A bank payment that is not a checkout's (the test
 * page's) changes nothing here.
 */
export async function settleCheckoutBankPayment(trx: Transaction<Database>, bankPaymentId: string, decision: Exclude<BankPaymentStatus, 'pending'>, now: Date): Promise<void> {
  const found = await trx.selectFrom('checkout_payments').select(['id', 'checkout_id']).where('bank_payment_id', '=', bankPaymentId).executeTakeFirst();
  if (!found) return;
  const checkout = await lockCheckout(trx, found.checkout_id);
  const payment = await trx.selectFrom('checkout_payments').selectAll().where('id', '=', found.id).forUpdate().executeTakeFirstOrThrow();
  if (payment.status !== 'awaiting') return;
  const end = async (status: 'declined' | 'failed', reason: string) => {
    await trx.updateTable('checkout_payments').set({ status, declined: reason, updated_at: now }).where('id', '=', payment.id).execute();
    if (isOpen(checkout.status)) await setStatus(trx, checkout, 'failed', now);
  };
  if (decision === 'refused') return end('declined', BANK_REASONS.refused);
  if (decision === 'failed') return end('failed', BANK_REASONS.failed);
  // Approved: the money is in the provider's account.
  if (!isOpen(checkout.status)) return end('failed', BANK_REASONS.late);
  const received = await receiveAndReserve(trx, checkout, payment);
  if (!received) return end('failed', BANK_REASONS.undeliverable);
  await trx.updateTable('checkout_payments').set({ status: 'captured', received_at: now, updated_at: now }).where('id', '=', payment.id).execute();
  await trx.updateTable('guest_checkouts').set({ crypto_amount_minor: payment.crypto_amount_minor }).where('id', '=', checkout.id).execute();
  await setStatus(trx, checkout, 'successful', now);
}

/**
 * Reserves the coins, then posts the money; false, with nothing written, when the house lacks the coins
 * (a refused ledger batch is undone by createTransfers itself). Then the approved money is not recorded
 * as the house's: an operator returns it to the buyer (README, "Not yet").
 */
async function receiveAndReserve(trx: Transaction<Database>, checkout: CheckoutRow, payment: CheckoutPayment): Promise<boolean> {
  const reserved = await reserveDelivery(trx, checkout, payment.crypto_amount_minor);
  if (!reserved.ok) return false;
  await receiveCheckoutBankMoney(trx, checkout, payment);
  return true;
}

/** The online banking payment as processing_online reads it. */
export async function onlineBankingStatusOf(db: Kysely<Database>, checkout: CheckoutRow, paymentId: string) {
  const payment = await db.selectFrom('checkout_payments').selectAll().where('public_id', '=', paymentId).where('checkout_id', '=', checkout.id).where('method', '=', 'online_banking').executeTakeFirst();
  if (!payment) return { ok: false as const, error: appError('checkout_payment_not_found') };
  const status = payment.status === 'captured' ? ('approved' as const) : payment.status === 'declined' ? ('refused' as const) : payment.status === 'awaiting' ? ('awaiting' as const) : ('failed' as const);
  const current = await db.selectFrom('guest_checkouts').selectAll().where('id', '=', checkout.id).executeTakeFirstOrThrow();
  return { ok: true as const, status, reason: status === 'refused' || status === 'failed' ? payment.declined : null, payment, checkout: current };
}
