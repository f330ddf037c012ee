// A guest checkout paid by wire (SEPA here; Wire and Swift are the same calls), on every test database:
// paynet/wirePreAuth fixes the price and gives the account, the checked reference and the window; the
// operator's match in the console's Incoming wires moves the money only when reference, amount and
// currency agree; a wire past its window fails the checkout with nothing held. Ledger checked after each.

import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger/index.ts';
import { createTestOperator, type TestOperator } from '../operators/test-kit.ts';
import { buildTestApp, testDatabases, useTestApp } from '../test-helper.ts';
import { closeExpiredWires, WIRE_EXPIRED_REASON, WIRE_EXPIRY_GRACE_MS, WIRE_WINDOW_MS } from './wire-payment.ts';
import { checkedWireReference } from './wire-reference-check.ts';
import { ADDRESS, BILLING, flowSend as send, deliverAll } from './checkout-test-kit.ts';

let keys = 0;
const newKey = () => `wire-${Date.now()}-${(keys += 1)}`;

/** A reference with one character changed (the check character then disagrees). */
function typo(reference: string): string {
  const i = 6;
  return reference.slice(0, i) + (reference[i] === 'A' ? 'B' : 'A') + reference.slice(i + 1);
}

describe.each(testDatabases())('guest checkout paid by wire on $name', ({ name }) => {
  const t = useTestApp(name);
  let finance: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    finance = await createTestOperator(t.app, 'finance');
    support = await createTestOperator(t.app, 'support');
  });
  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  async function started(options: { method?: string; verified?: boolean } = {}) {
    const init = await send(t.app, 'POST', '/v1/checkout/init', null, { test: true, cryptoAddress: ADDRESS, payment_method: options.method ?? 'SEPA' });
    expect(init.status).toBe(200);
    const token = init.body.data.flow_token as string;
    const id = init.body.data.checkout._id as string;
    expect((await send(t.app, 'POST', '/v1/checkout/billing', token, BILLING)).status).toBe(200);
    // The verify account step is another part's: here the flow user is verified (codes and identity) directly.
    if (options.verified !== false) await t.app.db.updateTable('guest_checkouts').set({ email_verified: true, mobile_verified: true, verified_id: 1 }).where('public_id', '=', id).execute();
    return { id, token };
  }
  const preAuth = (token: string, key: string | null = newKey()) => send(t.app, 'POST', '/v1/paynet/wirePreAuth', token, {}, key ?? undefined);
  const status = (token: string, paymentId: string) => send(t.app, 'POST', `/v1/paynet/wirePreAuthStatus/${paymentId}`, token, {});
  async function op(who: TestOperator, method: 'GET' | 'POST', url: string, body?: unknown) {
    const response = await t.app.inject({ method, url, headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json<any>() };
  }
  const match = (body: unknown, who: TestOperator = finance) => op(who, 'POST', '/v1/admin/money/incoming-wires/match', body);
  const checkoutRow = (id: string) => t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
  async function transfersOf(id: string) {
    const payments = await t.app.db.selectFrom('checkout_payments').innerJoin('guest_checkouts', 'guest_checkouts.id', 'checkout_payments.checkout_id').select('checkout_payments.public_id').where('guest_checkouts.public_id', '=', id).execute();
    return t.app.db.selectFrom('ledger_transfers').select(['id', 'amount', 'pending_id']).where('ref', 'in', [id, ...payments.map((p) => p.public_id)]).orderBy('id').execute();
  }

  it('wirePreAuth gives the test bank account, a checked reference, the exact amount and a 5-day window; nothing is held; a second call, or the same key again, answers the same wire', async () => {
    const { id, token } = await started();
    const before = Date.now();
    const key = newKey();
    const answer = await preAuth(token, key);
    expect(answer.status).toBe(200);
    const { wire, checkout } = answer.body.data;
    expect(answer.body.data.outcome).toBe('wire');
    expect(wire).toMatchObject({ status: 'awaiting', amount: '30.00', currency: 'EUR', beneficiary: 'Verdant Exchange', iban: 'GB82WEST12345698765432', bic: 'TESTGB2L', received_at: null, reason: null });
    expect(wire.bank_name).toContain('test mode');
    expect(checkedWireReference(wire.reference)).toBe(wire.reference);
    const windowEnds = new Date(wire.window_ends_at).getTime();
    expect(windowEnds - before).toBeGreaterThanOrEqual(WIRE_WINDOW_MS - 1000);
    expect(windowEnds - before).toBeLessThan(WIRE_WINDOW_MS + 60_000);
    // The checkout waits as long as the window (and a little more, for the window's sweep to decide it).
    expect(checkout).toMatchObject({ _id: id, status: 'pending', payment_status: null });
    expect(new Date(checkout.expires_at).getTime()).toBe(windowEnds + WIRE_EXPIRY_GRACE_MS);
    expect(await transfersOf(id)).toEqual([]);
    // The single-use quote is taken: the price is fixed for the window.
    const quotes = await t.app.db.selectFrom('quotes').select('used_at').where('checkout_id', '=', (await checkoutRow(id)).id).execute();
    expect(quotes.map((q) => q.used_at !== null)).toEqual([true]);

    const again = await preAuth(token);
    expect(again.body.data.wire).toEqual(wire);
    // The same Idempotency-Key replays the first answer.
    const replay = await preAuth(token, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(answer.body);
    expect(await t.app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', (await checkoutRow(id)).id).execute()).toHaveLength(1);
    const read = await status(token, wire.payment_id);
    expect(read.status).toBe(200);
    expect(read.body.data.wire).toEqual(wire);
  });

  it.each([
    { case: 'without an Idempotency-Key', options: {}, key: null, code: 'validation_failed', http: 400 },
    { case: 'before the identity is verified', options: { verified: false }, key: 'k', code: 'checkout_verification_required', http: 403 },
    { case: 'for a card checkout', options: { method: 'Credit Card' }, key: 'k', code: 'checkout_method_mismatch', http: 409 },
    { case: 'for an online banking checkout', options: { method: 'Online Banking' }, key: 'k', code: 'checkout_method_mismatch', http: 409 },
  ])('wirePreAuth is refused $case and records nothing', async ({ options, key, code, http }) => {
    const { id, token } = await started(options);
    const answer = await preAuth(token, key === null ? null : newKey());
    expect(answer.status).toBe(http);
    expect(answer.body.error_message.code).toBe(code);
    const row = await checkoutRow(id);
    expect(row.status).toBe('created');
    expect(await t.app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', row.id).execute()).toEqual([]);
  });

  it('an expired quote fixes nothing and answers the new figures; the next call fixes them', async () => {
    const { id, token } = await started();
    const row = await checkoutRow(id);
    await sql`UPDATE quotes SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' WHERE checkout_id = ${row.id}`.execute(t.app.db);
    const repriced = await preAuth(token);
    expect(repriced.body.data).toMatchObject({ outcome: 'repriced', wire: null, checkout: { status: 'created' } });
    const fixed = await preAuth(token);
    expect(fixed.body.data).toMatchObject({ outcome: 'wire', wire: { status: 'awaiting' } });
  });

  it('the console matches only the right reference, amount and currency; then the money, the coins and the checkout move together, once', async () => {
    const { id, token } = await started();
    const { wire } = (await preAuth(token)).body.data;
    const listed = await op(finance, 'GET', '/v1/admin/money/incoming-wires');
    expect(listed.status).toBe(200);
    expect(listed.body.request_details.wires).toContainEqual(expect.objectContaining({ payment_id: wire.payment_id, reference: wire.reference, checkout_id: id, amount: '30.00', currency: 'EUR', payment_method: 'SEPA', buyer: { name: 'Ana García', email: 'ana@example.com' } }));

    for (const [body, http, code] of [
      [{ reference: typo(wire.reference), amount: '30.00', currency: 'EUR' }, 400, 'wire_reference_invalid'],
      [{ reference: wire.reference, amount: '29.99', currency: 'EUR' }, 409, 'wire_amount_mismatch'],
      [{ reference: wire.reference, amount: '30.01', currency: 'EUR' }, 409, 'wire_amount_mismatch'],
      [{ reference: wire.reference, amount: '30.00', currency: 'USD' }, 409, 'wire_amount_mismatch'],
    ] as const) {
      const refused = await match(body);
      expect(refused.status).toBe(http);
      expect(refused.body.error_message.code).toBe(code);
    }
    expect((await match({ reference: wire.reference, amount: '30.00', currency: 'EUR' }, support)).status).toBe(403);
    expect(await transfersOf(id)).toEqual([]);
    expect((await checkoutRow(id)).status).toBe('pending');

    // Typed as read from a statement: lower case, spaces.
    const matched = await match({ reference: ` ${wire.reference.toLowerCase().replace(/-/g, ' ')} `, amount: '30.00', currency: 'EUR' });
    expect(matched.status).toBe(200);
    const row = await checkoutRow(id);
    expect(matched.body.request_details).toMatchObject({ payment_id: wire.payment_id, reference: wire.reference, checkout_id: id, amount: '30.00', currency: 'EUR', crypto_currency: 'BTC' });
    expect(row.status).toBe('successful');
    const payment = await t.app.db.selectFrom('checkout_payments').selectAll().where('public_id', '=', wire.payment_id).executeTakeFirstOrThrow();
    const transfers = await transfersOf(id);
    expect(transfers.map((x) => x.id).sort()).toEqual([`${id}:delivery`, `${wire.payment_id}:fee`, `${wire.payment_id}:principal`].sort());
    expect(transfers.find((x) => x.id === `${wire.payment_id}:principal`)?.amount).toBe(payment.amount_minor - payment.fee_minor);
    expect(transfers.find((x) => x.id === `${id}:delivery`)?.amount).toBe(payment.crypto_amount_minor);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'operator_id', 'before', 'after']).where('target_id', '=', id).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'checkout_wire.match', operator_id: finance.id, after: expect.objectContaining({ status: 'received', received_amount: '30.00' }) })]);

    const second = await match({ reference: wire.reference, amount: '30.00', currency: 'EUR' });
    expect(second.status).toBe(404);
    expect(second.body.error_message.code).toBe('wire_not_found');
    const read = await status(token, wire.payment_id);
    expect(read.body.data.wire).toMatchObject({ status: 'received', received_at: expect.any(String) });
    expect(read.body.data.checkout).toMatchObject({ status: 'successful', payment_status: 'successful' });
    expect((await op(finance, 'GET', '/v1/admin/money/incoming-wires')).body.request_details.wires.map((w: { payment_id: string }) => w.payment_id)).not.toContain(wire.payment_id);

    await deliverAll(t.app);
    expect((await deliverAll(t.app)).sent).toBe(0);
    const payouts = await t.app.db.selectFrom('test_network_txs').selectAll().where('payout_ref', '=', id).execute();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ address: ADDRESS, amount_minor: payment.crypto_amount_minor });
  });

  it('past its window the sweep fails the checkout and closes the wire with the reason; nothing was held and a late match is refused', async () => {
    const { id, token } = await started();
    const { wire } = (await preAuth(token)).body.data;
    await t.app.db.updateTable('checkout_payments').set({ window_ends_at: new Date(Date.now() - 1000) }).where('public_id', '=', wire.payment_id).execute();
    expect(await closeExpiredWires(t.app.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await closeExpiredWires(t.app.db, new Date())).toBe(0);
    expect((await checkoutRow(id)).status).toBe('failed');
    const read = await status(token, wire.payment_id);
    expect(read.body.data.wire).toMatchObject({ status: 'expired', reason: WIRE_EXPIRED_REASON });
    expect(read.body.data.checkout.status).toBe('failed');
    const late = await match({ reference: wire.reference, amount: '30.00', currency: 'EUR' });
    expect(late.status).toBe(409);
    expect(late.body.error_message.code).toBe('wire_window_closed');
    expect(await transfersOf(id)).toEqual([]);
  });

  it('a wire past its window is closed by the status call before the sweep runs', async () => {
    const { id, token } = await started();
    const { wire } = (await preAuth(token)).body.data;
    await t.app.db.updateTable('checkout_payments').set({ window_ends_at: new Date(Date.now() - 1000) }).where('public_id', '=', wire.payment_id).execute();
    const read = await status(token, wire.payment_id);
    expect(read.body.data).toMatchObject({ wire: { status: 'expired' }, checkout: { status: 'failed' } });
    expect(await transfersOf(id)).toEqual([]);
  });

  it('another checkout\'s payment id is not found', async () => {
    const first = await started();
    const { wire } = (await preAuth(first.token)).body.data;
    const other = await started();
    const read = await status(other.token, wire.payment_id);
    expect(read.status).toBe(404);
    expect(read.body.error_message.code).toBe('checkout_payment_not_found');
  });
});

describe('a guest wire in live mode', () => {
  it('answers bank_account_missing and records nothing: the only receiving account known is the test bank\'s', async () => {
    // Live mode offers a coin only with its node (BTC_RPC_URL; nothing here connects to it), and checks a main-network address.
    const env = { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example', BTC_RPC_URL: 'http://u:p@127.0.0.1:1' } as const;
    const live = await buildTestApp('pglite', { env });
    try {
      const init = await send(live.app, 'POST', '/v1/checkout/init', null, { cryptoAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', payment_method: 'SEPA' });
      expect(init.status).toBe(200);
      const token = init.body.data.flow_token as string;
      const answer = await send(live.app, 'POST', '/v1/paynet/wirePreAuth', token, {}, 'live-key');
      expect(answer.status).toBe(503);
      expect(answer.body.error_message.code).toBe('bank_account_missing');
      expect(await live.app.db.selectFrom('checkout_payments').select('id').execute()).toEqual([]);
    } finally {
      await live.close();
    }
  });
});
