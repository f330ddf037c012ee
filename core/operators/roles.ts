// The operator console's roles (the provider's own staff). Least privilege: every console endpoint
// lists the roles that may call it (core/contract/endpoint.ts `roles`), and admin is not implied:
// an endpoint admin may call lists 'admin' like any other role.
//   admin       runs the console: operators' oversight (the audit log), white-label, fees, merchants
//   compliance  reviews members' identity (KYC) and limits
//   finance     money: wires, withdrawals, payouts, the ledger
//   support     helps members: finds them, blocks and unblocks, signs them out

export const OPERATOR_ROLES = ['admin', 'compliance', 'finance', 'support'] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}
