// The console's areas, the page each opens and the roles that may use it: the side nav shows only the
// areas of the operator's role, and the overview counts only those. The endpoints of an area list the
// same roles (or fewer); the server's guard is what enforces them, this table only keeps the nav honest.

import type { OperatorRole } from './roles.ts';

export const CONSOLE_AREAS = ['compliance', 'members', 'money', 'chains', 'merchants', 'fees', 'whitelabel', 'audit'] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

export const AREA_ROLES: Record<ConsoleArea, readonly OperatorRole[]> = {
  compliance: ['compliance', 'admin'],
  members: ['support', 'compliance', 'admin'],
  money: ['finance', 'admin'],
  // The chain watchers and hot wallets, read only (core/contract/admin-chains.ts CHAINS_ROLES): support answers
  // members whose payment has not arrived.
  chains: ['admin', 'finance', 'support'],
  merchants: ['admin', 'support'],
  fees: ['finance', 'admin'],
  whitelabel: ['admin'],
  // The log of every operator's actions is oversight of the operators themselves: admin only.
  audit: ['admin'],
};

/** The console path of an area, relative to /sys-admin. */
export const AREA_PATH: Record<ConsoleArea, string> = {
  compliance: '/compliance',
  members: '/members',
  money: '/money',
  chains: '/chains',
  merchants: '/merchants',
  fees: '/fees',
  whitelabel: '/whitelabel',
  audit: '/audit',
};

export function areasFor(role: OperatorRole): ConsoleArea[] {
  return CONSOLE_AREAS.filter((area) => AREA_ROLES[area].includes(role));
}
