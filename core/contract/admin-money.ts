// The operator console's money area (/sys-admin/money/...), for operators with the finance or admin
// role of one provider: pending wire deposits to match (or reject), large withdrawals held for two
// operators' approval (maker-checker), the provider's approval threshold, merchant payouts (a
// rejected one can be sent again), and the ledger check. Every change is written to the audit log in
// the same database transaction. The operator acts only on its own provider's records: another
// provider's reference or id answers exactly like one that does not exist.
//
// No endpoint here takes an Idempotency-Key: each action is idempotent by the state it needs (a
// matched wire is no longer pending, so a retried match answers wire_not_found and credits nothing;
// an approved step refuses a second one; a retried payout finds its conversions covered).

import * as v from 'valibot';
import { PAYOUT_STATUSES, PayoutSchema, type Payout } from './settlements.ts';
import { endpoint } from './endpoint.ts';
import { AccountFiatSchema, AmountInputSchema, AssetSchema, Decimal, IsoTime, pageQuery, required, REQUIRED_FIELD } from './fields.ts';
import { object, strictObject } from './schema-kit.ts';
import { EXAMPLE_TRANSACTION, TransactionRecordSchema, type TransactionRecord } from './transactions.ts';

/** Who may use the money area: least privilege, admin listed explicitly (support and compliance may not). */
export const MONEY_ROLES = ['finance', 'admin'] as const;
/** Who may change the approval threshold: the control over the checkers is not theirs to loosen. */
export const THRESHOLD_ROLES = ['admin'] as const;

/** The member a record belongs to, as an operator needs to recognise them; member_id opens /sys-admin/members/:id. */
const MemberSchema = v.object({ member_id: v.string(), email: v.string(), name: v.string() });

// ---- Wires ----

export const PendingWiresQuerySchema = object({
  /** Part of a reference, as the bank statement shows it (case and dashes do not matter). */
  reference: v.optional(v.pipe(v.string('Send text.'), v.trim(), v.maxLength(40, 'Use at most 40 characters.'))),
  ...pageQuery,
});

export const PendingWireSchema = v.object({
  transaction_id: v.string(),
  reference: v.string(),
  member: MemberSchema,
  currency: AccountFiatSchema,
  expected_amount: Decimal,
  created_at: IsoTime,
});
export type PendingWire = v.InferOutput<typeof PendingWireSchema>;

export const PendingWiresSchema = v.object({ wires: v.array(PendingWireSchema), page: v.number(), per_page: v.number(), total: v.number() });
export type PendingWires = v.InferOutput<typeof PendingWiresSchema>;

const ReferenceSchema = v.pipe(required(), v.maxLength(40, 'Use at most 40 characters.'));

export const MatchWireSchema = strictObject({
  reference: ReferenceSchema,
  /** What arrived, in the deposit's currency; default the expected amount. */
  amount: v.optional(AmountInputSchema),
});

export const MatchWireAnswerSchema = v.object({
  transaction: TransactionRecordSchema,
  expected_amount: Decimal,
  credited_amount: Decimal,
  /** True when what arrived differs from what the member announced (the member is credited what arrived). */
  differs: v.boolean(),
});
export type MatchWireAnswer = v.InferOutput<typeof MatchWireAnswerSchema>;

export const RejectWireSchema = strictObject({ reference: ReferenceSchema });
export const WireAnswerSchema = v.object({ transaction: TransactionRecordSchema });

// ---- Maker-checker withdrawals ----

export const APPROVAL_STEPS = ['awaiting_first', 'awaiting_second'] as const;

export const HeldWithdrawalSchema = v.object({
  transaction: TransactionRecordSchema,
  member: MemberSchema,
  /** EUR value when it was held; null when no price was known (held to be safe). */
  value_eur: v.nullable(Decimal),
  threshold_eur: Decimal,
  step: v.picklist(APPROVAL_STEPS),
  /** The maker, once someone approved it first. */
  first_approval: v.nullable(v.object({ operator: v.string(), at: IsoTime, by_you: v.boolean() })),
  held_at: IsoTime,
});
export type HeldWithdrawal = v.InferOutput<typeof HeldWithdrawalSchema>;

export const HeldWithdrawalsQuerySchema = object({ ...pageQuery });
export const HeldWithdrawalsSchema = v.object({
  withdrawals: v.array(HeldWithdrawalSchema),
  threshold_eur: Decimal,
  page: v.number(),
  per_page: v.number(),
  total: v.number(),
});
export type HeldWithdrawals = v.InferOutput<typeof HeldWithdrawalsSchema>;

