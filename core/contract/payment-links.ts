// Payment links (spec §2 generatePaymentLink, §6: widget = 1 with enable_widget): a signed-in merchant
// makes a link for an amount, a fiat currency, a product and an order id (optionally one fixed coin and
// an expiry), lists its links with their state and the payments made through them, and mails one to a
// buyer. The buyer's hosted page (the widget's home with `?link=`) opens the link with the public
// `POST /mapi/api/link/open`, which gives it the payment to show: the link token is the only credential,
// so it carries 192 random bits.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, CryptoSchema, EmailSchema, FiatSchema, IsoTime, pageQuery } from './fields.ts';
import { object, strictObject } from './schema-kit.ts';

/** 'pl_' + 32 base64url characters (24 random bytes). */
export const PAYMENT_LINK_TOKEN_PATTERN = /^pl_[A-Za-z0-9_-]{32}$/;

/** The longest a link may stay open. */
export const PAYMENT_LINK_MAX_DAYS = 365;

export const PAYMENT_LINK_STATES = ['open', 'paid', 'expired'] as const;
export type PaymentLinkState = (typeof PAYMENT_LINK_STATES)[number];

const LinkTokenSchema = v.pipe(v.string('Send the link id, like "pl_…".'), v.trim(), v.regex(PAYMENT_LINK_TOKEN_PATTERN, 'Send the link id, like "pl_…".'));

const text = (max: number, what: string) => v.pipe(v.string(`Send ${what} as text.`), v.trim(), v.maxLength(max, `Use at most ${max} characters.`));

export const CreatePaymentLinkSchema = strictObject({
  amount: AmountInputSchema,
  currency: FiatSchema,
  product: v.pipe(text(200, 'the product'), v.nonEmpty('Name the product the buyer pays for.')),
  order_id: v.optional(v.nullable(text(100, 'the order id'))),
  /** One coin the buyer must pay in; without it the buyer chooses. */
  coin: v.optional(v.nullable(CryptoSchema)),
  /** When the link stops taking payments (at most 365 days ahead); without it the link stays open until paid. */
  expires_at: v.optional(v.nullable(v.pipe(v.string('Send expires_at as an ISO time like 2026-12-01T00:00:00Z.'), v.isoTimestamp('Send expires_at as an ISO time like 2026-12-01T00:00:00Z.')))),
});
export type CreatePaymentLinkInput = v.InferOutput<typeof CreatePaymentLinkSchema>;

export const PaymentLinksQuerySchema = object({ ...pageQuery });

export const SendPaymentLinkSchema = strictObject({
  link_id: LinkTokenSchema,
  email: EmailSchema,
  lang: v.optional(v.picklist(['en', 'es'], 'Choose en or es.'), 'en'),
});

export const OpenPaymentLinkSchema = object({ link: LinkTokenSchema });

/** One payment a buyer started through a link, newest first. */
export const LinkPaymentSchema = v.object({
  transaction_id: v.string(),
  status: v.picklist(['new', 'processing', 'settled', 'expired', 'invalid']),
  coin: v.nullable(CryptoSchema),
  created_at: IsoTime,
  settled_at: v.nullable(IsoTime),
});

export const PaymentLinkSchema = v.object({
  link_id: v.string(),
  /** The hosted page a buyer opens. */
  url: v.string(),
  amount: v.string(),
  currency: FiatSchema,
  product: v.string(),
  order_id: v.nullable(v.string()),
  coin: v.nullable(CryptoSchema),
  expires_at: v.nullable(IsoTime),
  state: v.picklist(PAYMENT_LINK_STATES),
  /** An SVG data URL of the QR code of `url`. */
  qr: v.string(),
  payments: v.array(LinkPaymentSchema),
  created_at: IsoTime,
});
export type PaymentLink = v.InferOutput<typeof PaymentLinkSchema>;

export const PaymentLinksPageSchema = v.object({
  links: v.array(PaymentLinkSchema),
  page: v.number(),
  per_page: v.number(),
  total: v.number(),
});
export type PaymentLinksPage = v.InferOutput<typeof PaymentLinksPageSchema>;

export const SendPaymentLinkAnswerSchema = v.object({ link_id: v.string(), sent_to: v.string() });

