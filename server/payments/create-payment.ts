// Creating a merchant payment (POST /mapi/api/transaction): price the order in the coin through the
// merchant's rates, hand out a fresh address (never reused), draw the QR code of the payment URI, and
// record the payment with its 'payment.created' event, all in one database transaction.

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import type { NetworkKind } from '#core/chain/networks.ts';
import type { CreateTransactionInput, TransactionAnswer } from '#core/contract/merchant-api.ts';
import { parseAmount } from '#core/money.ts';
import { DEFAULT_PRODUCT } from '#core/rules/widget-header.ts';
import { amountDue, MONITORING_WINDOW_S, PAYMENT_TTL_S, roundUpToChain } from '#core/payments/payment-rules.ts';
import { allocateAddress } from '../chain/index.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { MerchantContext } from '../mapi/merchant-auth.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { emitPaymentEvents } from './events.ts';
import type { PaymentRow } from './tables.ts';
import { transactionAnswer } from './transaction-answer.ts';

/** 'pay_' + 22 base64url characters: 128 random bits, not guessable and not a row count. */
export function newPaymentToken(): string {
  return `pay_${randomBytes(16).toString('base64url')}`;
}

export interface CreatePaymentDeps {
  db: Kysely<Database>;
  rates: RatesService;
  network: NetworkKind;
  now?: Date;
}

function fieldError(field: string, message: string): never {
  throw apiError('validation_failed', undefined, { [field]: [message] });
}

export async function createPayment(deps: CreatePaymentDeps, merchant: MerchantContext, input: CreateTransactionInput): Promise<TransactionAnswer> {
  const now = deps.now ?? new Date();
  const coin = input.currency_1_iso;
  const fiat = parseAmount(input.amount, input.currency);
  if (!fiat.ok) fieldError('amount', fiat.message);
  if (fiat.minor <= 0n) fieldError('amount', 'Enter an amount above zero.');

  let due: bigint;
  let rate: string | null = null;
  if (input.currency_1_amount !== undefined && input.currency_1_amount !== null) {
    // The merchant priced the order in the coin itself; rounded up to what the chain can carry.
    const named = parseAmount(input.currency_1_amount, coin);
    if (!named.ok) fieldError('currency_1_amount', named.message);
    if (named.minor <= 0n) fieldError('currency_1_amount', 'Enter an amount above zero.');
    due = roundUpToChain(named.minor, coin);
  } else {
    // How much fiat one coin buys at the merchant's price: the buyer pays the spread, never the merchant.
    const quoted = await deps.rates.rate(merchant.providerId, coin, input.currency);
    if (!quoted.ok) throw apiError('rates_unavailable');
    rate = quoted.rate;
    due = amountDue(fiat.minor, input.currency, coin, rate);
  }

  const token = newPaymentToken();
  const expiresAt = new Date(now.getTime() + PAYMENT_TTL_S * 1000);
  const monitoringUntil = new Date(expiresAt.getTime() + MONITORING_WINDOW_S * 1000);
  const payment: PaymentRow = await deps.db.transaction().execute(async (trx) => {
    const address = await allocateAddress(trx, { providerId: merchant.providerId, asset: coin, purpose: 'payment', ownerRef: token });
    const row = await trx
      .insertInto('payments')
      .values({
        public_id: token,
        provider_id: merchant.providerId,
        merchant_id: merchant.id,
        coin,
        fiat_currency: input.currency,
        fiat_amount_minor: fiat.minor,
        amount_due_minor: due,
        rate,
        address_id: address.id,
        address: address.address,
        product: input.transaction_product?.trim() || DEFAULT_PRODUCT,
        c1: input.transaction_c1 ?? null,
        c2: input.transaction_c2 ?? null,
        c3: input.transaction_c3 ?? null,
        c4: input.transaction_c4 ?? null,
        exception: null,
        required_confirmations: requiredConfirmations(coin),
        fee_minor: null,
        credited_minor: null,
        expires_at: expiresAt,
        monitoring_until: monitoringUntil,
        settled_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await emitPaymentEvents(trx, row, ['payment.created']);
    return row;
  });

  return transactionAnswer(payment, deps.network);
}
