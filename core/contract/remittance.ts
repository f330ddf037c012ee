// The remittance flow (sys-remitflow): the sender is the flow user of a checkout started with flow
// 'remit'; this names who the money is for, how they are told and what they receive: a coin at an address
// (checked for the coin's network, priced as the buy flow) or fiat at an IBAN in the sender's currency
// (the provider's payout fee only, no conversion), paid out through the bank. The recipient can change
// only before a payment started; saving it reprices the checkout (a new single-use quote). The status
// read is the sender's view of where the remittance stands. Neither call moves money.

import * as v from 'valibot';
import { CheckoutSchema, EXAMPLE_FILLED } from './checkout.ts';
import { endpoint } from './endpoint.ts';
import { CryptoSchema, EmailSchema, FiatSchema, MobileSchema, NameSchema } from './fields.ts';
import { strictObject } from './schema-kit.ts';

export const RECIPIENT_RECEIVES = ['crypto', 'fiat'] as const;
export const RECIPIENT_NOTIFY_BY = ['email', 'sms'] as const;

const Text = v.pipe(v.string('Send text.'), v.trim(), v.maxLength(200, 'Use at most 200 characters.'));
const IbanSchema = v.pipe(
  v.string('Enter the IBAN.'),
  v.transform((raw) => raw.replace(/\s/g, '').toUpperCase()),
  v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'Enter the IBAN, starting with the country code, like DE89 3704 0044 0532 0130 00.'),
);

/**
 * POST /v1/checkout/recipient. The fields of the chosen way are required (the server says which one is
 * missing): email for notify_by email, mobile for sms; coin and cryptoAddress for crypto; iban,
 * account_holder and currency for fiat.
 */
export const RemitRecipientBodySchema = strictObject({
  name: NameSchema,
  notify_by: v.picklist(RECIPIENT_NOTIFY_BY, 'Choose how the recipient is told: email or sms.'),
  email: v.optional(EmailSchema),
  mobile: v.optional(MobileSchema),
  /** The language of the recipient's message; default en. */
  locale: v.optional(v.picklist(['en', 'es'], 'Choose en or es.')),
  receives: v.picklist(RECIPIENT_RECEIVES, 'Choose what the recipient receives: crypto or fiat.'),
  coin: v.optional(CryptoSchema),
  cryptoAddress: v.optional(Text),
  iban: v.optional(IbanSchema),
  account_holder: v.optional(NameSchema),
  currency: v.optional(FiatSchema),
});
export type RemitRecipientBody = v.InferOutput<typeof RemitRecipientBodySchema>;

export const RecipientSchema = v.object({
  name: v.string(),
  notify_by: v.picklist(RECIPIENT_NOTIFY_BY),
  /** The e-mail address or mobile number the message goes to. */
  notify_to: v.string(),
  locale: v.picklist(['en', 'es']),
  receives: v.picklist(RECIPIENT_RECEIVES),
  /** crypto: the coin and the address; null for fiat. */
  coin: v.nullable(CryptoSchema),
  address: v.nullable(v.string()),
  /** fiat: the IBAN masked ("DE89 •••• 3000"), the account holder and the currency; null for crypto. */
  iban: v.nullable(v.string()),
  account_holder: v.nullable(v.string()),
  currency: v.nullable(FiatSchema),
  /** The recipient was told (once, after delivery). */
  notified: v.boolean(),
});
export type RecipientAnswer = v.InferOutput<typeof RecipientSchema>;

/**
 * Where a remittance stands for the sender: awaiting_payment (nothing paid yet), paid (authorised, not
 * yet captured), sending (paid, the delivery is on its way), delivered, refused (the network or the bank
 * refused the delivery: an operator refunds the sender), failed, canceled or expired (nothing held).
 */
export const REMITTANCE_STAGES = ['awaiting_payment', 'paid', 'sending', 'delivered', 'refused', 'failed', 'canceled', 'expired'] as const;
export type RemittanceStage = (typeof REMITTANCE_STAGES)[number];

export const RemittanceSchema = v.object({
  checkout: CheckoutSchema,
  recipient: v.nullable(RecipientSchema),
  stage: v.picklist(REMITTANCE_STAGES),
});
export type RemittanceAnswer = v.InferOutput<typeof RemittanceSchema>;

const FLOW_ERRORS = ['flow_token_required', 'checkout_not_found', 'checkout_expired'] as const;

const EXAMPLE_RECIPIENT: RecipientAnswer = {
  name: 'Luis Pérez',
  notify_by: 'email',
  notify_to: 'luis@example.com',
  locale: 'es',
  receives: 'fiat',
  coin: null,
  address: null,
  iban: 'DE89 •••• 3000',
  account_holder: 'Luis Pérez',
  currency: 'EUR',
  notified: false,
};
const EXAMPLE_REMIT_CHECKOUT = {
  ...EXAMPLE_FILLED,
  flow: 'remit' as const,
  cryptoAddress: null,
  fiatCurrency: { ...EXAMPLE_FILLED.fiatCurrency, fee: '1.00' },
  cryptoCurrency: { currency: 'EUR' as const, currency_displayName: 'EUR', amount: '299.00' },
  rate: '1',
};

export const saveRemitRecipient = endpoint({
  id: 'checkout.recipient.save',
  method: 'POST',
  base: 'main',
  path: 'checkout/recipient',
  caller: 'flow',
  body: RemitRecipientBodySchema,
  answer: RemittanceSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Names the recipient of the flow token\'s remittance (a checkout started with flow remit): who, how they are told, and what they receive (a coin at an address, or fiat at an IBAN).',
    description:
      'Only before a payment started. Saving reprices the checkout from the server\'s quote: coins as the buy flow (the provider\'s rate and buy fee), fiat to an IBAN in the sender\'s own currency with the provider\'s payout fee and no conversion (another currency answers remit_currency_unsupported). The address is checked for the coin\'s network and the IBAN\'s check digits. Moves no money.',
    errors: ['coin_unavailable', ...FLOW_ERRORS, 'checkout_not_remittance', 'checkout_status_invalid', 'address_invalid', 'iban_invalid', 'remit_currency_unsupported', 'amount_below_minimum', 'rates_unavailable', 'validation_failed'],
    example: {
      body: { name: 'Luis Pérez', notify_by: 'email', email: 'luis@example.com', locale: 'es', receives: 'fiat', iban: 'DE89 3704 0044 0532 0130 00', account_holder: 'Luis Pérez', currency: 'EUR' },
      answer: { checkout: EXAMPLE_REMIT_CHECKOUT, recipient: EXAMPLE_RECIPIENT, stage: 'awaiting_payment' },
    },
  },
});

export const getRemittance = endpoint({
  id: 'checkout.recipient.get',
  method: 'GET',
  base: 'main',
  path: 'checkout/recipient',
  caller: 'flow',
  answer: RemittanceSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The sender\'s view of the flow token\'s remittance: the checkout, the recipient and where it stands (awaiting_payment, paid, sending, delivered, refused, failed, canceled, expired).',
    errors: [...FLOW_ERRORS, 'checkout_not_remittance'],
    example: { answer: { checkout: { ...EXAMPLE_REMIT_CHECKOUT, status: 'successful', payment_status: 'successful', step: 'confirmation', delivery: { status: 'sent', txid: 'bpo_5f0c2a9e41d8b7c3a6e1f024' } }, recipient: { ...EXAMPLE_RECIPIENT, notified: true }, stage: 'delivered' } },
  },
});

export const REMITTANCE_ENDPOINTS = [saveRemitRecipient, getRemittance];