export const OpenPaymentLinkAnswerSchema = v.object({ merchant_id: v.string(), transaction_id: v.string() });
export type OpenPaymentLinkAnswer = v.InferOutput<typeof OpenPaymentLinkAnswerSchema>;

const SESSION_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required', 'forbidden'] as const;
const EXAMPLE_LINK_ID = 'pl_Q2hvb3NlIGEgY29pbiB0byBwYXkgd2l0';
const EXAMPLE_TIME = '2026-11-23T10:00:00.000Z';
const EXAMPLE_LINK: PaymentLink = {
  link_id: EXAMPLE_LINK_ID,
  url: `https://pay.example.com/sys-widget/home?link=${EXAMPLE_LINK_ID}`,
  amount: '120.00',
  currency: 'EUR',
  product: 'Walnut Desk Lamp',
  order_id: 'A-1042',
  coin: null,
  expires_at: '2026-11-30T10:00:00.000Z',
  state: 'paid',
  qr: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  payments: [{ transaction_id: 'pay_Wm9vbWVkIGluIG9uIGl0IQ', status: 'settled', coin: 'BTC', created_at: EXAMPLE_TIME, settled_at: EXAMPLE_TIME }],
  created_at: EXAMPLE_TIME,
};

export const createPaymentLink = endpoint({
  id: 'paymentLinks.create',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/paymentLinks',
  caller: 'member',
  body: CreatePaymentLinkSchema,
  answer: PaymentLinkSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Makes a payment link for an amount, product and order id; send an Idempotency-Key so a retry makes no second link.',
    errors: [...SESSION_ERRORS, 'coin_unavailable'],
    example: {
      body: { amount: '120.00', currency: 'EUR', product: 'Walnut Desk Lamp', order_id: 'A-1042', expires_at: '2026-11-30T10:00:00.000Z' },
      answer: { ...EXAMPLE_LINK, state: 'open', payments: [] },
    },
  },
});

export const listPaymentLinks = endpoint({
  id: 'paymentLinks.list',
  method: 'GET',
  base: 'main',
  path: 'users/merchant/paymentLinks',
  caller: 'member',
  query: PaymentLinksQuerySchema,
  answer: PaymentLinksPageSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your payment links, newest first, each with its state (open, paid, expired) and the payments made through it.',
    description: '`page` from 1, `per_page` 1 to 100 (default 20), both in digits.',
    errors: [...SESSION_ERRORS],
    example: { query: { page: '1', per_page: '20' }, answer: { links: [EXAMPLE_LINK], page: 1, per_page: 20, total: 1 } },
  },
});

export const sendPaymentLinkMail = endpoint({
  id: 'paymentLinks.send',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/paymentLinks/send',
  caller: 'member',
  body: SendPaymentLinkSchema,
  answer: SendPaymentLinkAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Mails one of your open payment links to a buyer, in English or Spanish.',
    errors: [...SESSION_ERRORS, 'payment_link_not_found', 'payment_link_closed'],
    example: { body: { link_id: EXAMPLE_LINK_ID, email: 'buyer@example.com', lang: 'en' }, answer: { link_id: EXAMPLE_LINK_ID, sent_to: 'buyer@example.com' } },
  },
});

export const openPaymentLink = endpoint({
  id: 'paymentLinks.open',
  method: 'POST',
  base: 'merchant',
  path: 'api/link/open',
  caller: 'public',
  body: OpenPaymentLinkSchema,
  answer: OpenPaymentLinkAnswerSchema,
  idempotency: false,
  rate: 'pay_button',
  docs: {
    summary: 'The payment a buyer who opened a payment link pays: the link\'s open or paid payment, else a new one.',
    description: 'Used by the hosted page. A link that is paid answers its paid payment; an expired link answers 410 payment_link_closed.',
    errors: ['payment_link_not_found', 'payment_link_closed', 'rates_unavailable', 'coin_unavailable'],
    example: { body: { link: EXAMPLE_LINK_ID }, answer: { merchant_id: 'mch_demo_verdant', transaction_id: 'pay_Wm9vbWVkIGluIG9uIGl0IQ' } },
  },
});

export const PAYMENT_LINKS_ENDPOINTS = [createPaymentLink, listPaymentLinks, sendPaymentLinkMail, openPaymentLink];
