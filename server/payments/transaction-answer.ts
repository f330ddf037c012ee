// A payment as the merchant API answers it on create (and the widget reads it by token): the address,
// the amounts, the payment URI and its QR code (a link on create, the image on the buyer's reads). Built from the stored row, so a replay or a later read
// answers exactly what create answered, status aside. A payment whose coin is not chosen yet has none
// of these: it answers the coins the buyer may choose from instead (currency_options).
// The return URL is the payment's own, else the merchant's widget_return_url (MerchantContext.returnUrl):
// the widget sends the buyer there, so it answers the one URL that applies rather than both.
// An underpaid payment still open also answers top_up: the rest, with its own payment URI and QR, so a
// buyer scanning the code sends what is still due rather than the whole amount again.

import type { CryptoAsset } from '#core/assets.ts';
import type { NetworkKind } from '#core/chain/networks.ts';
import { paymentUri } from '#core/chain/payment-uri.ts';
import type { CurrencyOption, PricedTransactionAnswer, TopUp, TransactionAnswer, UnpricedTransactionAnswer } from '#core/contract/merchant-payments.ts';
import { formatMinor } from '#core/money.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { currencyOptions } from './currency-options.ts';
import { qrDataUrl } from './payment-qr.ts';
import { isPriced, type PaymentRow, type PricedPayment } from '../db/tables/payments.ts';

/** What an answer needs besides the row: the network its addresses are on, and the merchant's own return URL. */
export interface AnswerContext {
  network: NetworkKind;
  /** MODE=test (the built-in test network or local regtest nodes): the widget labels the payment as a test. */
  testMode: boolean;
  merchantReturnUrl: string | null;
  /** The clock that decides whether a top-up is still on time (tests pass their own). */
  now?: () => Date;
}

export interface AnswerDeps extends AnswerContext {
  rates: RatesService;
  /** The coins whose chain is on (app.chain.assets): the only ones a buyer is offered. */
  coins: readonly CryptoAsset[];
}

function common(payment: PaymentRow, context: AnswerContext) {
  return {
    transaction_token: payment.public_id,
    currency_1_tag: null,
    amount: formatMinor(payment.fiat_amount_minor, payment.fiat_currency),
    currency: payment.fiat_currency,
    rate: payment.rate,
    product: payment.product,
    expires_at: payment.expires_at.toISOString(),
    status: payment.status,
    test_mode: context.testMode,
    test_network: context.network === 'test',
    return_url: payment.return_url ?? context.merchantReturnUrl,
    order_id: payment.c1,
  };
}

/**
 * What a top-up must still send, in the coin's minor units; null when there is nothing to top up: nothing
 * paid yet (the whole amount is the request), paid in full, or no longer payable. The stored status alone
 * is not enough: the sweeper runs every few seconds, so a payment past expires_at may still read new or
 * processing, and money sent then is late and never settles.
 */
export function topUpMinor(payment: Pick<PricedPayment, 'status' | 'paid_minor' | 'amount_due_minor' | 'expires_at'>, now: Date): bigint | null {
  if (payment.status !== 'new' && payment.status !== 'processing') return null;
  if (now.getTime() >= payment.expires_at.getTime()) return null;
  if (payment.paid_minor <= 0n || payment.paid_minor >= payment.amount_due_minor) return null;
  return payment.amount_due_minor - payment.paid_minor;
}

async function topUp(payment: PricedPayment, context: AnswerContext): Promise<TopUp | null> {
  const remaining = topUpMinor(payment, (context.now ?? (() => new Date()))());
  if (remaining === null) return null;
  const uri = paymentUri(payment.coin, payment.address, remaining, context.network);
  return { currency_1_amount: formatMinor(remaining, payment.coin), payment_uri: uri, qr: await qrDataUrl(uri) };
}

/**
 * How an answer carries the QR code: 'inline', the image itself (the buyer's reads: the widget shows it at
 * once), or a link to it (the merchant's create, which most shops never show: payment-qr.ts).
 */
export type QrForm = 'inline' | { link: string };

export async function pricedAnswer(payment: PricedPayment, context: AnswerContext, qr: QrForm = 'inline'): Promise<PricedTransactionAnswer> {
  const uri = paymentUri(payment.coin, payment.address, payment.amount_due_minor, context.network);
  return {
    ...common(payment, context),
    currency_1_iso: payment.coin,
    currency_1_address: payment.address,
    currency_1_amount: formatMinor(payment.amount_due_minor, payment.coin),
    payment_uri: uri,
    qr: qr === 'inline' ? await qrDataUrl(uri) : qr.link,
    top_up: await topUp(payment, context),
    currency_options: null,
  };
}

export function unpricedAnswer(payment: PaymentRow, context: AnswerContext, options: CurrencyOption[]): UnpricedTransactionAnswer {
  return { ...common(payment, context), currency_1_iso: null, currency_1_address: null, currency_1_amount: null, payment_uri: null, qr: null, top_up: null, currency_options: options };
}

export async function transactionAnswer(payment: PaymentRow, deps: AnswerDeps): Promise<TransactionAnswer> {
  if (isPriced(payment)) return pricedAnswer(payment, deps);
  return unpricedAnswer(payment, deps, await currencyOptions(deps.rates, payment.provider_id, payment.fiat_currency, payment.fiat_amount_minor, deps.coins));
}
