// Creating a merchant payment (POST /mapi/api/transaction, and POST /mapi/api/checkout for the pay button).
// With a coin: price the order in it through the merchant's rates, hand out a fresh address (never
// reused), and start the 900 s. Without one: record the order only; the buyer chooses the coin in the
// widget (choose-currency.ts), which prices it then. Either way the row and its 'payment.created' event
// are written in one statement (insert-created-payments.ts, with the other payments created at the same
// moment: created-payment-writer.ts), with the merchant fee that applies now
// (server/fees/); the address comes derived ahead of time from the chain's address reserve. A return_url is
// kept for the widget's way back (live mode: https only, checked here because only the server knows the mode).

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import { coinUnavailable } from '#core/chain/coin-availability.ts';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import { FAMILY_OF, type NetworkKind } from '#core/chain/networks.ts';
import type { CreateTransactionInput, TransactionAnswer } from '#core/contract/merchant-payments.ts';
import { paymentWindow } from '#core/payments/currency-choice.ts';
import { parseAmount } from '#core/money.ts';
import { DEFAULT_PRODUCT } from '#core/rules/widget-header.ts';
import { amountDue, CHOOSE_TTL_S, roundUpToChain } from '#core/payments/payment-rules.ts';
import { returnUrlProblem } from '#core/payments/return-url.ts';
import { addressReserve } from '../chain/index.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { IdempotencyKeyTaken, storedKeyRow, type KeyInStatement } from '../http/idempotency-in-statement.ts';
import type { MerchantContext } from '../merchants/merchant-context.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { currencyOptions } from './currency-options.ts';
import { transactionQrUrl } from './payment-qr.ts';
import { writeCreatedPayment } from './created-payment-writer.ts';
import { createdPaymentRow, type CreatedPaymentValues } from './insert-created-payments.ts';
import { isPriced } from '../db/tables/payments.ts';
import { pricedAnswer, unpricedAnswer } from './transaction-answer.ts';

/** 'pay_' + 22 base64url characters: 128 random bits, not guessable and not a row count. */
export function newPaymentToken(): string {
  return `pay_${randomBytes(16).toString('base64url')}`;
}

export interface CreatePaymentDeps {
  db: Kysely<Database>;
  rates: RatesService;
  network: NetworkKind;
  /** MODE=test: a return_url may be http, and answers say test_mode. */
  testMode: boolean;
  /** The coins whose chain is on (app.chain.assets): a payment in another is refused before anything is written. */
  coins: readonly CryptoAsset[];
  /** PUBLIC_URL: the answer links to the payment's QR code there (payment-qr.ts). */
  publicUrl: string;
  now?: Date;
}

function fieldError(field: string, message: string): never {
  throw apiError('validation_failed', undefined, { [field]: [message] });
}

/** The order's fiat amount in minor units; the same rule for the merchant's server and the pay button. */
export function orderAmountMinor(amount: string, currency: FiatAsset): bigint {
  const fiat = parseAmount(amount, currency);
  if (!fiat.ok) fieldError('amount', fiat.message);
  if (fiat.minor <= 0n) fieldError('amount', 'Enter an amount above zero.');
  return fiat.minor;
}

/** What the buyer must send in `coin`: the merchant's own coin amount, or the fiat amount at the merchant's rate. */
async function priceIn(rates: RatesService, merchant: MerchantContext, coin: CryptoAsset, input: CreateTransactionInput, fiatMinor: bigint): Promise<{ due: bigint; rate: string | null }> {
  if (input.currency_1_amount !== undefined && input.currency_1_amount !== null) {
    // The merchant priced the order in the coin itself; rounded up to what the chain can carry.
    const named = parseAmount(input.currency_1_amount, coin);
    if (!named.ok) fieldError('currency_1_amount', named.message);
    if (named.minor <= 0n) fieldError('currency_1_amount', 'Enter an amount above zero.');
    return { due: roundUpToChain(named.minor, coin), rate: null };
  }
  // How much fiat one coin buys at the merchant's price: the buyer pays the spread, never the merchant.
  const quoted = await rates.rate(merchant.providerId, coin, input.currency);
  if (!quoted.ok) throw apiError('rates_unavailable');
  return { due: amountDue(fiatMinor, input.currency, coin, quoted.rate), rate: quoted.rate };
}

