// What the merchant payment tests share: merchant API calls with or without the secret key, paying,
// mining, dropping and undoing blocks on the test network through its public routes, and reading a merchant's ledger balance.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import { call, randomIp, type LooseEnvelope } from '../identity/session-test-kit.ts';
import { balanceOf, findAccount } from '../ledger/index.ts';
import { toJsonb } from '../db/jsonb.ts';
import { issueApiKey } from '../merchants/api-keys.ts';
import type { SeedResult } from '../seed/seed.ts';

export interface MapiAnswer {
  status: number;
  body: LooseEnvelope;
  headers: Record<string, unknown>;
}

export interface MapiCall {
  /** The Authorization header's key (omit for public calls). */
  key?: string;
  idempotencyKey?: string;
}

export async function mapi(app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown, options: MapiCall = {}): Promise<MapiAnswer> {
  const headers: Record<string, string> = { host: 'localhost' };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  const response = await app.inject({ method, url, headers, remoteAddress: randomIp(), ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json() as LooseEnvelope, headers: response.headers };
}

/** The demo merchant's secret key as the test app's seed issued it: only the seed's result holds it (stored hashed). */
export function seededSecretKey(seed: SeedResult | null): string {
  const secret = seed?.merchant.secretKey;
  if (!secret) throw new Error('the seed did not create the demo merchant');
  return secret;
}

export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { merchant_id: 'mch_demo_verdant', currency_1_iso: 'BTC', currency: 'EUR', amount: '120.00', transaction_product: 'Rake', transaction_c1: 'order-17', ...overrides };
}

/** Create a payment with the seeded merchant's key; fails the test on anything but 200. */
export async function createOrder(app: FastifyInstance, key: string, overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const answer = await mapi(app, 'POST', '/mapi/api/transaction', orderBody(overrides), { key, idempotencyKey: randomUUID() });
  if (answer.status !== 200) throw new Error(`createOrder: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.request_details;
}

export async function payOnTestNetwork(app: FastifyInstance, asset: CryptoAsset, address: string, amount: string): Promise<string> {
  const paid = await call(app, 'POST', '/v1/test-network/pay', { asset, address, amount });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body.request_details.txid as string;
}

export async function mine(app: FastifyInstance, blocks: number): Promise<void> {
  const mined = await call(app, 'POST', '/v1/test-network/mine', { blocks });
  if (mined.status !== 200) throw new Error(`mine: ${mined.status} ${JSON.stringify(mined.body)}`);
}

/** A mempool payment vanishes (replaced, double spent); answers how many of our payments it withdrew. */
export async function dropOnTestNetwork(app: FastifyInstance, txid: string): Promise<number> {
  const dropped = await call(app, 'POST', '/v1/test-network/drop', { txid });
  if (dropped.status !== 200) throw new Error(`drop: ${dropped.status} ${JSON.stringify(dropped.body)}`);
  return dropped.body.request_details.withdrawn as number;
}

/** Undo the last `depth` blocks (a reorganisation). */
export async function reorg(app: FastifyInstance, depth: number): Promise<void> {
  const undone = await call(app, 'POST', '/v1/test-network/reorg', { depth });
  if (undone.status !== 200) throw new Error(`reorg: ${undone.status} ${JSON.stringify(undone.body)}`);
}

export async function paymentStatus(app: FastifyInstance, token: string): Promise<Record<string, any>> {
  const answer = await mapi(app, 'POST', '/mapi/api/transaction/status', { merchant_id: 'mch_demo_verdant', transaction_id: token });
  if (answer.status !== 200) throw new Error(`status: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.request_details;
}

/** The merchant's ledger balance in `asset` (0 when it has no account yet). */
export async function merchantBalance(db: Kysely<Database>, merchantId: string, asset: CryptoAsset): Promise<bigint> {
  const merchant = await db.selectFrom('merchants').innerJoin('users', 'users.id', 'merchants.user_id').select(['merchants.id', 'users.provider_id']).where('merchants.merchant_id', '=', merchantId).executeTakeFirstOrThrow();
  const account = await findAccount(db, { providerId: merchant.provider_id, owner: { type: 'merchant', merchantId: merchant.id }, asset, kind: 'merchant_balance' });
  return account ? balanceOf(account).balance : 0n;
}

export async function eventTypes(db: Kysely<Database>, token: string): Promise<string[]> {
  const rows = await db.selectFrom('payment_events').innerJoin('payments', 'payments.id', 'payment_events.payment_id').select('payment_events.type').where('payments.public_id', '=', token).orderBy('payment_events.id').execute();
  return rows.map((row) => row.type);
}

/** Create a payment without a coin (the buyer chooses it in the widget); fails the test on anything but 200. */
export async function createCoinlessOrder(app: FastifyInstance, key: string, overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const body = orderBody(overrides);
  delete body.currency_1_iso;
  const answer = await mapi(app, 'POST', '/mapi/api/transaction', body, { key, idempotencyKey: randomUUID() });
  if (answer.status !== 200) throw new Error(`createCoinlessOrder: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.request_details;
}

/** The buyer's choice of coin, as the widget sends it (public: merchant id and token only). */
export function chooseCoin(app: FastifyInstance, token: string, coin: string, merchantId = 'mch_demo_verdant'): Promise<MapiAnswer> {
  return mapi(app, 'POST', '/mapi/api/transaction/currency', { merchant_id: merchantId, transaction_id: token, currency_1_iso: coin });
}

/** A second merchant on the demo merchant's provider, with its own secret key. */
export async function addMerchant(db: Kysely<Database>): Promise<{ id: bigint; merchantId: string; key: string }> {
  const demo = await db.selectFrom('users').select(['provider_id', 'password_hash']).where('email', '=', 'merchant@demo.test').executeTakeFirstOrThrow();
  const suffix = randomUUID().replace(/-/g, '').slice(0, 8);
  const user = await db
    .insertInto('users')
    .values({ provider_id: demo.provider_id, email: `m-${suffix}@shop.test`, password_hash: demo.password_hash, role: 'merchant', first_name: 'Other', last_name: 'Shop', permissions: toJsonb({ send: 0, withdrawal: 0, widget: 1, fiat_withdrawals: 1 }), email_verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const merchantId = `mch_other_${suffix}`;
  const merchant = await db.insertInto('merchants').values({ user_id: user.id, merchant_id: merchantId, name: 'Other Shop' }).returning('id').executeTakeFirstOrThrow();
  const { key } = await issueApiKey(db, merchant.id, 'other shop');
  return { id: merchant.id, merchantId, key };
}
