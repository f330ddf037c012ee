// The recipient of a remittance (a checkout started with flow 'remit', migration 0030): who receives the
// sender's money, how they are told, and what they receive. Saving the recipient reprices the checkout
// from a new single-use quote (checkout-quote.ts): a coin as the buy flow prices it, or the sender's own
// fiat to an IBAN (no conversion, the provider's payout fee). The checkout's crypto_currency and
// crypto_amount_minor then say what the recipient receives and crypto_address where a coin goes, so the
// card capture's reservation (checkout-funds.ts reserveDelivery, in that asset) and the delivery worker
// need nothing else to know. The recipient is fixed once a payment started: the row is locked and must
// still be created with no payment attempt, in the transaction that saves it.

import type { Kysely } from 'kysely';
import { DEFAULT_CRYPTO_CURRENCY, isCrypto, type CryptoAsset, type FiatAsset } from '#core/assets.ts';
import type { RecipientAnswer, RemitRecipientBody, RemittanceAnswer, RemittanceStage } from '#core/contract/remittance.ts';
import { appError, type AppError } from '#core/errors.ts';
import { ibanChecksumValid, maskIban } from '#core/iban.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRecipientRow } from '../db/tables/checkout-recipients.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { insertCheckoutQuote, priceOrder } from './checkout-quote.ts';
import { checkoutAnswer, checkoutCoin, type CheckoutChain } from './checkouts.ts';
import { lockCheckout } from './payment-state.ts';

type Result<T> = ({ ok: true } & T) | { ok: false; error: AppError };

const missing = (field: string, message: string): { ok: false; error: AppError } => ({ ok: false, error: appError('validation_failed', message, { [field]: [message] }) });

export interface RecipientContext {
  db: Kysely<Database>;
  rates: RatesService;
  /** False where no bank can pay out (no bank connected): fiat to an IBAN is not offered. */
  bankPayouts: boolean;
  now: Date;
  /** app.chain: a coin sent to the recipient must be on; the address is checked on this process's network. */
  chain: CheckoutChain;
}

export async function saveRecipient(ctx: RecipientContext, checkout: CheckoutRow, body: RemitRecipientBody): Promise<Result<{ checkout: CheckoutRow; recipient: CheckoutRecipientRow }>> {
  if (checkout.flow !== 'remit') return { ok: false, error: appError('checkout_not_remittance') };
  if (checkout.status !== 'created') return { ok: false, error: appError('checkout_status_invalid', 'A payment of this remittance has started: its recipient can no longer change. Start a new remittance to send to someone else.') };

  const notifyTo = body.notify_by === 'email' ? body.email : body.mobile;
  if (notifyTo === undefined) return body.notify_by === 'email' ? missing('email', 'Enter the recipient\'s e-mail address: they are told there.') : missing('mobile', 'Enter the recipient\'s mobile number: they are told by SMS.');

  let receive: { asset: CryptoAsset; address: string } | { asset: FiatAsset; iban: string; holder: string };
  if (body.receives === 'crypto') {
    const kept = isCrypto(checkout.crypto_currency) ? checkout.crypto_currency : undefined;
    const chosen = checkoutCoin(ctx.chain, body.coin ?? kept);
    if (!chosen.ok) return chosen;
    const coin = chosen.coin;
    if (body.cryptoAddress === undefined || body.cryptoAddress === '') return missing('cryptoAddress', `Enter the recipient's ${coin} address.`);
    const checked = ctx.chain.validateAddress(coin, body.cryptoAddress);
    if (!checked.ok) return { ok: false, error: appError('address_invalid', checked.message, { cryptoAddress: [checked.message] }) };
    receive = { asset: coin, address: checked.address };
  } else {
    if (!ctx.bankPayouts) return { ok: false, error: appError('operation_disabled', 'Bank transfers to a recipient are not offered here. Send crypto instead.') };
    if (body.iban === undefined) return missing('iban', 'Enter the recipient\'s IBAN.');
    if (!ibanChecksumValid(body.iban)) return { ok: false, error: appError('iban_invalid', undefined, { iban: ['This IBAN is mistyped: its check digits do not match.'] }) };
    if (body.account_holder === undefined) return missing('account_holder', 'Enter the account holder\'s name, as the bank knows it.');
    receive = { asset: body.currency ?? checkout.fiat_currency, iban: body.iban, holder: body.account_holder };
  }

  const priced = await priceOrder(ctx.rates, checkout.provider_id, { fiat: checkout.fiat_currency, coin: receive.asset, amountMinor: checkout.fiat_amount_minor });
  if (!priced.ok) return priced;
  const { price } = priced;

  return ctx.db.transaction().execute(async (trx): Promise<Result<{ checkout: CheckoutRow; recipient: CheckoutRecipientRow }>> => {
    const locked = await lockCheckout(trx, checkout.id);
    const attempt = await trx.selectFrom('checkout_payments').select('id').where('checkout_id', '=', locked.id).executeTakeFirst();
    if (locked.status !== 'created' || attempt) return { ok: false, error: appError('checkout_status_invalid', 'A payment of this remittance has started: its recipient can no longer change.') };
    const updated = await trx
      .updateTable('guest_checkouts')
      .set({
        crypto_currency: receive.asset,
        crypto_amount_minor: price.receiveMinor,
        fee_minor: price.feeMinor,
        rate: price.rate,
        crypto_address: 'address' in receive ? receive.address : null,
        updated_at: ctx.now,
      })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertCheckoutQuote(trx, ctx.rates, updated, price, ctx.now);
    const fields = {
      name: body.name,
      notify_by: body.notify_by,
      notify_to: notifyTo,
      locale: body.locale ?? 'en',
      receives: body.receives,
      iban: 'iban' in receive ? receive.iban : null,
      account_holder: 'iban' in receive ? receive.holder : null,
      updated_at: ctx.now,
    };
    const recipient = await trx
      .insertInto('checkout_recipients')
      .values({ checkout_id: locked.id, ...fields })
      .onConflict((oc) => oc.column('checkout_id').doUpdateSet(fields))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, checkout: updated, recipient };
  });
}