/** The payment's own return URL, checked for the server's mode (the contract checked it for test mode). */
function returnUrlOf(input: CreateTransactionInput, testMode: boolean): string | null {
  const url = input.return_url ?? null;
  if (url === null) return null;
  const problem = returnUrlProblem(url, testMode ? 'test' : 'live');
  if (problem) fieldError('return_url', problem);
  return url;
}

/**
 * `key`: the request's Idempotency-Key when its route writes it in the payment's statement; a taken key
 * throws IdempotencyKeyTaken with nothing written.
 */
export async function createPayment(deps: CreatePaymentDeps, merchant: MerchantContext, input: CreateTransactionInput, key: KeyInStatement | null = null): Promise<TransactionAnswer> {
  const now = deps.now ?? new Date();
  const coin = input.currency_1_iso ?? null;
  if (coin && !deps.coins.includes(coin)) throw new ApiError(coinUnavailable(coin, 'currency_1_iso'));
  const fiatMinor = orderAmountMinor(input.amount, input.currency);
  const returnUrl = returnUrlOf(input, deps.testMode);
  const price = coin ? await priceIn(deps.rates, merchant, coin, input, fiatMinor) : null;
  // Asked before the row is written, so a rates outage creates nothing (the create answers 503).
  const options = coin ? null : await currencyOptions(deps.rates, merchant.providerId, input.currency, fiatMinor, deps.coins);

  const token = newPaymentToken();
  // Without a coin nothing can be paid (there is no address), so there is nothing to monitor after expiry.
  const chooseBy = new Date(now.getTime() + CHOOSE_TTL_S * 1000);
  const window = coin ? paymentWindow(now) : { expiresAt: chooseBy, monitoringUntil: chooseBy };
  // Taken before the statement, outside any transaction: a refill may need the database connection.
  const reserve = addressReserve(deps.db);
  const address = coin ? await reserve.take(FAMILY_OF[coin]) : null;
  const values: CreatedPaymentValues = {
    public_id: token,
    provider_id: merchant.providerId,
    merchant_id: merchant.id,
    coin,
    fiat_currency: input.currency,
    fiat_amount_minor: fiatMinor,
    amount_due_minor: price?.due ?? null,
    rate: price?.rate ?? null,
    product: input.transaction_product?.trim() || DEFAULT_PRODUCT,
    c1: input.transaction_c1 ?? null,
    c2: input.transaction_c2 ?? null,
    c3: input.transaction_c3 ?? null,
    c4: input.transaction_c4 ?? null,
    return_url: returnUrl,
    required_confirmations: coin ? requiredConfirmations(coin) : null,
    expires_at: window.expiresAt,
    monitoring_until: window.monitoringUntil,
  };

  // The answer is built before the statement, from the row as it will be written, so that an
  // Idempotency-Key can be stored done with it in the same statement (idempotency-in-statement.ts).
  const payment = createdPaymentRow(values, address, now);
  const context = { network: deps.network, testMode: deps.testMode, merchantReturnUrl: merchant.returnUrl };
  let answer: TransactionAnswer;
  if (isPriced(payment)) answer = await pricedAnswer(payment, context, { link: transactionQrUrl(deps.publicUrl, merchant.merchantId, payment.public_id) });
  else if (options) answer = unpricedAnswer(payment, context, options);
  else throw new Error(`createPayment: payment ${payment.public_id} has no coin but no options were priced`);

  const outcome = await writeCreatedPayment(deps.db, { address, merchantPublicId: merchant.merchantId, now, values, key: key ? { row: storedKeyRow(key, answer) } : null });
  if (outcome === 'key_taken') {
    // Nothing was written, the address included: it goes to the next payment rather than nowhere.
    if (address) reserve.giveBack(address);
    throw new IdempotencyKeyTaken();
  }
  return answer;
}