const TransactionIdField = v.pipe(required(), v.maxLength(64, 'The transaction id is too long.'));
export const ApproveWithdrawalSchema = strictObject({ transaction_id: TransactionIdField });
export const RejectWithdrawalSchema = strictObject({
  transaction_id: TransactionIdField,
  /** Sent to the member: say what they can do about it. */
  reason: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.minLength(5, 'Tell the member why, in at least 5 characters.'), v.maxLength(500, 'Use at most 500 characters.')),
});
export const ApprovalAnswerSchema = v.object({
  transaction: TransactionRecordSchema,
  /** awaiting_second: approved once, a second operator must confirm; approved: released to the payout worker; rejected. */
  state: v.picklist(['awaiting_second', 'approved', 'rejected']),
});
export type ApprovalAnswer = v.InferOutput<typeof ApprovalAnswerSchema>;

export const ApprovalThresholdSchema = v.object({ threshold_eur: Decimal, is_default: v.boolean() });
export type ApprovalThresholdAnswer = v.InferOutput<typeof ApprovalThresholdSchema>;
export const UpdateThresholdSchema = strictObject({ threshold_eur: AmountInputSchema });

// ---- Merchant payouts ----

export const AdminPayoutSchema = v.object({ ...PayoutSchema.entries, merchant_id: v.string(), merchant_name: v.string() });
export type AdminPayout = v.InferOutput<typeof AdminPayoutSchema>;
export const AdminPayoutsQuerySchema = object({ status: v.optional(v.picklist(PAYOUT_STATUSES, `Choose one of: ${PAYOUT_STATUSES.join(', ')}.`)), ...pageQuery });
export const AdminPayoutsSchema = v.object({ payouts: v.array(AdminPayoutSchema), page: v.number(), per_page: v.number(), total: v.number() });
export type AdminPayouts = v.InferOutput<typeof AdminPayoutsSchema>;
export const RetryPayoutSchema = strictObject({
  payout_id: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.regex(/^po_[A-Za-z0-9_-]{8,40}$/, 'Send the payout id, like "po_…".')),
});

// ---- Ledger ----

export const LedgerReportSchema = v.object({
  ok: v.boolean(),
  checked_at: IsoTime,
  accounts: v.number(),
  transfers: v.number(),
  /** At most 50 of each kind; each says what does not add up. */
  violations: v.array(v.string()),
  /** Per asset, the sums over the provider's accounts; difference = debits - credits, zero when balanced. */
  assets: v.array(
    v.object({
      asset: AssetSchema,
      debits_posted: Decimal,
      credits_posted: Decimal,
      difference_posted: Decimal,
      debits_pending: Decimal,
      credits_pending: Decimal,
      difference_pending: Decimal,
    }),
  ),
});
export type LedgerReport = v.InferOutput<typeof LedgerReportSchema>;

// ---- Examples ----

const OPERATOR_ERRORS = ['operator_session_required', 'operator_forbidden'] as const;
const EXAMPLE_MEMBER = { member_id: '1031', email: 'ana@example.com', name: 'Ana Lopez' };
const EXAMPLE_WIRE: TransactionRecord = {
  ...EXAMPLE_TRANSACTION,
  id: 'txn_8Hk2Pq4Rs6Tu8Vw0Xy2Za4',
  type: 'deposit',
  operation: null,
  status: 'completed',
  payment_status: 'successful',
  method: 'wire',
  currency_iso: 'EUR',
  amount: '245.00',
  currency_2_iso: null,
  amount_2: null,
  fee: '0.00',
  fee_currency: 'EUR',
  rate: null,
  counterparty: null,
  reference: 'VRD-7KQ2-M9XD',
};
const EXAMPLE_HELD: TransactionRecord = {
  ...EXAMPLE_WIRE,
  id: 'txn_2Bc4De6Fg8Hj0Kl2Mn4Pq6',
  type: 'withdrawal',
  status: 'awaiting_approval',
  payment_status: null,
  amount: '12000.00',
  fee: '1.00',
  counterparty: 'DE89 •••• 3000',
  reference: null,
};
const EXAMPLE_PAYOUT: Payout = {
  payout_id: 'po_8Jq2mXv0Rk4TzN1b',
  status: 'rejected',
  trigger: 'scheduled',
  currency: 'EUR',
  amount: '118.80',
  fee: '0.00',
  payments: 1,
  bank_iban: 'GB82 •••• 5432',
  bank_name: 'Westminster Bank',
  rejection_reason: 'The receiving bank rejected the transfer (test bank: this IBAN is always rejected).',
  created_at: '2026-11-24T10:00:00.000Z',
  resolved_at: '2026-11-24T10:00:10.000Z',
};
const EXAMPLE_ADMIN_PAYOUT: AdminPayout = { ...EXAMPLE_PAYOUT, merchant_id: 'mch_demo_verdant', merchant_name: 'Verdant Garden Supplies' };

// ---- Endpoints ----

