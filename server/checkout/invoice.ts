// A paid checkout's invoice: the figures the page, the PDF and the receipt e-mail all print, built from
// the checkout row as the payment left it (never recomputed), so the three always agree with each other
// and with the ledger. Only a successful checkout has one (its number is given in the payment's
// transaction, checkout-success.ts).

import * as v from 'valibot';
import type { Kysely } from 'kysely';
import { CRYPTO_DISPLAY_NAMES, isCrypto } from '#core/assets.ts';
import type { DeliveryState, InvoiceAnswer } from '#core/contract/invoice.ts';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor } from '#core/money.ts';
import { formatInvoiceNumber } from '#core/rules/invoice-number.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';

export interface Seller {
  name: string;
  company: string;
  address: string;
  support_email: string;
}

const StoredSellerSchema = v.object({
  configuration: v.object({ label_name: v.string(), company_name: v.string(), address: v.optional(v.string(), ''), support_email: v.string() }),
});

/** Who is paid: the provider, which sells the coins, as its configuration names it. */
export async function sellerOf(db: Kysely<Database>, providerId: bigint): Promise<Seller> {
  const row = await db.selectFrom('providers').select(['name', 'settings']).where('id', '=', providerId).executeTakeFirst();
  const parsed = v.safeParse(StoredSellerSchema, row?.settings);
  if (!parsed.success) return { name: row?.name ?? '', company: row?.name ?? '', address: '', support_email: '' };
  const { label_name, company_name, address, support_email } = parsed.output.configuration;
  return { name: label_name, company: company_name, address, support_email };
}

/** 'queued' (its payout accepted, not yet mined) is still "sending" to the guest. */
export function deliveryState(checkout: Pick<CheckoutRow, 'delivery_status'>): DeliveryState {
  return checkout.delivery_status === null || checkout.delivery_status === 'queued' ? 'sending' : checkout.delivery_status;
}

/** The invoice of a successful checkout, or checkout_not_paid. */
export async function invoiceOf(db: Kysely<Database>, checkout: CheckoutRow): Promise<{ ok: true; invoice: InvoiceAnswer } | { ok: false; error: AppError }> {
  if (checkout.status !== 'successful' || checkout.invoice_number === null || checkout.invoiced_at === null) return { ok: false, error: appError('checkout_not_paid') };
  const [seller, merchant] = await Promise.all([
    sellerOf(db, checkout.provider_id),
    checkout.merchant_id === null ? undefined : db.selectFrom('merchants').select(['merchant_id', 'name']).where('id', '=', checkout.merchant_id).executeTakeFirst(),
  ]);
  const fiat = checkout.fiat_currency;
  const coin = checkout.crypto_currency;
  const billing = checkout.billing;
  return {
    ok: true,
    invoice: {
      invoice_number: formatInvoiceNumber(checkout.invoice_number),
      checkout_id: checkout.public_id,
      payment_method: checkout.payment_method,
      issued_at: checkout.invoiced_at.toISOString(),
      created_at: checkout.created_at.toISOString(),
      seller,
      merchant: merchant ? { merchant_id: merchant.merchant_id, name: merchant.name } : null,
      buyer: {
        name: [checkout.first_name, checkout.last_name].filter((part) => part).join(' '),
        email: checkout.email ?? '',
        billing: {
          address1: billing.address1 ?? '',
          address2: billing.address2 ?? '',
          city: billing.city ?? '',
          state: billing.state ?? '',
          zipCode: billing.zipCode ?? '',
          country: (billing.country ?? '').toUpperCase(),
        },
      },
      paid: {
        currency: fiat,
        amount: formatMinor(checkout.fiat_amount_minor, fiat),
        fee: formatMinor(checkout.fee_minor, fiat),
        net: formatMinor(checkout.fiat_amount_minor - checkout.fee_minor, fiat),
      },
      rate: checkout.rate,
      coins: { currency: coin, currency_displayName: isCrypto(coin) ? CRYPTO_DISPLAY_NAMES[coin] : coin, amount: formatMinor(checkout.crypto_amount_minor, coin), address: checkout.crypto_address ?? '' },
      coupon_code: checkout.coupon_code,
      delivery: { state: deliveryState(checkout), txid: checkout.delivery_txid, delivered_at: checkout.delivered_at?.toISOString() ?? null },
    },
  };
}
