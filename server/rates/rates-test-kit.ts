// Helpers for the rates and quotes integration tests: a signed-in member on either seeded provider,
// and money in their wallet put there the way a deposit would (world -> wallet, through the ledger).

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Asset } from '#core/assets.ts';
import { mustParseAmount } from '#core/money.ts';
import { hashPassword } from '../auth/password.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { createTransfers, ensureAccount, ensureHouseAccounts } from '../ledger/index.ts';

export interface TestMember {
  credential: string;
  userId: bigint;
  providerId: bigint;
  host: string;
}

export async function providerIdOf(db: Kysely<Database>, wlId: '1' | '2'): Promise<bigint> {
  return (await db.selectFrom('providers').select('id').where('wl_id', '=', wlId).executeTakeFirstOrThrow()).id;
}

/** A fresh member on wl1 (localhost) or wl2 (wl2.localhost), signed in; each call makes a new one, so balances start at zero. */
export async function newMember(app: FastifyInstance, db: Kysely<Database>, wlId: '1' | '2' = '1'): Promise<TestMember> {
  const host = wlId === '1' ? 'localhost' : 'wl2.localhost';
  const providerId = await providerIdOf(db, wlId);
  const email = `rates-${randomUUID().slice(0, 8)}@demo.test`;
  const password = DEMO_MEMBER.password;
  const user = await db
    .insertInto('users')
    .values({
      provider_id: providerId,
      email,
      password_hash: await hashPassword(password),
      role: 'member',
      first_name: 'Rate',
      last_name: 'Tester',
      mobile: DEMO_MEMBER.mobile,
      permissions: toJsonb(DEMO_MEMBER.permissions),
      date_of_birth: DEMO_MEMBER.dateOfBirth,
      billing: toJsonb(DEMO_MEMBER.billing),
      email_verified: true,
      mobile_verified: true,
      compliance_status: 'successful',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signed = await signIn(app, email, password, host);
  return { credential: signed.credential, userId: user.id, providerId, host };
}

/** Credits `amount` of `asset` to the member's wallet from the outside world, as a deposit would. */
export async function fund(db: Kysely<Database>, member: TestMember, asset: Asset, amount: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const wallet = await ensureAccount(trx, { providerId: member.providerId, owner: { type: 'user', userId: member.userId }, asset, kind: 'wallet' });
    const { world } = await ensureHouseAccounts(trx, member.providerId, asset);
    const result = await createTransfers(trx, [
      { id: `test-fund:${member.userId}:${asset}:${randomUUID()}`, debitAccountId: world.id, creditAccountId: wallet.id, amount: mustParseAmount(amount, asset), code: 'deposit' },
    ]);
    if (!result.ok) throw new Error(`fund: ${result.code} ${result.message}`);
  });
}