export const adminPendingWires = endpoint({
  id: 'adminMoney.pendingWires',
  method: 'GET',
  base: 'main',
  path: 'admin/money/wires',
  caller: 'operator',
  roles: MONEY_ROLES,
  query: PendingWiresQuerySchema,
  answer: PendingWiresSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Wire deposits still waiting for their money, oldest first, optionally those whose reference contains some text.',
    errors: [...OPERATOR_ERRORS],
    example: {
      query: { reference: '7KQ2', page: '1', per_page: '20' },
      answer: { wires: [{ transaction_id: EXAMPLE_WIRE.id, reference: 'VRD-7KQ2-M9XD', member: EXAMPLE_MEMBER, currency: 'EUR', expected_amount: '250.00', created_at: '2026-11-23T10:00:00.000Z' }], page: 1, per_page: 20, total: 1 },
    },
  },
});

export const adminMatchWire = endpoint({
  id: 'adminMoney.matchWire',
  method: 'POST',
  base: 'main',
  path: 'admin/money/wires/match',
  caller: 'operator',
  roles: MONEY_ROLES,
  body: MatchWireSchema,
  answer: MatchWireAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The wire with this reference arrived: credits the member what arrived (the expected amount when no amount is sent) and completes the deposit.',
    description: 'Audited as `wire.match`. A second match of the same reference finds no pending wire and credits nothing.',
    errors: [...OPERATOR_ERRORS, 'wire_not_found'],
    example: { body: { reference: 'VRD-7KQ2-M9XD', amount: '245.00' }, answer: { transaction: EXAMPLE_WIRE, expected_amount: '250.00', credited_amount: '245.00', differs: true } },
  },
});

export const adminRejectWire = endpoint({
  id: 'adminMoney.rejectWire',
  method: 'POST',
  base: 'main',
  path: 'admin/money/wires/reject',
  caller: 'operator',
  roles: MONEY_ROLES,
  body: RejectWireSchema,
  answer: WireAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The wire with this reference will not arrive: cancels the deposit, crediting nothing.',
    description: 'Audited as `wire.reject`.',
    errors: [...OPERATOR_ERRORS, 'wire_not_found'],
    example: { body: { reference: 'VRD-7KQ2-M9XD' }, answer: { transaction: { ...EXAMPLE_WIRE, status: 'canceled', payment_status: 'canceled', amount: '250.00' } } },
  },
});

export const adminHeldWithdrawals = endpoint({
  id: 'adminMoney.heldWithdrawals',
  method: 'GET',
  base: 'main',
  path: 'admin/money/withdrawals',
  caller: 'operator',
  roles: MONEY_ROLES,
  query: HeldWithdrawalsQuerySchema,
  answer: HeldWithdrawalsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Withdrawals held for approval (worth the threshold or more), oldest first, with who approved first.',
    errors: [...OPERATOR_ERRORS],
    example: {
      query: { page: '1', per_page: '20' },
      answer: {
        withdrawals: [{ transaction: EXAMPLE_HELD, member: EXAMPLE_MEMBER, value_eur: '12000.00', threshold_eur: '10000.00', step: 'awaiting_second', first_approval: { operator: 'Fran Finance', at: '2026-11-23T10:05:00.000Z', by_you: false }, held_at: '2026-11-23T10:00:00.000Z' }],
        threshold_eur: '10000.00',
        page: 1,
        per_page: 20,
        total: 1,
      },
    },
  },
});

export const adminApproveWithdrawal = endpoint({
  id: 'adminMoney.approveWithdrawal',
  method: 'POST',
  base: 'main',
  path: 'admin/money/withdrawals/approve',
  caller: 'operator',
  roles: MONEY_ROLES,
  body: ApproveWithdrawalSchema,
  answer: ApprovalAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Approves a held withdrawal: the first approval records you as the maker; a second, by another operator, releases it to be sent.',
    description: 'Audited as `withdrawal.approve`. The operator who approved first cannot give the second approval (`approval_same_operator`).',
    errors: [...OPERATOR_ERRORS, 'transaction_not_found', 'withdrawal_not_awaiting_approval', 'approval_same_operator'],
    example: { body: { transaction_id: EXAMPLE_HELD.id }, answer: { transaction: { ...EXAMPLE_HELD, status: 'pending' }, state: 'approved' } },
  },
});

export const adminRejectWithdrawal = endpoint({
  id: 'adminMoney.rejectWithdrawal',
  method: 'POST',
  base: 'main',
  path: 'admin/money/withdrawals/reject',
  caller: 'operator',
  roles: MONEY_ROLES,
  body: RejectWithdrawalSchema,
  answer: ApprovalAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Rejects a held withdrawal: the reserved amount and fee go back to the member, who is mailed the reason.',
    description: 'Audited as `withdrawal.reject`.',
    errors: [...OPERATOR_ERRORS, 'transaction_not_found', 'withdrawal_not_awaiting_approval'],
    example: { body: { transaction_id: EXAMPLE_HELD.id, reason: 'The receiving account is not in your name. Add an account in your name and withdraw again.' }, answer: { transaction: { ...EXAMPLE_HELD, status: 'failed' }, state: 'rejected' } },
  },
});

