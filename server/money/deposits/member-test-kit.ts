// What the deposit and withdrawal tests share: fresh members (each scenario its own, so one test's
// balance or code limits never leak into another), requests with an Idempotency-Key, and reading
// balances and the ledger check. Members get the seeded demo member's password hash, so no test
// pays for hashing a password.

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { Database, UserPermissions } from '../../db/schema.ts';
import { toJsonb } from '../../db/jsonb.ts';
import { DEMO_MEMBER } from '../../seed/seed.ts';
import { call, randomIp, signIn, type LooseEnvelope } from '../../identity/session-test-kit.ts';
import { balanceOf, createTransfers, findAccount } from '../../ledger/index.ts';
import { latestCode } from '../../notifications/test-outbox.ts';
import { houseAccount, walletAccount } from '../wallet-accounts.ts';

export interface TestMember {
  userId: bigint;
  providerId: bigint;
  email: string;
  credential: string;
  host: string;
}

const HOSTS: Record<'1' | '2', string> = { '1': 'localhost', '2': 'wl2.localhost' };

/**
 * A fresh signed-in member. By default identity-verified (email, phone, compliance_status successful:
 * the `verified` level of server/limits/), so the money tests are not about limits; `basic` has
 * only email and phone verified.
 */
export async function newMember(app: FastifyInstance, options: { wlId?: '1' | '2'; permissions?: UserPermissions; level?: 'basic' | 'verified' } = {}): Promise<TestMember> {
  const wlId = options.wlId ?? '1';
  const db = app.db;
  const provider = await db.selectFrom('providers').select('id').where('wl_id', '=', wlId).executeTakeFirstOrThrow();
  const demo = await db.selectFrom('users').select('password_hash').where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
  const email = `m-${randomBytes(5).toString('hex')}@money.test`;
  const user = await db
    .insertInto('users')
    .values({
      provider_id: provider.id,
      email,
      password_hash: demo.password_hash,
      role: 'member',
      first_name: 'Test',
      last_name: 'Member',
      permissions: toJsonb(options.permissions ?? { send: 1, withdrawal: 0, widget: 0, fiat_withdrawals: 0 }),
      email_verified: true,
      mobile_verified: true,
      compliance_status: options.level === 'basic' ? 'pending' : 'successful',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signed = await signIn(app, email, DEMO_MEMBER.password, HOSTS[wlId]);
  return { userId: user.id, providerId: provider.id, email, credential: signed.credential, host: HOSTS[wlId] };
}

export interface Answer {
  status: number;
  body: LooseEnvelope;
  headers: Record<string, unknown>;
}

/** A member's request; `idempotencyKey` sets the Idempotency-Key header. */
export async function send(app: FastifyInstance, member: TestMember, method: 'GET' | 'POST', url: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
  if (idempotencyKey === undefined) {
    const answer = await call(app, method, url, body, { credential: member.credential, host: member.host });
    return { status: answer.status, body: answer.body, headers: answer.response.headers };
  }
  const response = await app.inject({
    method,
    url,
    remoteAddress: randomIp(),
    headers: {
      host: member.host,
      origin: 'http://localhost:8182',
      authorization: `Bearer ${member.credential}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
    },
    payload: JSON.stringify(body ?? {}),
  });
  return { status: response.statusCode, body: response.json<LooseEnvelope>(), headers: response.headers };
}

export interface Balance {
  balance: bigint;
  available: bigint;
  pendingIn: bigint;
}

export async function walletBalance(db: Kysely<Database>, member: Pick<TestMember, 'providerId' | 'userId'>, asset: Asset): Promise<Balance> {
  const account = await findAccount(db, { providerId: member.providerId, owner: { type: 'user', userId: member.userId }, asset, kind: 'wallet' });
  return account ? balanceOf(account) : { balance: 0n, available: 0n, pendingIn: 0n };
}

export async function houseBalance(db: Kysely<Database>, providerId: bigint, asset: Asset, kind: 'fees' | 'world'): Promise<bigint> {
  const account = await findAccount(db, { providerId, owner: { type: 'house' }, asset, kind });
  if (!account) return 0n;
  // 'world' is debit-normal: what went out to the world is its credits; report the signed credit-normal figure.
  return account.creditsPosted - account.debitsPosted;
}

/** The code of the newest message to the member (the withdrawal code mail). */
export async function newestCode(db: Kysely<Database>, member: TestMember): Promise<string> {
  const code = await latestCode(db, member.email);
  if (!code) throw new Error(`no code was sent to ${member.email}`);
  return code;
}

export const VISA_OK = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2034', cvc: '123', holder: 'Test Member' };

/** Funds a member's fiat wallet with a successful test card deposit of `amount` (the wallet gets amount minus the card fee). */
export async function fundByCard(app: FastifyInstance, member: TestMember, currency: Asset, amount: string): Promise<void> {
  const answer = await send(app, member, 'POST', '/v1/transactions/deposit', { method: 'card', currency, amount, card: VISA_OK });
  if (answer.status !== 200) throw new Error(`fundByCard failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** Puts `minor` of `asset` into a member's wallet straight through the ledger (world -> wallet), like an arrived deposit. */
export async function creditWallet(db: Kysely<Database>, member: Pick<TestMember, 'providerId' | 'userId'>, asset: Asset, minor: bigint): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const wallet = await walletAccount(trx, { providerId: member.providerId, userId: member.userId, asset });
    const world = await houseAccount(trx, { providerId: member.providerId, asset, kind: 'world' });
    const result = await createTransfers(trx, [{ id: `test-credit:${randomBytes(8).toString('hex')}`, debitAccountId: world.id, creditAccountId: wallet.id, amount: minor, code: 'deposit' }]);
    if (!result.ok) throw new Error(`creditWallet: ${result.code}`);
  });
}
