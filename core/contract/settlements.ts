// Merchant settlements (spec §2 merchantSettlements, §3 settlementInfo, §7 updateSettlementInfo and
// getMerchantSettlments): the bank account payouts go to, the settlement policy (keep each coin, or
// convert it to the merchant's fiat when a payment settles) and the payout schedule, payouts of that
// fiat to the bank, and each payout's report (CSV and PDF). A member's session without a merchant is
// refused with 403 forbidden; a provider that hides settlements answers operation_disabled.

import * as v from 'valibot';
import { ACCOUNT_FIAT } from '../assets.ts';
import { bicValid, normaliseBic } from '../bic.ts';
import { ibanChecksumValid } from '../iban.ts';
import { endpoint } from './endpoint.ts';
import { AccountFiatSchema, AssetSchema, CryptoSchema, Decimal, FiatSchema, IsoTime, pageQuery, required, REQUIRED_FIELD } from './fields.ts';
import { object, strictObject } from './schema-kit.ts';

const text = (min: number, max: number) =>
  v.pipe(required(), v.minLength(min, `Use at least ${min} characters.`), v.maxLength(max, `Use at most ${max} characters.`));

/** Spec §3 settlementInfo, as the merchant sends it: every field required, the IBAN's check digits and the BIC's format checked. */
export const SettlementInfoSchema = strictObject({
  bank_iban: v.pipe(
    v.string(REQUIRED_FIELD),
    v.transform((raw) => raw.replace(/\s/g, '').toUpperCase()),
    v.nonEmpty(REQUIRED_FIELD),
    v.check(ibanChecksumValid, 'This IBAN is not valid: check it against your bank statement, starting with the country code, like DE89 3704 0044 0532 0130 00.'),
  ),
  bank_swift: v.pipe(v.string(REQUIRED_FIELD), v.transform(normaliseBic), v.nonEmpty(REQUIRED_FIELD), v.check(bicValid, 'Enter the 8 or 11 character SWIFT/BIC code, like DEUTDEFF.')),
  bank_name: text(2, 100),
  bank_address: text(5, 200),
  bank_company_name: text(2, 120),
  bank_company_registered_address: text(5, 200),
});
export type SettlementInfoInput = v.InferOutput<typeof SettlementInfoSchema>;

export const SETTLEMENT_POLICIES = ['keep', 'convert'] as const;
export type SettlementPolicy = (typeof SETTLEMENT_POLICIES)[number];
export const PAYOUT_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];
export const PAYOUT_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const SettlementPolicySchema = strictObject({
  policy: v.picklist(SETTLEMENT_POLICIES, 'Choose keep (each coin stays in its balance) or convert (to your fiat at settlement).'),
  fiat_currency: v.picklist(ACCOUNT_FIAT, `Choose one of: ${ACCOUNT_FIAT.join(', ')}.`),
  schedule: v.picklist(PAYOUT_SCHEDULES, 'Choose off, daily or weekly.'),
});
export type SettlementPolicyInput = v.InferOutput<typeof SettlementPolicySchema>;

const InfoAnswerSchema = v.object({
  bank_iban: v.string(),
  bank_swift: v.string(),
  bank_name: v.string(),
  bank_address: v.string(),
  bank_company_name: v.string(),
  bank_company_registered_address: v.string(),
});

/** Everything the settlements page starts from; `payable` is what a payout now would pay (the converted settlements no payout covers yet). */
export const SettlementSettingsSchema = v.object({
  settlement_info: v.nullable(InfoAnswerSchema),
  policy: v.picklist(SETTLEMENT_POLICIES),
  fiat_currency: AccountFiatSchema,
  schedule: v.picklist(PAYOUT_SCHEDULES),
  payable: Decimal,
  payable_payments: v.number(),
});
export type SettlementSettings = v.InferOutput<typeof SettlementSettingsSchema>;

export const PayoutSchema = v.object({
  payout_id: v.string(),
  status: v.picklist(PAYOUT_STATUSES),
  trigger: v.picklist(['on_demand', 'scheduled']),
  currency: AccountFiatSchema,
  amount: Decimal,
  fee: Decimal,
  payments: v.number(),
  /** Masked: country, check digits and the last 4 characters. */
  bank_iban: v.string(),
  bank_name: v.string(),
  rejection_reason: v.nullable(v.string()),
  created_at: IsoTime,
  resolved_at: v.nullable(IsoTime),
});
export type Payout = v.InferOutput<typeof PayoutSchema>;

export const PayoutListQuerySchema = object({ ...pageQuery });
export const PayoutListSchema = v.object({ payouts: v.array(PayoutSchema), page: v.number(), per_page: v.number(), total: v.number() });
export type PayoutList = v.InferOutput<typeof PayoutListSchema>;

export const PayoutReportQuerySchema = object({
  payout_id: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.regex(/^po_[A-Za-z0-9_-]{8,40}$/, 'Send the payout id, like "po_…".')),
});