export const adminApprovalThreshold = endpoint({
  id: 'adminMoney.approvalThreshold',
  method: 'GET',
  base: 'main',
  path: 'admin/money/approval-threshold',
  caller: 'operator',
  roles: MONEY_ROLES,
  answer: ApprovalThresholdSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The EUR value from which a withdrawal waits for two operators.',
    errors: [...OPERATOR_ERRORS],
    example: { answer: { threshold_eur: '10000.00', is_default: true } },
  },
});

export const adminUpdateApprovalThreshold = endpoint({
  id: 'adminMoney.updateApprovalThreshold',
  method: 'PUT',
  base: 'main',
  path: 'admin/money/approval-threshold',
  caller: 'operator',
  roles: THRESHOLD_ROLES,
  body: UpdateThresholdSchema,
  answer: ApprovalThresholdSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Sets the EUR value from which a withdrawal waits for two operators (admin only); applies to withdrawals confirmed from now on.',
    description: 'Audited as `withdrawal_threshold.update`.',
    errors: [...OPERATOR_ERRORS],
    example: { body: { threshold_eur: '5000.00' }, answer: { threshold_eur: '5000.00', is_default: false } },
  },
});

export const adminPayouts = endpoint({
  id: 'adminMoney.payouts',
  method: 'GET',
  base: 'main',
  path: 'admin/money/payouts',
  caller: 'operator',
  roles: MONEY_ROLES,
  query: AdminPayoutsQuerySchema,
  answer: AdminPayoutsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: "Merchant payouts to their banks, newest first, optionally only pending, paid or rejected ones.",
    errors: [...OPERATOR_ERRORS],
    example: { query: { status: 'rejected', page: '1', per_page: '20' }, answer: { payouts: [EXAMPLE_ADMIN_PAYOUT], page: 1, per_page: 20, total: 1 } },
  },
});

export const adminRetryPayout = endpoint({
  id: 'adminMoney.retryPayout',
  method: 'POST',
  base: 'main',
  path: 'admin/money/payouts/retry',
  caller: 'operator',
  roles: MONEY_ROLES,
  body: RetryPayoutSchema,
  answer: AdminPayoutSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: "Sends a rejected payout's money again, as a new payout to the merchant's current settlement bank account.",
    description: 'Audited as `payout.retry`. The new payout covers every converted settlement no payout covers, the rejected one\'s included; if the merchant has not corrected a rejected account, the bank may reject it again.',
    errors: [...OPERATOR_ERRORS, 'payout_not_found', 'payout_not_retryable', 'nothing_to_pay_out', 'settlement_info_missing'],
    example: { body: { payout_id: EXAMPLE_PAYOUT.payout_id }, answer: { ...EXAMPLE_ADMIN_PAYOUT, payout_id: 'po_3Mn5Bv7Cx9Zl1Kj', status: 'pending', trigger: 'on_demand', rejection_reason: null, resolved_at: null, bank_iban: 'DE89 •••• 3000', bank_name: 'Deutsche Bank' } },
  },
});

export const adminLedgerCheck = endpoint({
  id: 'adminMoney.ledgerCheck',
  method: 'GET',
  base: 'main',
  path: 'admin/money/ledger-check',
  caller: 'operator',
  roles: MONEY_ROLES,
  answer: LedgerReportSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: "Runs the ledger check (the same as npm run ledger:check) over the provider's accounts: balanced per asset, every account's sums recomputed, nothing below zero, each reservation resolved once.",
    errors: [...OPERATOR_ERRORS],
    example: {
      answer: {
        ok: true,
        checked_at: '2026-11-24T10:00:00.000Z',
        accounts: 42,
        transfers: 318,
        violations: [],
        assets: [{ asset: 'EUR', debits_posted: '10250.00', credits_posted: '10250.00', difference_posted: '0.00', debits_pending: '12001.00', credits_pending: '12001.00', difference_pending: '0.00' }],
      },
    },
  },
});

export const ADMIN_MONEY_ENDPOINTS = [
  adminPendingWires,
  adminMatchWire,
  adminRejectWire,
  adminHeldWithdrawals,
  adminApproveWithdrawal,
  adminRejectWithdrawal,
  adminApprovalThreshold,
  adminUpdateApprovalThreshold,
  adminPayouts,
  adminRetryPayout,
  adminLedgerCheck,
];
