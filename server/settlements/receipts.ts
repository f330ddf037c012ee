// The creditcards and wire sub-pages (spec §2): guest purchases made on the merchant's site (the buy
// widget, or the flow opened with its merchant_id) and paid by card or by bank. Only paid checkouts are
// receipts: one that is held, waiting for its wire or ended unpaid took no money. The figures are the
// checkout's own (what the buyer paid, fee included, and the coins), so they equal the buyer's invoice.

import type { Kysely } from 'kysely';
import type { Receipt, ReceiptKind, ReceiptList } from '#core/contract/settlements.ts';
import { formatMinor } from '#core/money.ts';
import type { CheckoutPaymentMethod } from '#core/rules/checkout-status.ts';
import { BANK_METHODS, DEFAULT_PAYMENT_METHOD } from '#core/rules/flow-redirect.ts';
import { formatInvoiceNumber } from '#core/rules/invoice-number.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { deliveryState } from '../checkout/invoice.ts';

/** Which payment methods each sub-page lists: "wire" is every bank transfer, online banking included. */
export const RECEIPT_METHODS: Record<ReceiptKind, readonly CheckoutPaymentMethod[]> = {
  creditcards: [DEFAULT_PAYMENT_METHOD],
  wire: BANK_METHODS,
};

function receiptOf(row: CheckoutRow): Receipt {
  const fiat = row.fiat_currency;
  return {
    order_id: row.public_id,
    invoice_number: row.invoice_number === null ? null : formatInvoiceNumber(row.invoice_number),
    paid_at: (row.invoiced_at ?? row.updated_at).toISOString(),
    payment_method: row.payment_method,
    buyer: [row.first_name, row.last_name].filter(Boolean).join(' '),
    currency: fiat,
    amount: formatMinor(row.fiat_amount_minor, fiat),
    fee: formatMinor(row.fee_minor, fiat),
    coin: row.crypto_currency,
    coin_amount: formatMinor(row.crypto_amount_minor, row.crypto_currency),
    delivery: deliveryState(row),
  };
}

export async function listReceipts(db: Kysely<Database>, merchantId: bigint, kind: ReceiptKind, page: number, perPage: number): Promise<ReceiptList> {
  const paid = db
    .selectFrom('guest_checkouts')
    .where('merchant_id', '=', merchantId)
    .where('flow', '=', 'buy')
    .where('status', '=', 'successful')
    .where('payment_method', 'in', [...RECEIPT_METHODS[kind]]);
  const [rows, totals] = await Promise.all([
    paid.selectAll().orderBy('invoice_number', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    paid
      .select((eb) => ['fiat_currency', eb.fn.sum<string>('fiat_amount_minor').as('amount'), eb.fn.sum<string>('fee_minor').as('fee'), eb.fn.countAll<string>().as('count')])
      .groupBy('fiat_currency')
      .orderBy('fiat_currency')
      .execute(),
  ]);
  return {
    receipts: rows.map(receiptOf),
    totals: totals.map((row) => ({ currency: row.fiat_currency, amount: formatMinor(BigInt(row.amount), row.fiat_currency), fee: formatMinor(BigInt(row.fee), row.fiat_currency), count: Number(row.count) })),
    page,
    per_page: perPage,
    total: totals.reduce((sum, row) => sum + Number(row.count), 0),
  };
}
