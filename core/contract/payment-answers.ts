// What the merchant API answers about a payment (merchant-payments.ts): the payment as the widget
// shows it (priced, or waiting for the buyer's coin), its status, its signed receipt and a sent link.
// Amounts are decimal strings; coin amounts have 8 decimals.

import * as v from 'valibot';
import { PAYMENT_EXCEPTIONS, PAYMENT_STATUSES } from '../payments/payment-rules.ts';
import { RECEIPT_STATUSES, type PaymentReceipt } from '../protocol.ts';
import { CryptoSchema, Decimal, FiatSchema, IsoTime } from './fields.ts';

export const SendLinkAnswerSchema = v.object({
  sent: v.literal(true),
  /** The hosted payment page the mail links to. */
  link: v.string(),
  expires_at: IsoTime,
});
export type SendLinkAnswer = v.InferOutput<typeof SendLinkAnswerSchema>;

/** What the buyer would pay in one coin the merchant accepts, before choosing (8 decimals, indicative). */
export const CurrencyOptionSchema = v.object({ iso: CryptoSchema, name: v.string(), amount: Decimal });
export type CurrencyOption = v.InferOutput<typeof CurrencyOptionSchema>;

/** What is still due on an underpaid payment, with its own payment URI and QR code (the rest, not the whole amount). */
export const TopUpSchema = v.object({
  /** amount due - amount paid, 8 decimals like currency_1_amount. */
  currency_1_amount: Decimal,
  payment_uri: v.string(),
  /** An SVG data URL of the QR code of this payment_uri. */
  qr: v.string(),
});
export type TopUp = v.InferOutput<typeof TopUpSchema>;

const PaymentStatusSchema = v.picklist(PAYMENT_STATUSES);

const transactionAnswerBase = {
  transaction_token: v.string(),
  /** Destination tag or memo; none of our coins uses one. */
  currency_1_tag: v.null(),
  amount: Decimal,
  currency: FiatSchema,
  /** The merchant's price of one coin in the currency; null when the merchant named the coin amount itself. */
  rate: v.nullable(Decimal),
  product: v.string(),
  /** Before the coin is chosen: when the choice runs out (3600 s); after: when the price does (900 s). */
  expires_at: IsoTime,
  status: PaymentStatusSchema,
  test_mode: v.boolean(),
  /** The built-in test network carries this payment: the widget offers its labelled "pay with test coins" button. False on local regtest nodes (pay from the node's wallet) and in live mode. */
  test_network: v.boolean(),
  /** Where the buyer returns: the payment's own return_url, else the merchant's widget_return_url, else null. */
  return_url: v.nullable(v.string()),
  /** The merchant's order id (transaction_c1; the pay button's order_id), shown in the widget header. */
  order_id: v.nullable(v.string()),
};

/** A payment whose coin is chosen: where to send how much. */
export const PricedTransactionAnswerSchema = v.object({
  ...transactionAnswerBase,
  currency_1_iso: CryptoSchema,
  currency_1_address: v.string(),
  currency_1_amount: Decimal,
  /** The payment URI (BIP21 / EIP-681) the QR code encodes. */
  payment_uri: v.string(),
  /**
   * The QR code of payment_uri, as a URL for an <img>: in the create's answer a link to the SVG image on the
   * platform (GET api/transaction/qr, drawn when first fetched); in the buyer's reads (details, the coin
   * choice) the SVG itself as a data: URL, so the widget shows it without another request.
   */
  qr: v.string(),
  /** Only while 0 < paid < due and the payment is still payable (new or processing, before expires_at); else null. */
  top_up: v.nullable(TopUpSchema),
  currency_options: v.null(),
});
export type PricedTransactionAnswer = v.InferOutput<typeof PricedTransactionAnswerSchema>;

/** A payment waiting for the buyer to choose the coin: no address or price yet, the options instead. */
export const UnpricedTransactionAnswerSchema = v.object({
  ...transactionAnswerBase,
  currency_1_iso: v.null(),
  currency_1_address: v.null(),
  currency_1_amount: v.null(),
  payment_uri: v.null(),
  qr: v.null(),
  top_up: v.null(),
  /** Each coin the merchant accepts at the merchant's rate now; the price is fixed only when one is chosen. */
  currency_options: v.array(CurrencyOptionSchema),
});
export type UnpricedTransactionAnswer = v.InferOutput<typeof UnpricedTransactionAnswerSchema>;

/** The create / details / choose-currency answer; `currency_1_iso === null` tells the two apart. */
export const TransactionAnswerSchema = v.union([PricedTransactionAnswerSchema, UnpricedTransactionAnswerSchema]);
export type TransactionAnswer = v.InferOutput<typeof TransactionAnswerSchema>;

export function isPricedAnswer(answer: TransactionAnswer): answer is PricedTransactionAnswer {
  return answer.currency_1_iso !== null;
}

/** Where a payment is in its lifecycle and what arrived; the coin fields are null until the coin is chosen. */
export const TransactionStatusAnswerSchema = v.object({
  transaction_token: v.string(),
  status: PaymentStatusSchema,
  exception: v.nullable(v.picklist(PAYMENT_EXCEPTIONS)),
  currency_1_iso: v.nullable(CryptoSchema),
  currency_1_amount: v.nullable(Decimal),
  currency_1_paid: v.nullable(Decimal),
  currency_1_confirmed: v.nullable(Decimal),
  amount: Decimal,
  currency: FiatSchema,
  confirmations: v.number(),
  required_confirmations: v.nullable(v.number()),
  expires_at: IsoTime,
  settled_at: v.nullable(IsoTime),
});
export type TransactionStatusAnswer = v.InferOutput<typeof TransactionStatusAnswerSchema>;

/** core/protocol.ts PaymentReceipt (which says how to verify it), as the API answers it. */
const PaymentReceiptSchema = v.object({
  transaction_id: v.string(),
  amount: Decimal,
  currency: v.string(),
  status: v.picklist(RECEIPT_STATUSES),
  /** Unix seconds, when the platform signed the receipt. */
  timestamp: v.number(),
  signature: v.string(),
}) satisfies v.GenericSchema<PaymentReceipt>;

export const ReceiptAnswerSchema = v.object({ receipt: PaymentReceiptSchema });
export type ReceiptAnswer = v.InferOutput<typeof ReceiptAnswerSchema>;
