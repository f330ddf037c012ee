// The guest checkout's payments (spec §7 paynet/deposit). The flow pays its own checkout (the
// flow token names it) by card with the test acquirer. One call with the card; when the card asks for
// 3-D Secure the answer says so (next_action) and a second call answers the challenge, as a member's card
// deposit does. The price is the checkout's single-use quote: when it has expired the call charges
// nothing and answers the new figures (outcome 'repriced'), so the buyer confirms again and is never
// charged a price they did not see. Money moves, so an Idempotency-Key is required.

import * as v from 'valibot';
import { CheckoutSchema, EXAMPLE_FILLED } from './checkout.ts';
import { CardInputSchema } from './deposits.ts';
import { endpoint } from './endpoint.ts';
import { object } from './schema-kit.ts';

export const PaynetDepositBodySchema = v.variant(
  'step',
  [
    object({ step: v.literal('card'), card: CardInputSchema }),
    object({ step: v.literal('three_d_secure'), outcome: v.picklist(['approve', 'fail'], 'Send approve or fail: the test bank\'s answer to the challenge.') }),
  ],
  'Send step "card" with the card, or step "three_d_secure" with the challenge\'s outcome.',
);
export type PaynetDepositBody = v.InferOutput<typeof PaynetDepositBodySchema>;

export const PAYNET_OUTCOMES = ['authorized', 'captured', 'three_d_secure', 'repriced'] as const;

export const PaynetDepositAnswerSchema = v.object({
  /**
   * authorized: the card is held (checkout authorized) until the guest is cleared (email and mobile codes, and identity above the
   * unverified limit), then captured; captured: already cleared, paid, the coins are on their way; three_d_secure: answer the
   * challenge; repriced: nothing held, show the new figures and confirm again.
   */
  outcome: v.picklist(PAYNET_OUTCOMES),
  checkout: CheckoutSchema,
  /** The card as the page may show it, like "Visa •••• 4242"; null when nothing was charged (repriced). */
  card: v.nullable(v.string()),
  next_action: v.nullable(v.object({ type: v.literal('three_d_secure'), message: v.string() })),
});
export type PaynetDepositAnswer = v.InferOutput<typeof PaynetDepositAnswerSchema>;

const FLOW_ERRORS = ['flow_token_required', 'checkout_not_found', 'checkout_expired'] as const;
const IDEMPOTENCY_ERRORS = ['idempotency_key_reused', 'idempotency_in_flight'] as const;

export const paynetDeposit = endpoint({
  id: 'paynet.deposit',
  method: 'POST',
  base: 'main',
  path: 'paynet/deposit',
  caller: 'flow',
  body: PaynetDepositBodySchema,
  answer: PaynetDepositAnswerSchema,
  format: 'checkout',
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Authorises the flow token\'s checkout on a card (test acquirer), with 3-D Secure when the card asks for it; the card is captured and the coins sent once the guest is cleared.',
    description: 'Requires an Idempotency-Key. The charge is the checkout\'s quote, taken once: an expired quote holds nothing and answers outcome repriced with the new figures. The flow user\'s details (checkout/billing) must be saved first. An approved card is authorised (checkout authorized: the fiat held, the coins reserved) and captured when the checkout is cleared: its email and mobile verified by code (verify/checkVerify) and, above the provider\'s basic buy limit, the guest\'s identity approved (checkout/updatekyc); if it already is, the answer is captured. Above the verified level\'s buy limit the call answers checkout_limit_exceeded before any charge. A declined card or a failed 3-D Secure check fails the checkout with nothing held; an authorised checkout not cleared before it expires, canceled, or whose identity is rejected is released (failed or canceled, nothing charged).',
    errors: [...FLOW_ERRORS, 'card_declined', 'card_invalid', 'checkout_status_invalid', 'checkout_details_required', 'checkout_address_required', 'checkout_kyc_required', 'checkout_limit_exceeded', 'checkout_challenge_not_pending', 'liquidity_unavailable', 'rates_unavailable', 'validation_failed', ...IDEMPOTENCY_ERRORS],
    example: {
      body: { step: 'card', card: { number: '4000 0027 6000 3184', exp_month: '12', exp_year: '2028', cvc: '123', holder: 'Ana García' } },
      answer: { outcome: 'three_d_secure', checkout: { ...EXAMPLE_FILLED, status: 'pending', step: 'payment' }, card: 'Visa •••• 3184', next_action: { type: 'three_d_secure', message: 'Your bank asks you to confirm this payment. Approve it in the test bank\'s window to pay.' } },
    },
  },
});

export const PAYNET_ENDPOINTS = [paynetDeposit];
