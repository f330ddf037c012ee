// The guest checkout's state (migration guest_checkouts): start one priced on the server, load the flow
// token's own checkout (expiring an abandoned one on the way), save the flow user's details and change
// its status within core's rules (core/rules/checkout-status.ts). Each function returns a value
// `{ ok: true, ... } | { ok: false, error }`; the routes turn errors into answers.
//
// Pricing (checkout-quote.ts): the guest pays `amount` fiat, fee included; the provider's rate and buy fee
// make a single-use quote owned by the checkout, and its figures are kept on the checkout row, so the
// payment of the next step charges what the guest saw, whatever the browser sends.

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CRYPTO_DISPLAY_NAMES, isCrypto, DEFAULT_CRYPTO_CURRENCY, DEFAULT_FIAT_CURRENCY, TEST_CHECKOUT, type CryptoAsset, type FiatAsset } from '#core/assets.ts';
import type { CheckoutAnswer, CheckoutBillingBody, CheckoutInitBody } from '#core/contract/checkout.ts';
import { FLOW_COOKIE_S } from '#core/constants.ts';
import type { AddressCheck } from '#core/chain/address-format.ts';
import { coinUnavailable, preferredCoin } from '#core/chain/coin-availability.ts';
import { appError, type AppError } from '#core/errors.ts';
import { checkLimits } from '#core/fees.ts';
import { formatMinor, mustParseAmount, parseAmount } from '#core/money.ts';
import { canTransition, isOpen, paymentStatusOf, type CheckoutStatus } from '#core/rules/checkout-status.ts';
import { DEFAULT_PAYMENT_METHOD } from '#core/rules/flow-redirect.ts';
import type { Permissions } from '#core/whitelabel.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { insertCheckoutQuote, priceOrder } from './checkout-quote.ts';
import { startFlowSession, type RequestFlow } from './flow-token.ts';
import { flowUserVerified } from './flow-user-verified.ts';

type Result<T> = ({ ok: true } & T) | { ok: false; error: AppError };

function newCheckoutId(): string {
  return `chk_${randomBytes(16).toString('base64url').slice(0, 22)}`;
}

/** app.chain as a checkout needs it: the coins that can be delivered now, and addresses checked on this process's network. */
export interface CheckoutChain {
  assets: readonly CryptoAsset[];
  validateAddress(asset: CryptoAsset, address: string): AddressCheck;
}

/**
 * The coin a checkout delivers: the one asked for, which must be on; without one, the platform's default
 * if it is on, else the first coin that is (a server on local nodes without Bitcoin still starts a buy).
 */
export function checkoutCoin(chain: Pick<CheckoutChain, 'assets'>, asked: CryptoAsset | undefined): { ok: true; coin: CryptoAsset } | { ok: false; error: AppError } {
  if (asked !== undefined) return chain.assets.includes(asked) ? { ok: true, coin: asked } : { ok: false, error: coinUnavailable(asked, 'coin') };
  const fallback = preferredCoin(chain.assets);
  return fallback === null ? { ok: false, error: coinUnavailable(DEFAULT_CRYPTO_CURRENCY.currency, 'coin') } : { ok: true, coin: fallback };
}

export interface StartContext {
  providerId: bigint;
  permissions: Pick<Permissions, 'enable_flow'>;
  /** merchants.id of body.merchant_id, already checked to be this provider's. */
  merchantId: bigint | null;
  now: Date;
  /** The page's language (lang cookie, then Accept-Language): the receipt mail is written in it. */
  language?: 'en' | 'es';
  chain: CheckoutChain;
}

