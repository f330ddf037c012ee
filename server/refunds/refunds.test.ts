// Refunds and accepted exceptions through the app: payments driven to each exception on the test network,
// the merchant's calls (accept, refund, list, send the link), the buyer's claim, the ledger after each
// journey, and who may do what (a plain member, another merchant, a merchant of the other provider).

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, parseAmount } from '#core/money.ts';
import { settlementSplit } from '#core/payments/payment-rules.ts';
import { DEFAULT_MERCHANT_FEE_BPS } from '#core/payments/merchant-fee.ts';
import { REFUND_CLAIM_TTL_S } from '#core/payments/refund-rules.ts';
import { REJECTED_PAYOUT_ADDRESSES } from '../chain/index.ts';
import { runPayouts } from '../chain/payouts/run-payouts-kit.ts';
import { toJsonb } from '../db/jsonb.ts';
import { randomIp, signIn, ORIGIN } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { listOutbox } from '../notifications/outbox.ts';
import { addMerchant, createOrder, eventTypes, merchantBalance, mine, payOnTestNetwork, paymentStatus } from '../payments/payment-test-kit.ts';
import { sweepPayments } from '../payments/sweeper.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { releaseExpiredRefunds } from './release-expired.ts';

const MERCHANT = 'mch_demo_verdant';
const BUYER_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