/** Spec §4 widget status sums per coin of the merchant's widget payments. */
export const WidgetSumsSchema = v.object({
  sums: v.array(v.object({ currency: CryptoSchema, pending: Decimal, completed: Decimal, payments: v.number() })),
});
export type WidgetSumsAnswer = v.InferOutput<typeof WidgetSumsSchema>;

const MERCHANT_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required', 'forbidden', 'operation_disabled'] as const;
const EXAMPLE_INFO = {
  bank_iban: 'DE89370400440532013000',
  bank_swift: 'DEUTDEFF',
  bank_name: 'Deutsche Bank',
  bank_address: 'Taunusanlage 12, 60325 Frankfurt',
  bank_company_name: 'Verdant Garden Supplies Ltd',
  bank_company_registered_address: '1 High Street, London EC1A 1BB',
};
const EXAMPLE_SETTINGS: SettlementSettings = { settlement_info: EXAMPLE_INFO, policy: 'convert', fiat_currency: 'EUR', schedule: 'weekly', payable: '118.80', payable_payments: 1 };
const EXAMPLE_PAYOUT: Payout = {
  payout_id: 'po_8Jq2mXv0Rk4TzN1b',
  status: 'pending',
  trigger: 'on_demand',
  currency: 'EUR',
  amount: '118.80',
  fee: '0.00',
  payments: 1,
  bank_iban: 'DE89 •••• 3000',
  bank_name: 'Deutsche Bank',
  rejection_reason: null,
  created_at: '2026-11-24T10:00:00.000Z',
  resolved_at: null,
};

export const getSettlementSettings = endpoint({
  id: 'settlements.getSettings',
  method: 'GET',
  base: 'main',
  path: 'users/settlementSettings',
  caller: 'member',
  answer: SettlementSettingsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your settlement bank account, settlement policy and payout schedule, and what a payout now would pay.',
    errors: [...MERCHANT_ERRORS],
    example: { answer: EXAMPLE_SETTINGS },
  },
});

export const updateSettlementInfo = endpoint({
  id: 'settlements.updateSettlementInfo',
  method: 'PATCH',
  base: 'main',
  path: 'users/updateSettlementInfo',
  caller: 'member',
  body: SettlementInfoSchema,
  answer: SettlementSettingsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Saves the bank account your payouts go to (spec §3 settlementInfo); the IBAN\'s check digits and the SWIFT/BIC format are checked.',
    errors: [...MERCHANT_ERRORS],
    example: { body: EXAMPLE_INFO, answer: EXAMPLE_SETTINGS },
  },
});

export const updateSettlementPolicy = endpoint({
  id: 'settlements.updatePolicy',
  method: 'PATCH',
  base: 'main',
  path: 'users/settlementPolicy',
  caller: 'member',
  body: SettlementPolicySchema,
  answer: SettlementSettingsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Chooses whether settled payments stay in their coin or are converted to your fiat, and how often payouts run by themselves.',
    description: 'The policy applies to payments that settle from now on. `schedule` daily or weekly pays out once per day or ISO week; off pays only on request.',
    errors: [...MERCHANT_ERRORS],
    example: { body: { policy: 'convert', fiat_currency: 'EUR', schedule: 'weekly' }, answer: EXAMPLE_SETTINGS },
  },
});

export const requestMerchantPayout = endpoint({
  id: 'settlements.requestPayout',
  method: 'POST',
  base: 'main',
  path: 'transactions/merchantPayout',
  caller: 'member',
  answer: PayoutSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Pays out every converted settlement no payout covers yet to your settlement bank account.',
    description: 'The amount is reserved at once (pending) and leaves your balance when the bank confirms; a rejected payout returns it.',
    errors: [...MERCHANT_ERRORS, 'settlement_info_missing', 'nothing_to_pay_out', 'idempotency_key_reused', 'idempotency_in_flight'],
    example: { answer: EXAMPLE_PAYOUT },
  },
});

export const getMerchantSettlments = endpoint({
  id: 'settlements.getMerchantSettlments',
  method: 'GET',
  base: 'main',
  // The spelling is the spec's (§7); the path is kept exactly so.
  path: 'transactions/getMerchantSettlments',
  caller: 'member',
  query: PayoutListQuerySchema,
  answer: PayoutListSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your payouts, newest first, a page at a time, each pending, paid or rejected.',
    errors: [...MERCHANT_ERRORS],
    example: { query: { page: '1', per_page: '20' }, answer: { payouts: [EXAMPLE_PAYOUT], page: 1, per_page: 20, total: 1 } },
  },
});