export async function startCheckout(db: Kysely<Database>, rates: RatesService, context: StartContext, body: CheckoutInitBody): Promise<Result<{ checkout: CheckoutRow; token: string }>> {
  if (!context.permissions.enable_flow) return { ok: false, error: appError('operation_disabled', 'Buying without an account is not offered here. Sign in or open an account to buy.') };
  const fiat: FiatAsset = body.fiat ?? DEFAULT_FIAT_CURRENCY.currency;
  const chosen = checkoutCoin(context.chain, body.coin);
  if (!chosen.ok) return chosen;
  const coin: CryptoAsset = chosen.coin;
  const pricing = await rates.pricing(context.providerId);
  const limits = body.test
    ? { minimumMinor: mustParseAmount(TEST_CHECKOUT.minimum, fiat), maximumMinor: mustParseAmount(TEST_CHECKOUT.maximum, fiat) }
    : pricing.assets[fiat].limits.conversion;

  const parsed = parseAmount(body.amount ?? (body.test ? TEST_CHECKOUT.amount : DEFAULT_FIAT_CURRENCY.amount), fiat);
  if (!parsed.ok) return { ok: false, error: appError('validation_failed', undefined, { amount: [parsed.message] }) };
  const limit = checkLimits(parsed.minor, fiat, limits);
  if (!limit.ok) return { ok: false, error: appError(limit.code, limit.message, { amount: [limit.message] }) };

  let address: string | null = null;
  if (body.cryptoAddress !== undefined && body.cryptoAddress !== '') {
    const checked = context.chain.validateAddress(coin, body.cryptoAddress);
    if (!checked.ok) return { ok: false, error: appError('address_invalid', checked.message, { cryptoAddress: [checked.message] }) };
    address = checked.address;
  }

  const priced = await priceOrder(rates, context.providerId, { fiat, coin, amountMinor: parsed.minor });
  if (!priced.ok) return priced;
  const { price } = priced;

  return db.transaction().execute(async (trx) => {
    const checkout = await trx
      .insertInto('guest_checkouts')
      .values({
        public_id: newCheckoutId(),
        provider_id: context.providerId,
        merchant_id: context.merchantId,
        flow: body.flow ?? 'buy',
        fiat_currency: fiat,
        crypto_currency: coin,
        fiat_amount_minor: price.totalMinor,
        fee_minor: price.feeMinor,
        crypto_amount_minor: price.receiveMinor,
        rate: price.rate,
        minimum_minor: limits.minimumMinor,
        maximum_minor: limits.maximumMinor,
        crypto_address: address,
        payment_method: body.payment_method ?? DEFAULT_PAYMENT_METHOD,
        expires_at: new Date(context.now.getTime() + FLOW_COOKIE_S * 1000),
        updated_at: context.now,
        language: context.language ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertCheckoutQuote(trx, rates, checkout, price, context.now);
    const token = await startFlowSession(trx, checkout.id, context.now);
    return { ok: true as const, checkout, token };
  });
}

/**
 * The flow's own checkout. `publicId` (from a path) must be the flow token's checkout: another one is
 * 404, exactly like one that does not exist. An open checkout past its expires_at becomes expired (410).
 */
export async function loadFlowCheckout(db: Kysely<Database>, flow: RequestFlow, now: Date, publicId?: string): Promise<Result<{ checkout: CheckoutRow }>> {
  const checkout = await db.selectFrom('guest_checkouts').selectAll().where('id', '=', flow.checkoutId).where('provider_id', '=', flow.providerId).executeTakeFirst();
  if (!checkout || (publicId !== undefined && checkout.public_id !== publicId)) return { ok: false, error: appError('checkout_not_found') };
  if (checkout.status === 'expired') return { ok: false, error: appError('checkout_expired') };
  if (isOpen(checkout.status) && checkout.expires_at.getTime() <= now.getTime()) {
    await db.updateTable('guest_checkouts').set({ status: 'expired', updated_at: now }).where('id', '=', checkout.id).where('status', 'in', ['created', 'pending']).execute();
    return { ok: false, error: appError('checkout_expired') };
  }
  return { ok: true, checkout };
}

export async function saveBilling(db: Kysely<Database>, checkout: CheckoutRow, body: CheckoutBillingBody, now: Date): Promise<Result<{ checkout: CheckoutRow }>> {
  if (!isOpen(checkout.status)) return { ok: false, error: appError('checkout_status_invalid', 'This checkout was already paid, canceled or has expired; its details can no longer change. Start a new checkout.') };
  const updated = await db
    .updateTable('guest_checkouts')
    .set({
      first_name: body.firstName,
      last_name: body.lastName,
      email: body.email,
      mobile: body.mobile,
      date_of_birth: body.dateOfBirth,
      billing: toJsonb(body.billing),
      // A new address or number has not been proven yet.
      email_verified: checkout.email === body.email ? checkout.email_verified : false,
      mobile_verified: checkout.mobile === body.mobile ? checkout.mobile_verified : false,
      step: checkout.step === 'details' ? 'payment' : checkout.step,
      updated_at: now,
    })
    .where('id', '=', checkout.id)
    .where('status', 'in', ['created', 'pending'])
    .returningAll()
    .executeTakeFirst();
  if (!updated) return { ok: false, error: appError('checkout_status_invalid') };
  return { ok: true, checkout: updated };
}

/** Moves the checkout to `to` when core allows it from where it stands now (compare-and-set, so two tabs cannot both win). */
export async function changeStatus(db: Kysely<Database>, checkout: CheckoutRow, to: CheckoutStatus, now: Date): Promise<Result<{ checkout: CheckoutRow }>> {
  const refused = { ok: false as const, error: appError('checkout_status_invalid', `This checkout is ${checkout.status} and cannot become ${to}. Reload it to see where it stands.`) };
  if (!canTransition(checkout.status, to)) return refused;
  const updated = await db
    .updateTable('guest_checkouts')
    .set({ status: to, updated_at: now })
    .where('id', '=', checkout.id)
    .where('status', '=', checkout.status)
    .returningAll()
    .executeTakeFirst();
  return updated ? { ok: true, checkout: updated } : refused;
}

/** The merchant's public id for the answers, or null. */
export async function merchantPublicId(db: Kysely<Database>, merchantId: bigint | null): Promise<string | null> {
  if (merchantId === null) return null;
  const row = await db.selectFrom('merchants').select('merchant_id').where('id', '=', merchantId).executeTakeFirst();
  return row?.merchant_id ?? null;
}

export function checkoutAnswer(checkout: CheckoutRow, merchantId: string | null): CheckoutAnswer {
  const fiat = checkout.fiat_currency;
  const coin = checkout.crypto_currency;
  const billing = checkout.billing;
  return {
    _id: checkout.public_id,
    flow: checkout.flow,
    status: checkout.status,
    payment_status: paymentStatusOf(checkout.status),
    step: checkout.step,
    payment_method: checkout.payment_method,
    merchant_id: merchantId,
    cryptoAddress: checkout.crypto_address,
    fiatCurrency: {
      currency: fiat,
      amount: formatMinor(checkout.fiat_amount_minor, fiat),
      fee: formatMinor(checkout.fee_minor, fiat),
      minimum: formatMinor(checkout.minimum_minor, fiat),
      maximum: formatMinor(checkout.maximum_minor, fiat),
    },
    cryptoCurrency: { currency: coin, currency_displayName: isCrypto(coin) ? CRYPTO_DISPLAY_NAMES[coin] : coin, amount: formatMinor(checkout.crypto_amount_minor, coin) },
    rate: checkout.rate,
    user: {
      firstName: checkout.first_name ?? '',
      lastName: checkout.last_name ?? '',
      email: checkout.email ?? '',
      mobile: checkout.mobile ?? '',
      dateOfBirth: checkout.date_of_birth ?? '',
      billing: {
        address1: billing.address1 ?? '',
        address2: billing.address2 ?? '',
        city: billing.city ?? '',
        state: billing.state ?? '',
        country: billing.country ?? '',
        zipCode: billing.zipCode ?? '',
        issueCountry: billing.issueCountry ?? '',
      },
    },
    verified: flowUserVerified(checkout),
    expires_at: checkout.expires_at.toISOString(),
    created_at: checkout.created_at.toISOString(),
    // Queued: not delivered yet (null), though its txid is known once broadcast.
    delivery: { status: checkout.delivery_status === 'queued' ? null : checkout.delivery_status, txid: checkout.delivery_txid },
    failure_reason: checkout.failure_reason,
  };
}
