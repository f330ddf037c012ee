// The demo operators of test mode: one per console role for each demo provider, with a known password
// and a known TOTP secret, so `npm start` can print logins a developer types into /sys-admin/login (the
// code from any authenticator app fed the printed otpauth URI, or computed with core/compliance/totp.ts).
// Never in live mode: a known secret is a known credential.

import type { Transaction } from 'kysely';
import { otpauthUri } from '#core/compliance/totp.ts';
import { OPERATOR_ROLES, type OperatorRole } from '#core/operators/roles.ts';
import type { Database } from '../db/schema.ts';
import { createOperator } from '../operators/create-operator.ts';
import type { TotpBox } from '../operators/totp-box.ts';

export const DEMO_OPERATOR_PASSWORD = 'Demo-operator-2026!';

/** Fixed base32 secrets (20 bytes each), the same on both demo providers. */
const DEMO_TOTP_SECRETS: Record<OperatorRole, string> = {
  admin: 'ZIKELHS4C72GGFID7T335URZOWHJX2C6',
  compliance: '7JFG6FXKRUI5GDGEZPUISE4CMQYKW5NV',
  finance: '4JJ5QMV2XABYSS6MMY44HWK5ES2SM5OM',
  support: 'QF2DOPTB4ZFW6AMSCSBND4LCL4R6GBIU',
};

const DEMO_NAMES: Record<OperatorRole, string> = {
  admin: 'Robin Admin',
  compliance: 'Casey Compliance',
  finance: 'Frankie Finance',
  support: 'Sasha Support',
};

export interface DemoOperator {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
}

export const DEMO_OPERATORS: readonly DemoOperator[] = OPERATOR_ROLES.map((role) => ({
  email: `${role}@operators.demo.test`,
  name: DEMO_NAMES[role],
  role,
  password: DEMO_OPERATOR_PASSWORD,
  totpSecret: DEMO_TOTP_SECRETS[role],
}));

export function demoOperator(role: OperatorRole): DemoOperator {
  return DEMO_OPERATORS.find((operator) => operator.role === role) as DemoOperator;
}

export function demoOtpauthUri(operator: DemoOperator, issuer: string): string {
  return otpauthUri({ issuer, account: operator.email, secret: operator.totpSecret });
}

/** Inserts the demo operators the provider lacks (ON CONFLICT DO NOTHING: an edited operator stays as it is). */
export async function seedDemoOperators(trx: Transaction<Database>, box: TotpBox, providerId: bigint, passwordHash: string): Promise<void> {
  for (const operator of DEMO_OPERATORS) {
    await createOperator(trx, box, { providerId, email: operator.email, name: operator.name, role: operator.role, password: operator.password, totpSecret: operator.totpSecret }, passwordHash);
  }
}