export async function loadRecipient(db: Kysely<Database>, checkoutId: bigint): Promise<CheckoutRecipientRow | null> {
  return (await db.selectFrom('checkout_recipients').selectAll().where('checkout_id', '=', checkoutId).executeTakeFirst()) ?? null;
}

/**
 * What a payment checks before touching the money: a remittance needs its recipient; a purchase (and a
 * remittance of coins, whose recipient set it) needs the address the coins go to.
 */
export async function paymentDestination(db: Kysely<Database>, checkout: CheckoutRow): Promise<{ ok: true } | { ok: false; error: AppError }> {
  if (checkout.flow === 'remit' && !(await loadRecipient(db, checkout.id))) return { ok: false, error: appError('checkout_recipient_required') };
  if (checkout.flow === 'buy' && checkout.crypto_address === null) return { ok: false, error: appError('checkout_address_required') };
  return { ok: true };
}

/** Where the remittance stands, for the sender. */
export function remittanceStage(checkout: CheckoutRow): RemittanceStage {
  switch (checkout.status) {
    case 'created':
    case 'pending':
      return 'awaiting_payment';
    case 'authorized':
      return 'paid';
    case 'successful':
      return checkout.delivery_status === 'sent' ? 'delivered' : checkout.delivery_status === 'rejected' ? 'refused' : 'sending';
    default:
      return checkout.status;
  }
}

export function recipientAnswer(checkout: CheckoutRow, recipient: CheckoutRecipientRow): RecipientAnswer {
  const asset = checkout.crypto_currency;
  return {
    name: recipient.name,
    notify_by: recipient.notify_by,
    notify_to: recipient.notify_to,
    locale: recipient.locale,
    receives: recipient.receives,
    coin: isCrypto(asset) ? asset : null,
    address: isCrypto(asset) ? checkout.crypto_address : null,
    iban: recipient.iban === null ? null : maskIban(recipient.iban),
    account_holder: recipient.account_holder,
    currency: isCrypto(asset) ? null : asset,
    notified: recipient.notified_at !== null,
  };
}

export function remittanceAnswer(checkout: CheckoutRow, recipient: CheckoutRecipientRow | null, merchantId: string | null): RemittanceAnswer {
  return { checkout: checkoutAnswer(checkout, merchantId), recipient: recipient ? recipientAnswer(checkout, recipient) : null, stage: remittanceStage(checkout) };
}
