// The console's first page: a few counts of the areas the operator's role may use (core/operators/areas.ts).
// A count of an area the role may not use is left out of the answer, not sent as zero.

import * as v from 'valibot';
import { OPERATOR_ROLES } from '../operators/roles.ts';
import { endpoint } from './endpoint.ts';

export const OverviewSchema = v.object({
  /** members: all members; blocked members. */
  members: v.optional(v.object({ total: v.number(), blocked: v.number() })),
  /** compliance: identity checks waiting for an operator's decision (applications in review, a verified member's proof of address too). */
  compliance: v.optional(v.object({ in_review: v.number() })),
  /** money: wire deposits waiting for their money; withdrawals held for the two operators' approval. */
  money: v.optional(v.object({ pending_wires: v.number(), awaiting_approval: v.number() })),
  /** merchants: merchant accounts. */
  merchants: v.optional(v.object({ total: v.number() })),
  /** audit: entries written today (UTC). */
  audit: v.optional(v.object({ today: v.number() })),
});
export type Overview = v.InferOutput<typeof OverviewSchema>;

export const adminOverview = endpoint({
  id: 'adminOverview.get',
  method: 'GET',
  base: 'main',
  path: 'admin/overview',
  caller: 'operator',
  roles: OPERATOR_ROLES,
  answer: OverviewSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Counts for the console\'s overview: only the areas the operator\'s role may use.',
    errors: ['operator_session_required'],
    example: { answer: { members: { total: 1204, blocked: 3 }, compliance: { in_review: 12 }, money: { pending_wires: 4, awaiting_approval: 1 }, merchants: { total: 41 }, audit: { today: 87 } } },
  },
});

export const ADMIN_OVERVIEW_ENDPOINTS = [adminOverview] as const;
