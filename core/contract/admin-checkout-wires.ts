// The console's Incoming wires (/sys-admin/money/incoming-wires): the guest checkouts' wires still
// awaited, and the operator's match of one that arrived. A match needs the reference (its check
// character catches a typo before anything is looked up), the amount and the currency exactly as the
// order expects: then, in one transaction, the money is posted, the coins reserved, the checkout made
// successful and the audit row (`checkout_wire.match`) written. Anything else is refused and moves nothing.
// Same roles as the money area (finance, admin); the operator sees only its own provider's wires.

import * as v from 'valibot';
import { MONEY_ROLES } from './admin-money.ts';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, Decimal, FiatSchema, IsoTime, pageQuery, required } from './fields.ts';
import { object, strictObject } from './schema-kit.ts';

export const IncomingWireSchema = v.object({
  payment_id: v.string(),
  reference: v.string(),
  checkout_id: v.string(),
  /** The buyer as they gave their details. */
  buyer: v.object({ name: v.string(), email: v.string() }),
  payment_method: v.string(),
  amount: Decimal,
  currency: FiatSchema,
  window_ends_at: IsoTime,
  created_at: IsoTime,
});
export type IncomingWire = v.InferOutput<typeof IncomingWireSchema>;

export const IncomingWiresSchema = v.object({ wires: v.array(IncomingWireSchema), page: v.number(), per_page: v.number(), total: v.number() });
export type IncomingWires = v.InferOutput<typeof IncomingWiresSchema>;

export const MatchIncomingWireSchema = strictObject({
  reference: v.pipe(required(), v.maxLength(40, 'Use at most 40 characters.')),
  /** What arrived, as the bank statement shows it. */
  amount: AmountInputSchema,
  currency: FiatSchema,
});

export const MatchIncomingWireAnswerSchema = v.object({
  payment_id: v.string(),
  reference: v.string(),
  checkout_id: v.string(),
  amount: Decimal,
  currency: FiatSchema,
  /** The coins reserved for the buyer, sent by the delivery worker. */
  crypto_amount: Decimal,
  crypto_currency: v.string(),
});

const OPERATOR_ERRORS = ['operator_session_required', 'operator_forbidden'] as const;
const EXAMPLE_INCOMING: IncomingWire = {
  payment_id: 'cpay_Hq3Lm8Tz2Wc9Rb5Vn1Kd8P',
  reference: 'VRD-7KQ2-M9XD',
  checkout_id: 'chk_Qm4Tz8Wc2Lx9Rb5Vn1Kd8P',
  buyer: { name: 'Ana García', email: 'ana@example.com' },
  payment_method: 'SEPA',
  amount: '300.00',
  currency: 'EUR',
  window_ends_at: '2026-11-29T10:00:00.000Z',
  created_at: '2026-11-24T10:00:00.000Z',
};

export const adminIncomingWires = endpoint({
  id: 'adminMoney.incomingWires',
  method: 'GET',
  base: 'main',
  path: 'admin/money/incoming-wires',
  caller: 'operator',
  roles: MONEY_ROLES,
  query: object({ ...pageQuery }),
  answer: IncomingWiresSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Guest checkouts\' wires still awaited, the window ending soonest first.',
    errors: [...OPERATOR_ERRORS],
    example: { query: { page: '1', per_page: '20' }, answer: { wires: [EXAMPLE_INCOMING], page: 1, per_page: 20, total: 1 } },
  },
});

export const adminMatchIncomingWire = endpoint({
  id: 'adminMoney.matchIncomingWire',
  method: 'POST',
  base: 'main',
  path: 'admin/money/incoming-wires/match',
  caller: 'operator',
  roles: MONEY_ROLES,
  body: MatchIncomingWireSchema,
  answer: MatchIncomingWireAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The guest\'s wire with this reference arrived with this amount: the checkout is paid and its coins are sent.',
    description:
      'Matched only when the reference\'s check character, the amount and the currency agree with the order; otherwise refused and nothing moves. ' +
      'Audited as `checkout_wire.match`. A second match finds no awaited wire (wire_not_found). No Idempotency-Key: a matched wire is no longer awaited.',
    errors: [...OPERATOR_ERRORS, 'wire_reference_invalid', 'wire_not_found', 'wire_amount_mismatch', 'wire_window_closed', 'liquidity_unavailable', 'validation_failed'],
    example: { body: { reference: 'VRD-7KQ2-M9XD', amount: '300.00', currency: 'EUR' }, answer: { payment_id: EXAMPLE_INCOMING.payment_id, reference: 'VRD-7KQ2-M9XD', checkout_id: EXAMPLE_INCOMING.checkout_id, amount: '300.00', currency: 'EUR', crypto_amount: '0.00479750', crypto_currency: 'BTC' } },
  },
});

export const ADMIN_CHECKOUT_WIRES_ENDPOINTS = [adminIncomingWires, adminMatchIncomingWire];
