// Making an operator: the password hashed, the TOTP secret sealed. Used by the seed (demo operators in
// test mode), the test kit and the CLI; the console's own operator management comes later.

import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { secretFromBytes, TOTP_SECRET_BYTES } from '#core/compliance/totp.ts';
import type { OperatorRole } from '#core/operators/roles.ts';
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/schema.ts';
import type { TotpBox } from './totp-box.ts';

export interface NewOperator {
  providerId: bigint;
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
  /** base32; a fresh random one when left out. */
  totpSecret?: string;
}

export function newTotpSecret(): string {
  return secretFromBytes(randomBytes(TOTP_SECRET_BYTES));
}

/** Inserts the operator (nothing when the provider already has one with this email: then `totpSecret` is the one given, which the stored row may not have). */
export async function createOperator(
  db: Kysely<Database> | Transaction<Database>,
  box: TotpBox,
  operator: NewOperator,
  passwordHash?: string,
): Promise<{ id: bigint; totpSecret: string; created: boolean }> {
  const email = operator.email.trim().toLowerCase();
  const totpSecret = operator.totpSecret ?? newTotpSecret();
  const inserted = await db
    .insertInto('operators')
    .values({
      provider_id: operator.providerId,
      email,
      name: operator.name,
      role: operator.role,
      password_hash: passwordHash ?? (await hashPassword(operator.password)),
      totp_secret_sealed: box.seal({ providerId: operator.providerId, email }, totpSecret),
    })
    .onConflict((conflict) => conflict.columns(['provider_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, totpSecret, created: true };
  const existing = await db.selectFrom('operators').select('id').where('provider_id', '=', operator.providerId).where('email', '=', email).executeTakeFirstOrThrow();
  return { id: existing.id, totpSecret, created: false };
}
