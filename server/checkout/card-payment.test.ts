// POST /v1/paynet/deposit through the app, on every test database: a guest's card (test acquirer, with
// 3-D Secure when the card asks) is authorised (fiat pending, coins reserved, checkout authorized) and
// captured only once the checkout is cleared (clearance.ts); the ledger moves in one transaction per step
// and stays balanced; the delivery worker sends the coins once; an expired quote holds nothing; a replayed
// Idempotency-Key answers the first answer without a second hold; above the verified buy limit nothing is
// held; an uncleared checkout that expires or is canceled is released.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger/index.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { REJECTED_PAYOUT_ADDRESSES } from '../chain/test-network-payout.ts';
import { settleIfCleared } from './clearance.ts';
import { expireAbandonedCheckouts } from './expire-checkouts.ts';
import { ADDRESS, BILLING, CARD, flowSend as send, deliverAll } from './checkout-test-kit.ts';

const THREE_DS_CARD = { ...CARD, number: '4000 0027 6000 3184' };
const DECLINED_CARD = { ...CARD, number: '4000 0000 0000 0002' };

let keys = 0;
const newKey = () => `key-${Date.now()}-${(keys += 1)}`;

describe.each(testDatabases())('guest checkout card payment on $name', ({ name }) => {
  const t = useTestApp(name);

  /** A test-route checkout (30.00 EUR of BTC: within the basic level's buy limit) with the buyer's details saved. */
  async function started(body: Record<string, unknown> = { test: true, cryptoAddress: ADDRESS }, billed = true) {
    const answer = await send(t.app, 'POST', '/v1/checkout/init', null, body);
    expect(answer.status).toBe(200);
    const token = answer.body.data.flow_token as string;
    if (billed) expect((await send(t.app, 'POST', '/v1/checkout/billing', token, BILLING)).status).toBe(200);
    return { id: answer.body.data.checkout._id as string, token };
  }
  const pay = (token: string, body: unknown, key: string = newKey()) => send(t.app, 'POST', '/v1/paynet/deposit', token, body, key);

  async function checkoutRow(id: string) {
    return t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
  }
  async function transfersOf(id: string) {
    const payments = await t.app.db.selectFrom('checkout_payments').innerJoin('guest_checkouts', 'guest_checkouts.id', 'checkout_payments.checkout_id').select('checkout_payments.public_id').where('guest_checkouts.public_id', '=', id).execute();
    const refs = [id, ...payments.map((p) => p.public_id)];
    return t.app.db.selectFrom('ledger_transfers').selectAll().where('ref', 'in', refs).execute();
  }
  async function expectLedgerClean() {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  }
  /** The codes as verify/checkVerify would mark them (the code journey itself is checkout-verify.test.ts), then the clearance. */
  async function contactsVerified(id: string) {
    const row = await t.app.db.updateTable('guest_checkouts').set({ email_verified: true, mobile_verified: true }).where('public_id', '=', id).returning('id').executeTakeFirstOrThrow();
    return settleIfCleared(t.app.db, t.app.rates, row.id, new Date());
  }

  it('a card without 3-D Secure is authorised (held, coins reserved), captured once the codes clear it, and its coins sent once', async () => {
    const { id, token } = await started();
    const paid = await pay(token, { step: 'card', card: CARD });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ outcome: 'authorized', card: 'Visa •••• 4242', next_action: null, checkout: { _id: id, status: 'authorized', payment_status: 'authorized', step: 'verify', failure_reason: null } });
    const row = await checkoutRow(id);
    // Fiat held (principal + fee pending) and the coins reserved (pending) in the authorisation's transaction; nothing posted.
    const held = await transfersOf(id);
    expect(held.every((x) => x.pending)).toBe(true);
    expect(held.map((x) => x.id.split(':').slice(1).join(':')).sort()).toEqual(['delivery', 'fee', 'principal']);
    expect(held.find((x) => x.id === `${id}:delivery`)?.amount).toBe(row.crypto_amount_minor);
    await expectLedgerClean();
    // Not cleared: the worker has nothing to send.
    expect(await deliverAll(t.app)).toMatchObject({ sent: 0 });

    expect(await contactsVerified(id)).toBe('captured');
    expect(await settleIfCleared(t.app.db, t.app.rates, row.id, new Date())).toBe('not_authorized');
    const captured = await transfersOf(id);
    expect(captured.map((x) => x.id)).toEqual(expect.arrayContaining([`${held.find((x) => x.id.endsWith(':principal'))!.id}:post`, `${held.find((x) => x.id.endsWith(':fee'))!.id}:post`]));
    expect(captured.filter((x) => x.id.endsWith(':post') && !x.id.includes(':delivery'))).toHaveLength(2);
    expect((await checkoutRow(id)).status).toBe('successful');
    await expectLedgerClean();

    await deliverAll(t.app);
    const second = await deliverAll(t.app);
    expect(second.sent).toBe(0);
    const payouts = await t.app.db.selectFrom('test_network_txs').selectAll().where('payout_ref', '=', id).execute();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ address: ADDRESS, amount_minor: row.crypto_amount_minor, kind: 'payout' });
    const read = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, token);
    expect(read.body.data).toMatchObject({ status: 'successful', payment_status: 'successful', step: 'confirmation', delivery: { status: 'sent', txid: payouts[0]!.txid } });
    const delivered = await transfersOf(id);
    expect(delivered.map((x) => x.id)).toContain(`${id}:delivery:post`);
    await expectLedgerClean();
  });

  it('a checkout whose codes were entered before paying is captured at once (outcome captured)', async () => {
    const { id, token } = await started();
    await t.app.db.updateTable('guest_checkouts').set({ email_verified: true, mobile_verified: true }).where('public_id', '=', id).execute();
    const paid = await pay(token, { step: 'card', card: CARD });
    expect(paid.body.data).toMatchObject({ outcome: 'captured', checkout: { status: 'successful' } });
    expect((await transfersOf(id)).filter((x) => x.id.endsWith(':post') && !x.id.includes(':delivery'))).toHaveLength(2);
    await expectLedgerClean();
  });

  it.each([
    { case: 'expires before it is cleared', end: 'expire', status: 'failed', reason: /expired/ },
    { case: 'is canceled by the guest', end: 'cancel', status: 'canceled', reason: /canceled/ },
  ])('an authorised checkout that $case is released: fiat and coins voided, nothing held, nothing sent', async ({ end, status, reason }) => {
    const { id, token } = await started();
    expect((await pay(token, { step: 'card', card: CARD })).body.data.outcome).toBe('authorized');
    if (end === 'expire') {
      await t.app.db.updateTable('guest_checkouts').set({ expires_at: new Date(Date.now() - 1000) }).where('public_id', '=', id).execute();
      expect(await expireAbandonedCheckouts(t.app.db, new Date())).toBeGreaterThanOrEqual(1);
    } else {
      const canceled = await send(t.app, 'PATCH', `/v1/checkout/status/${id}`, token, { status: 'canceled' });
      expect(canceled.status).toBe(200);
      expect(canceled.body.data.failure_reason).toMatch(reason);
    }
    const row = await checkoutRow(id);
    expect(row.status).toBe(status);
    expect(row.failure_reason).toMatch(reason);
    const transfers = await transfersOf(id);
    expect(transfers.filter((x) => x.id.endsWith(':void'))).toHaveLength(3);
    expect(transfers.filter((x) => x.id.endsWith(':post'))).toEqual([]);
    expect(await t.app.db.selectFrom('checkout_payments').select('status').where('checkout_id', '=', row.id).execute()).toEqual([{ status: 'voided' }]);
    // Codes entered afterwards change nothing.
    expect(await contactsVerified(id)).toBe('not_authorized');
    await deliverAll(t.app);
    expect(await t.app.db.selectFrom('test_network_txs').select('txid').where('payout_ref', '=', id).execute()).toEqual([]);
    await expectLedgerClean();
  });

  it('above the unverified limit the codes alone do not capture: the checkout waits for the identity', async () => {
    const { id, token } = await started({ amount: '300', cryptoAddress: ADDRESS });
    expect((await pay(token, { step: 'card', card: CARD })).body.data).toMatchObject({ outcome: 'authorized' });
    expect(await contactsVerified(id)).toBe('waiting');
    expect((await checkoutRow(id)).status).toBe('authorized');
    expect((await transfersOf(id)).filter((x) => x.id.endsWith(':post'))).toEqual([]);
    await expectLedgerClean();
  });

  it('a 3-D Secure card waits for the challenge with nothing in the ledger; approve captures it', async () => {
    const { id, token } = await started();
    const asked = await pay(token, { step: 'card', card: THREE_DS_CARD });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ outcome: 'three_d_secure', card: 'Visa •••• 3184', next_action: { type: 'three_d_secure' }, checkout: { status: 'pending' } });
    expect(await transfersOf(id)).toEqual([]);
    const approved = await pay(token, { step: 'three_d_secure', outcome: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ outcome: 'authorized', checkout: { status: 'authorized' } });
    expect((await transfersOf(id)).map((x) => x.id)).toContain(`${id}:delivery`);
    // The token is gone once the challenge is answered.
    const checkoutId = (await checkoutRow(id)).id;
    const payment = await t.app.db.selectFrom('checkout_payments').select(['status', 'card']).where('checkout_id', '=', checkoutId).executeTakeFirstOrThrow();
    expect(payment.status).toBe('authorized');
    expect(payment.card).not.toHaveProperty('token');
    const again = await pay(token, { step: 'three_d_secure', outcome: 'approve' });
    expect(again.status).toBe(409);
    expect(again.body.error_message.code).toBe('checkout_challenge_not_pending');
    await expectLedgerClean();
  });

  it.each([
    { case: 'a declined card', steps: [{ step: 'card', card: DECLINED_CARD }] },
    { case: 'a failed 3-D Secure check', steps: [{ step: 'card', card: THREE_DS_CARD }, { step: 'three_d_secure', outcome: 'fail' }] },
  ])('$case fails the checkout with card_declined and nothing held', async ({ steps }) => {
    const { id, token } = await started();
    let last = await pay(token, steps[0]);
    for (const step of steps.slice(1)) last = await pay(token, step);
    expect(last.status).toBe(402);
    expect(last.body.error_message.code).toBe('card_declined');
    expect(last.body.error_message.message.length).toBeGreaterThan(10);
    expect(await checkoutRow(id)).toMatchObject({ status: 'failed', failure_reason: last.body.error_message.message });
    expect(await transfersOf(id)).toEqual([]);
    const retry = await pay(token, { step: 'card', card: CARD });
    expect(retry.status).toBe(409);
    expect(await deliverAll(t.app)).toMatchObject({ rejected: 0 });
    expect(await t.app.db.selectFrom('test_network_txs').select('txid').where('payout_ref', '=', id).execute()).toEqual([]);
    await expectLedgerClean();
  });

  it('an expired quote charges nothing and answers the new figures; the next call pays at them', async () => {
    const { id, token } = await started();
    const checkout = await checkoutRow(id);
    // The quote was made two hours ago and lived one (a raw update: created_at is not writable through the table type).
    await sql`UPDATE quotes SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' WHERE checkout_id = ${checkout.id}`.execute(t.app.db);
    const repriced = await pay(token, { step: 'card', card: CARD });
    expect(repriced.status).toBe(200);
    expect(repriced.body.data).toMatchObject({ outcome: 'repriced', card: null, next_action: null, checkout: { status: 'created' } });
    expect(await transfersOf(id)).toEqual([]);
    expect(await t.app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', checkout.id).execute()).toEqual([]);
    const quotes = await t.app.db.selectFrom('quotes').select(['used_at']).where('checkout_id', '=', checkout.id).execute();
    expect(quotes).toHaveLength(2);
    const paid = await pay(token, { step: 'card', card: CARD });
    expect(paid.body.data).toMatchObject({ outcome: 'authorized', checkout: { cryptoCurrency: repriced.body.data.checkout.cryptoCurrency } });
    await expectLedgerClean();
  });

  it('a replayed Idempotency-Key answers the first answer and charges once; no key is refused', async () => {
    const { id, token } = await started();
    const noKey = await send(t.app, 'POST', '/v1/paynet/deposit', token, { step: 'card', card: CARD });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error_message.code).toBe('validation_failed');
    const key = newKey();
    const first = await pay(token, { step: 'card', card: CARD }, key);
    const replay = await pay(token, { step: 'card', card: CARD }, key);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.response.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const checkout = await checkoutRow(id);
    expect(await t.app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', checkout.id).execute()).toHaveLength(1);
    await expectLedgerClean();
  });

  it.each([
    { case: 'above the verified level\'s buy limit', body: { amount: '6000', cryptoAddress: ADDRESS }, status: 403, code: 'checkout_limit_exceeded' },
    { case: 'without an address for the coins', body: { test: true }, status: 400, code: 'checkout_address_required' },
    { case: 'before the buyer\'s details', body: { test: true, cryptoAddress: ADDRESS }, billed: false, status: 409, code: 'checkout_details_required' },
  ])('$case answers $code before the card is charged', async ({ body, billed, status, code }) => {
    const { id, token } = await started(body, billed ?? true);
    const paid = await pay(token, { step: 'card', card: CARD });
    expect(paid.status).toBe(status);
    expect(paid.body.error_message.code).toBe(code);
    expect(await transfersOf(id)).toEqual([]);
    expect((await checkoutRow(id)).status).toBe('created');
  });

  it('an Idempotency-Key is the checkout\'s own: the same key on another checkout pays that one', async () => {
    const key = newKey();
    const one = await started();
    const two = await started();
    const first = await pay(one.token, { step: 'card', card: CARD }, key);
    const second = await pay(two.token, { step: 'card', card: CARD }, key);
    expect(second.response.headers['idempotent-replayed']).toBeUndefined();
    expect([first.body.data.checkout._id, second.body.data.checkout._id]).toEqual([one.id, two.id]);
    expect(second.body.data.outcome).toBe('authorized');
  });

  it('two payments of one checkout at once (different keys) charge it once', async () => {
    const { id, token } = await started();
    const both = await Promise.all([pay(token, { step: 'card', card: CARD }), pay(token, { step: 'card', card: CARD })]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const checkout = await checkoutRow(id);
    expect(await t.app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', checkout.id).execute()).toHaveLength(1);
    expect((await transfersOf(id)).filter((x) => x.id.endsWith(':principal'))).toHaveLength(1);
    await expectLedgerClean();
  });

  it('a payout the network refuses is marked rejected and its reservation voided, once', async () => {
    const { id, token } = await started({ test: true, cryptoAddress: REJECTED_PAYOUT_ADDRESSES.bitcoin });
    expect((await pay(token, { step: 'card', card: CARD })).status).toBe(200);
    expect(await contactsVerified(id)).toBe('captured');
    await deliverAll(t.app);
    await deliverAll(t.app);
    const row = await checkoutRow(id);
    expect(row).toMatchObject({ delivery_status: 'rejected', delivery_txid: null });
    expect(row.delivery_error).toContain('refused');
    expect((await transfersOf(id)).map((x) => x.id)).toContain(`${id}:delivery:void`);
    const read = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, token);
    expect(read.body.data.delivery).toEqual({ status: 'rejected', txid: null });
    await expectLedgerClean();
  });
});