export const merchantPayoutReportCsv = endpoint({
  id: 'settlements.reportCsv',
  method: 'GET',
  base: 'main',
  path: 'transactions/merchantPayoutReportCsv',
  caller: 'member',
  query: PayoutReportQuerySchema,
  answer: v.string(),
  format: 'csv',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'One payout\'s report as CSV: each payment it covers with its conversion (coin received, payment fee, conversion fee, rate, fiat) and the totals.',
    errors: [...MERCHANT_ERRORS, 'payout_not_found'],
    example: {
      query: { payout_id: EXAMPLE_PAYOUT.payout_id },
      answer: 'payment,conversion,order_id,product,settled_at,coin,received,payment_fee,conversion_fee,rate,currency,amount\r\n',
    },
  },
});

export const merchantPayoutReportPdf = endpoint({
  id: 'settlements.reportPdf',
  method: 'GET',
  base: 'main',
  path: 'transactions/merchantPayoutReportPdf',
  caller: 'member',
  query: PayoutReportQuerySchema,
  answer: v.instance(Uint8Array),
  format: 'pdf',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'One payout\'s report as a PDF document: the same lines and totals as the CSV.',
    errors: [...MERCHANT_ERRORS, 'payout_not_found'],
    example: { query: { payout_id: EXAMPLE_PAYOUT.payout_id }, answer: new TextEncoder().encode('%PDF-1.3\n') },
  },
});

export const getMerchantWidgetSums = endpoint({
  id: 'settlements.widgetSums',
  method: 'GET',
  base: 'main',
  path: 'transactions/merchantWidgetSums',
  caller: 'member',
  answer: WidgetSumsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Spec §4 widget status sums of your widget payments, per coin: what buyers still owe (pending) and what is still to complete.',
    errors: [...MERCHANT_ERRORS],
    example: { answer: { sums: [{ currency: 'BTC', pending: '0.00000000', completed: '0.00210000', payments: 2 }] } },
  },
});

/** The creditcards and wire sub-pages (spec §2): which guest payments each lists. */
export const RECEIPT_KINDS = ['creditcards', 'wire'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const ReceiptListQuerySchema = object({
  kind: v.picklist(RECEIPT_KINDS, 'Choose creditcards or wire.'),
  ...pageQuery,
});

/**
 * One guest purchase made on the merchant's site (the buy widget or the flow opened with its merchant_id)
 * and paid by card or bank: what the buyer paid (fee included), the coins they got and where delivery
 * stands. The buyer's name only: their contact details are the provider's to keep, not the merchant's.
 */
export const ReceiptSchema = v.object({
  order_id: v.string(),
  invoice_number: v.nullable(v.string()),
  paid_at: IsoTime,
  payment_method: v.string(),
  buyer: v.string(),
  currency: FiatSchema,
  amount: Decimal,
  fee: Decimal,
  coin: AssetSchema,
  coin_amount: Decimal,
  delivery: v.picklist(['sending', 'sent', 'rejected']),
});
export type Receipt = v.InferOutput<typeof ReceiptSchema>;

export const ReceiptListSchema = v.object({
  receipts: v.array(ReceiptSchema),
  /** What the listed kind of receipts add up to, per fiat currency, over every page. */
  totals: v.array(v.object({ currency: FiatSchema, amount: Decimal, fee: Decimal, count: v.number() })),
  page: v.number(),
  per_page: v.number(),
  total: v.number(),
});
export type ReceiptList = v.InferOutput<typeof ReceiptListSchema>;

const EXAMPLE_RECEIPT: Receipt = {
  order_id: 'chk_Q2x8VhN0pL5sK7mB3cD9eF',
  invoice_number: 'INV-000042',
  paid_at: '2026-11-24T10:00:00.000Z',
  payment_method: 'Credit Card',
  buyer: 'Ana García',
  currency: 'EUR',
  amount: '30.00',
  fee: '0.45',
  coin: 'BTC',
  coin_amount: '0.00053012',
  delivery: 'sent',
};

export const getMerchantReceipts = endpoint({
  id: 'settlements.receipts',
  method: 'GET',
  base: 'main',
  path: 'transactions/merchantReceipts',
  caller: 'member',
  query: ReceiptListQuerySchema,
  answer: ReceiptListSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The card (creditcards) or bank transfer (wire: wire, SEPA, Swift, online banking) receipts of guest purchases made on your site with your merchant_id, newest first, with their totals.',
    errors: [...MERCHANT_ERRORS],
    example: {
      query: { kind: 'creditcards', page: '1', per_page: '20' },
      answer: { receipts: [EXAMPLE_RECEIPT], totals: [{ currency: 'EUR', amount: '30.00', fee: '0.45', count: 1 }], page: 1, per_page: 20, total: 1 },
    },
  },
});

export const SETTLEMENTS_ENDPOINTS = [
  getSettlementSettings,
  updateSettlementInfo,
  updateSettlementPolicy,
  requestMerchantPayout,
  getMerchantSettlments,
  merchantPayoutReportCsv,
  merchantPayoutReportPdf,
  getMerchantWidgetSums,
  getMerchantReceipts,
];