function minor(amount: string): bigint {
  const parsed = parseAmount(amount, 'BTC');
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

interface Answer {
  status: number;
  body: any;
}

async function send(app: FastifyInstance, method: 'GET' | 'POST', url: string, body: unknown, options: { credential?: string; host?: string; key?: string; ip?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { host: options.host ?? 'localhost', origin: ORIGIN };
  if (options.credential) headers.authorization = `Bearer ${options.credential}`;
  if (options.key) headers['idempotency-key'] = options.key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({ method, url, headers, remoteAddress: options.ip ?? randomIp(), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: response.statusCode, body: response.json() };
}

describe.each(testDatabases())('refunds and accepted exceptions on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  let merchant: string;

  beforeAll(async () => {
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
  });

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  const accept = (token: string, credential = merchant, host?: string) => send(t.app, 'POST', '/v1/merchant/payments/accept', { transaction_id: token }, { credential, host, key: randomUUID() });
  const refund = (body: Record<string, unknown>, options: { credential?: string; key?: string; host?: string } = {}) =>
    send(t.app, 'POST', '/v1/merchant/payments/refunds', body, { credential: options.credential ?? merchant, key: options.key ?? randomUUID(), host: options.host });
  const list = (token: string, credential = merchant, host?: string) => send(t.app, 'GET', `/v1/merchant/payments/refunds?transaction_id=${token}`, undefined, { credential, host });
  const readClaim = (token: string) => send(t.app, 'POST', '/v1/refunds/claim', { token });
  const submitClaim = (token: string, address: string) => send(t.app, 'POST', '/v1/refunds/claim/address', { token, address });
  const claimToken = (url: string) => new URL(url).searchParams.get('token') ?? '';

  async function overpaid(extra = 50_000n) {
    const order = await createOrder(t.app, key());
    const paid = minor(order.currency_1_amount) + extra;
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, formatMinor(paid, 'BTC'));
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: 'paid_over' });
    return { token: order.transaction_token as string, due: minor(order.currency_1_amount), paid };
  }

  async function paidLate() {
    const order = await createOrder(t.app, key());
    await t.app.db.updateTable('payments').set({ expires_at: new Date(Date.now() - 1000) }).where('public_id', '=', order.transaction_token).execute();
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'invalid', exception: 'paid_late' });
    return { token: order.transaction_token as string, paid: minor(order.currency_1_amount) };
  }

  async function underpaidInvalid() {
    const order = await createOrder(t.app, key());
    const paid = minor(order.currency_1_amount) / 2n;
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, formatMinor(paid, 'BTC'));
    await mine(t.app, 2);
    const row = await t.app.db.selectFrom('payments').select('monitoring_until').where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    await sweepPayments(t.app.db, new Date(row.monitoring_until.getTime() + 1000));
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'invalid', exception: 'paid_partial' });
    return { token: order.transaction_token as string, paid };
  }

  const webhookTypes = async (token: string) =>
    (await t.app.db.selectFrom('webhook_events').select('type').where('body', 'like', `%${token}%`).orderBy('id').execute()).map((row) => row.type);

  it.each([
    { case: 'paid late', make: () => paidLate() },
    { case: 'underpaid when its window closed', make: () => underpaidInvalid() },
  ])('accept ($case): credited once what was received less the fee; a second accept is answered as it is', async ({ make }) => {
    const payment = await make();
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const offered = await list(payment.token);
    const split = settlementSplit(payment.paid, DEFAULT_MERCHANT_FEE_BPS);
    expect(offered.body.request_details).toMatchObject({ can_accept: true, accept_credit: formatMinor(split.creditedMinor, 'BTC'), accept_fee: formatMinor(split.feeMinor, 'BTC') });

    const first = await accept(payment.token);
    expect(first.status).toBe(200);
    expect(first.body.request_details).toMatchObject({ status: 'settled', received: formatMinor(payment.paid, 'BTC'), credited: formatMinor(split.creditedMinor, 'BTC'), fee: formatMinor(split.feeMinor, 'BTC') });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(split.creditedMinor);

    const second = await accept(payment.token);
    expect(second.status).toBe(200);
    expect(second.body.request_details).toEqual(first.body.request_details);
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(split.creditedMinor);
    expect((await eventTypes(t.app.db, payment.token)).filter((type) => type === 'payment.accepted')).toHaveLength(1);
    expect(await webhookTypes(payment.token)).toContain('payment.accepted');
    const record = await t.app.db.selectFrom('money_transactions').select(['type', 'amount_minor', 'fee_minor']).where('reference', '=', payment.token).execute();
    expect(record).toEqual([{ type: 'payment', amount_minor: split.creditedMinor, fee_minor: split.feeMinor }]);
    expect((await list(payment.token)).body.request_details).toMatchObject({ can_accept: false, status: 'settled' });
  });

  it('accept is refused for a payment settled normally and for one still processing', async () => {
    const settled = await overpaid();
    expect((await accept(settled.token)).body.error_message).toBeDefined();
    expect((await accept(settled.token)).status).toBe(409);
    const order = await createOrder(t.app, key());
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    const processing = await accept(order.transaction_token);
    expect(processing.status).toBe(409);
    expect(processing.body.error_message.code ?? processing.body.error_message).toBeDefined();
    expect((await refund({ transaction_id: order.transaction_token, amount: '0.00001' })).status).toBe(409);
  });

  it('money that came after a payment settled is accepted once, in the coin, as a credit of its own', async () => {
    const order = await createOrder(t.app, key());
    const due = minor(order.currency_1_amount);
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: null });
    const extra = 40_000n;
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, formatMinor(extra, 'BTC'));
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: 'paid_over' });
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const split = settlementSplit(extra, DEFAULT_MERCHANT_FEE_BPS);
    expect((await list(order.transaction_token)).body.request_details).toMatchObject({ can_accept: true, accept_credit: formatMinor(split.creditedMinor, 'BTC') });

    const first = await accept(order.transaction_token);
    expect(first.status).toBe(200);
    const settledSplit = settlementSplit(due, DEFAULT_MERCHANT_FEE_BPS);
    expect(first.body.request_details).toMatchObject({
      status: 'settled',
      exception: 'paid_over',
      received: formatMinor(due + extra, 'BTC'),
      credited: formatMinor(settledSplit.creditedMinor + split.creditedMinor, 'BTC'),
      fee: formatMinor(settledSplit.feeMinor + split.feeMinor, 'BTC'),
    });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(split.creditedMinor);

    const again = await accept(order.transaction_token);
    expect(again.status).toBe(200);
    expect(again.body.request_details).toEqual(first.body.request_details);
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(split.creditedMinor);
    expect((await list(order.transaction_token)).body.request_details).toMatchObject({ can_accept: false });
    // Nothing of it is left never-credited: a refund now comes from the balance.
    expect((await eventTypes(t.app.db, order.transaction_token)).filter((type) => type === 'payment.accepted')).toHaveLength(1);
  });

  it("refunds an overpayment's excess: the buyer claims it with an address, it is paid out once, from the merchant's balance", async () => {
    const payment = await overpaid(50_000n);
    const offered = (await list(payment.token)).body.request_details;
    expect(offered).toMatchObject({ can_refund: true, default_refund: '0.00050000', max_refund: formatMinor(payment.paid, 'BTC'), network_fee: '0.00000000', refunds: [] });

    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const created = await refund({ transaction_id: payment.token, amount: offered.default_refund });
    expect(created.status).toBe(200);
    const record = created.body.request_details;
    expect(record).toMatchObject({ status: 'claimable', amount: '0.00050000', buyer_receives: '0.00050000', buyer_email: null, mailed: false });
    expect(record.claim_url).toMatch(/\/sys-wallets\/refund\?token=[A-Za-z0-9_-]{43}$/);
    // Reserved at once: no longer spendable, not yet gone.
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);
    const token = claimToken(record.claim_url);
    const stored = await t.app.db.selectFrom('payment_refunds').selectAll().where('public_id', '=', record.refund_id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))).not.toContain(token);

    const claim = await readClaim(token);
    expect(claim.status).toBe(200);
    expect(claim.body.request_details).toMatchObject({ merchant_name: expect.any(String), status: 'claimable', currency: 'BTC', amount: '0.00050000', address: null, txid: null });

    const bad = await submitClaim(token, 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy');
    expect(bad.status).toBe(400);
    expect(bad.body.error_message.fields?.address ?? bad.body.error_message.address).toBeDefined();
    const rejected = await submitClaim(token, REJECTED_PAYOUT_ADDRESSES.bitcoin);
    expect(rejected.status).toBe(400);
    // Nothing moved and no event for the refused attempts: the event commits with the payout or not at all.
    expect(await eventTypes(t.app.db, payment.token)).not.toContain('payment.refunded');

    const sent = await submitClaim(token, BUYER_ADDRESS);
    expect(sent.status).toBe(200);
    // Accepted on the chain payouts: the coins leave after commit, so the txid and payment.refunded come with the broadcast.
    expect(sent.body.request_details).toMatchObject({ status: 'sent', address: BUYER_ADDRESS, txid: null });
    expect(await eventTypes(t.app.db, payment.token)).not.toContain('payment.refunded');
    expect(await runPayouts(t.app)).toMatchObject({ broadcast: 1, confirmed: 1, failed: 0 });
    const txid = (await readClaim(token)).body.request_details.txid;
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    const payout = await t.app.db.selectFrom('test_network_txs').select(['address', 'amount_minor', 'txid']).where('payout_ref', '=', record.refund_id).execute();
    expect(payout).toEqual([{ address: BUYER_ADDRESS, amount_minor: 50_000n, txid }]);
    expect(before - (await merchantBalance(t.app.db, MERCHANT, 'BTC'))).toBe(50_000n);
    expect((await eventTypes(t.app.db, payment.token)).filter((type) => type === 'payment.refunded')).toHaveLength(1);
    expect(await webhookTypes(payment.token)).toContain('payment.refunded');

    // One-time use: a second submit is refused; the page still shows the confirmation.
    expect((await submitClaim(token, BUYER_ADDRESS)).status).toBe(409);
    expect((await readClaim(token)).body.request_details).toMatchObject({ status: 'sent', txid });
    const after = (await list(payment.token)).body.request_details;
    expect(after).toMatchObject({ refunded: '0.00050000', max_refund: formatMinor(payment.paid - 50_000n, 'BTC'), default_refund: '0.00000000' });
    expect(after.refunds).toEqual([expect.objectContaining({ refund_id: record.refund_id, status: 'sent', claim_url: null, txid })]);
  });

  it('a refund whose payout fails at send time is marked failed, its amount released, no event sent; the merchant may refund it again', async () => {
    const payment = await overpaid(50_000n);
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const record = (await refund({ transaction_id: payment.token, amount: '0.00050000' })).body.request_details;
    const token = claimToken(record.claim_url);
    expect((await submitClaim(token, BUYER_ADDRESS)).status).toBe(200);
    // A node can refuse a payout it was handed: here the test network, given its documented refusing address.
    await t.app.db.updateTable('chain_payouts').set({ address: REJECTED_PAYOUT_ADDRESSES.bitcoin }).where('ref', '=', record.refund_id).execute();
    expect(await runPayouts(t.app)).toMatchObject({ broadcast: 0, confirmed: 0, failed: 1 });

    expect((await readClaim(token)).body.request_details).toMatchObject({ status: 'failed', address: BUYER_ADDRESS, txid: null });
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);
    expect(await eventTypes(t.app.db, payment.token)).not.toContain('payment.refunded');
    const after = (await list(payment.token)).body.request_details;
    expect(after).toMatchObject({ can_refund: true, refunded: '0.00000000', max_refund: formatMinor(payment.paid, 'BTC') });
    expect(after.refunds).toEqual([expect.objectContaining({ refund_id: record.refund_id, status: 'failed', claim_url: null, txid: null })]);
    // The link was used: it does not send again.
    expect((await submitClaim(token, BUYER_ADDRESS)).status).toBe(409);
    expect(await runPayouts(t.app)).toMatchObject({ broadcast: 0, confirmed: 0, failed: 0 });
  });

  it('never refunds more than was received less what was refunded, concurrent requests included', async () => {
    const payment = await overpaid(10_000n);
    const tooMuch = await refund({ transaction_id: payment.token, amount: formatMinor(payment.paid + 1n, 'BTC') });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body.error_message)).toContain('at most');

    const sixty = formatMinor((payment.paid * 6n) / 10n, 'BTC');
    const answers = await Promise.all([refund({ transaction_id: payment.token, amount: sixty }), refund({ transaction_id: payment.token, amount: sixty })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const rows = await t.app.db.selectFrom('payment_refunds').innerJoin('payments', 'payments.id', 'payment_refunds.payment_id').select('payment_refunds.amount_minor').where('payments.public_id', '=', payment.token).execute();
    expect(rows).toHaveLength(1);
    const left = (await list(payment.token)).body.request_details.max_refund;
    expect(minor(left)).toBe(payment.paid - minor(sixty));
  });

  it('one refund per Idempotency-Key: a retry answers the same refund and reserves nothing more', async () => {
    const payment = await overpaid();
    const requestKey = randomUUID();
    const first = await refund({ transaction_id: payment.token, amount: '0.0001' }, { key: requestKey });
    const again = await refund({ transaction_id: payment.token, amount: '0.0001' }, { key: requestKey });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.request_details.refund_id).toBe(first.body.request_details.refund_id);
    expect((await list(payment.token)).body.request_details.refunds).toHaveLength(1);
  });

  it('refunds money never credited (paid late) without touching the merchant\'s own balance, then accept settles the rest', async () => {
    const payment = await paidLate();
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const offered = (await list(payment.token)).body.request_details;
    expect(offered).toMatchObject({ can_refund: true, can_accept: true, max_refund: formatMinor(payment.paid, 'BTC'), default_refund: formatMinor(payment.paid, 'BTC') });
    const part = payment.paid / 4n;
    const created = await refund({ transaction_id: payment.token, amount: formatMinor(part, 'BTC'), buyer_email: 'late.buyer@example.com' });
    expect(created.status).toBe(200);
    expect(created.body.request_details.mailed).toBe(true);
    const [mail] = await listOutbox(t.app.db, { to: 'late.buyer@example.com', limit: 1 });
    expect(mail?.text).toContain(created.body.request_details.claim_url);
    expect((await submitClaim(claimToken(created.body.request_details.claim_url), BUYER_ADDRESS)).status).toBe(200);
    // The reservation is posted when the payout is mined.
    expect(await runPayouts(t.app)).toMatchObject({ confirmed: 1, failed: 0 });
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);

    const split = settlementSplit(payment.paid - part, DEFAULT_MERCHANT_FEE_BPS);
    const accepted = await accept(payment.token);
    expect(accepted.body.request_details).toMatchObject({ credited: formatMinor(split.creditedMinor, 'BTC') });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(split.creditedMinor);
    expect((await list(payment.token)).body.request_details).toMatchObject({ max_refund: formatMinor(payment.paid - part, 'BTC') });
  });

  it('a claim expires unused: the link answers 410, the reservation is released and the amount can be refunded again', async () => {
    const payment = await paidLate();
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const created = (await refund({ transaction_id: payment.token, amount: formatMinor(payment.paid, 'BTC') })).body.request_details;
    expect((await list(payment.token)).body.request_details).toMatchObject({ max_refund: '0.00000000', can_accept: false });
    const later = new Date(Date.now() + (REFUND_CLAIM_TTL_S + 1) * 1000);
    // (The database is shared by this file's tests: other claims still open are released too.)
    const stateOf = async () => (await t.app.db.selectFrom('payment_refunds').select('status').where('public_id', '=', created.refund_id).executeTakeFirstOrThrow()).status;
    await releaseExpiredRefunds(t.app.db, new Date(Date.now() + 1000));
    expect(await stateOf()).toBe('claimable');
    expect(await releaseExpiredRefunds(t.app.db, later)).toBeGreaterThanOrEqual(1);
    expect(await stateOf()).toBe('expired');
    expect(await releaseExpiredRefunds(t.app.db, later)).toBe(0);
    expect((await readClaim(claimToken(created.claim_url))).status).toBe(410);
    expect((await submitClaim(claimToken(created.claim_url), BUYER_ADDRESS)).status).toBe(410);
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);
    const after = (await list(payment.token)).body.request_details;
    expect(after).toMatchObject({ max_refund: formatMinor(payment.paid, 'BTC'), can_accept: true, refunds: [expect.objectContaining({ status: 'expired', claim_url: null })] });
    expect((await readClaim('not-a-real-token-at-all')).status).toBe(404);
  });

  it('guessing claim tokens from one address is rate limited (the auth class: 20 a minute)', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) statuses.push((await send(t.app, 'POST', '/v1/refunds/claim/address', { token: `guess-${i}`, address: BUYER_ADDRESS }, { ip })).status);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('the merchant mails the link afterwards to the e-mail it enters', async () => {
    const payment = await overpaid();
    const created = (await refund({ transaction_id: payment.token, amount: '0.0002' })).body.request_details;
    const mailed = await send(t.app, 'POST', '/v1/merchant/payments/refunds/send', { refund_id: created.refund_id, buyer_email: 'Later.Buyer@Example.com', lang: 'es' }, { credential: merchant });
    expect(mailed.status).toBe(200);
    expect(mailed.body.request_details).toMatchObject({ buyer_email: 'later.buyer@example.com', mailed: true });
    const [mail] = await listOutbox(t.app.db, { to: 'later.buyer@example.com', limit: 1 });
    expect(mail?.subject).toContain('reembolso');
    expect(mail?.text).toContain(created.claim_url);
  });

  it('only a merchant acts, and only on its own payments: a member gets 403, another merchant and the other provider 404', async () => {
    const payment = await overpaid();
    const member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
    expect((await accept(payment.token, member)).status).toBe(403);
    expect((await list(payment.token, member)).status).toBe(403);
    expect((await refund({ transaction_id: payment.token, amount: '0.0001' }, { credential: member })).status).toBe(403);

    const other = await addMerchant(t.app.db);
    const otherUser = await t.app.db.selectFrom('merchants').innerJoin('users', 'users.id', 'merchants.user_id').select('users.email').where('merchants.id', '=', other.id).executeTakeFirstOrThrow();
    const otherCredential = (await signIn(t.app, otherUser.email, t.seed!.merchant.password)).credential;
    expect((await list(payment.token, otherCredential)).status).toBe(404);
    expect((await accept(payment.token, otherCredential)).status).toBe(404);
    expect((await refund({ transaction_id: payment.token, amount: '0.0001' }, { credential: otherCredential })).status).toBe(404);

    const provider2 = await t.app.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow();
    const hash = await t.app.db.selectFrom('users').select('password_hash').where('email', '=', t.seed!.merchant.email).executeTakeFirstOrThrow();
    const email = `m2-${randomUUID().slice(0, 8)}@shop.test`;
    const user = await t.app.db
      .insertInto('users')
      .values({ provider_id: provider2.id, email, password_hash: hash.password_hash, role: 'merchant', first_name: 'Far', last_name: 'Shop', permissions: toJsonb({ send: 0, withdrawal: 0, widget: 1, fiat_withdrawals: 1 }), email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('merchants').values({ user_id: user.id, merchant_id: `mch_far_${randomUUID().slice(0, 8)}`, name: 'Far Shop' }).execute();
    const far = (await signIn(t.app, email, t.seed!.merchant.password, 'wl2.localhost')).credential;
    expect((await list(payment.token, far, 'wl2.localhost')).status).toBe(404);
    expect((await accept(payment.token, far, 'wl2.localhost')).status).toBe(404);
    expect((await refund({ transaction_id: payment.token, amount: '0.0001' }, { credential: far, host: 'wl2.localhost' })).status).toBe(404);
    expect((await list(payment.token)).body.request_details.refunds).toEqual([]);
  });
});
