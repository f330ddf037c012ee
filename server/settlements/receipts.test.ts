// The creditcards and wire sub-pages' list (GET /v1/transactions/merchantReceipts) on every test database:
// guest purchases made with the merchant's merchant_id, paid by card (authorised, then captured once
// cleared) or by a bank transfer the console matched, each listed once under its own kind with the
// checkout's own figures; what was not paid, another merchant's or no merchant's is never listed; only
// the merchant reads it.

import { beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '#core/money.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { createTestOperator, type TestOperator } from '../operators/test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { ADDRESS, BILLING, CARD, flowSend } from '../checkout/checkout-test-kit.ts';
import { settleIfCleared } from '../checkout/clearance.ts';
import { deliveryState } from '../checkout/invoice.ts';
import { inject } from './settlement-test-kit.ts';

let keys = 0;
const newKey = () => `receipt-${Date.now()}-${(keys += 1)}`;

describe.each(testDatabases())('merchant card and wire receipts on $name', ({ name }) => {
  const t = useTestApp(name);
  let merchant: string;
  let member: string;
  let finance: TestOperator;

  beforeAll(async () => {
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
    finance = await createTestOperator(t.app, 'finance');
  });

  const receipts = async (kind: string, credential = merchant, page = 1, perPage = 20) =>
    inject(t.app, 'GET', `/v1/transactions/merchantReceipts?kind=${kind}&page=${page}&per_page=${perPage}`, { credential });

  /** A test-route checkout (30.00 EUR of BTC) with the buyer's details; `merchantId` undefined: opened without a merchant. */
  async function started(method: string, merchantId: string | undefined = t.seed!.merchant.merchantId) {
    const init = await flowSend(t.app, 'POST', '/v1/checkout/init', null, { test: true, cryptoAddress: ADDRESS, payment_method: method, ...(merchantId ? { merchant_id: merchantId } : {}) });
    expect(init.status).toBe(200);
    const token = init.body.data.flow_token as string;
    const id = init.body.data.checkout._id as string;
    expect((await flowSend(t.app, 'POST', '/v1/checkout/billing', token, BILLING)).status).toBe(200);
    return { id, token };
  }
  async function row(id: string) {
    return t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
  }
  /** The codes (and for a bank method the identity) as the verify account step marks them. */
  async function verified(id: string, identity = false) {
    await t.app.db.updateTable('guest_checkouts').set({ email_verified: true, mobile_verified: true, ...(identity ? { verified_id: 1 as const } : {}) }).where('public_id', '=', id).execute();
  }
  async function paidByCard(merchantId?: string) {
    const { id, token } = await started('Credit Card', merchantId);
    const paid = await flowSend(t.app, 'POST', '/v1/paynet/deposit', token, { step: 'card', card: CARD }, newKey());
    expect(paid.body.data.outcome).toBe('authorized');
    await verified(id);
    expect(await settleIfCleared(t.app.db, t.app.rates, (await row(id)).id, new Date())).toBe('captured');
    return id;
  }
  async function awaitingWire() {
    const { id, token } = await started('SEPA');
    await verified(id, true);
    const preAuth = await flowSend(t.app, 'POST', '/v1/paynet/wirePreAuth', token, {}, newKey());
    expect(preAuth.body.data.outcome).toBe('wire');
    return { id, wire: preAuth.body.data.wire as { reference: string; amount: string; currency: string } };
  }

  it('lists a card purchase under creditcards and a matched wire under wire, each with the checkout\'s own figures, and neither under the other', async () => {
    const before = { cards: (await receipts('creditcards')).json().request_details.total as number, wire: (await receipts('wire')).json().request_details.total as number };
    const cardId = await paidByCard();
    const { id: wireId, wire } = await awaitingWire();

    // A wire still awaited took no money: not a receipt yet.
    expect((await receipts('wire')).json().request_details.total).toBe(before.wire);
    const matched = await t.app.inject({ method: 'POST', url: '/v1/admin/money/incoming-wires/match', headers: { ...finance.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ reference: wire.reference, amount: wire.amount, currency: wire.currency }) });
    expect(matched.statusCode).toBe(200);

    // The app's own delivery worker may queue or send the coins at any moment: the receipt's delivery is the
    // state the row had just before or just after the list was read.
    const card = await row(cardId);
    const cards = (await receipts('creditcards')).json().request_details;
    const wires = (await receipts('wire')).json().request_details;
    const cardAfter = await row(cardId);
    expect(cards.total).toBe(before.cards + 1);
    expect(wires.total).toBe(before.wire + 1);
    expect(cards.receipts[0]).toEqual({
      order_id: cardId,
      invoice_number: `INV-${String(card.invoice_number).padStart(6, '0')}`,
      paid_at: card.invoiced_at?.toISOString(),
      payment_method: 'Credit Card',
      buyer: 'Ana García',
      currency: 'EUR',
      amount: '30.00',
      fee: formatMinor(card.fee_minor, 'EUR'),
      coin: 'BTC',
      coin_amount: formatMinor(card.crypto_amount_minor, 'BTC'),
      delivery: expect.any(String),
    });
    expect([deliveryState(card), deliveryState(cardAfter)]).toContain(cards.receipts[0].delivery);
    expect(wires.receipts[0]).toMatchObject({ order_id: wireId, payment_method: 'SEPA', amount: wire.amount, currency: 'EUR' });
    expect(cards.receipts.map((r: { order_id: string }) => r.order_id)).not.toContain(wireId);
    expect(wires.receipts.map((r: { order_id: string }) => r.order_id)).not.toContain(cardId);
    // The totals run over every page: a page of one still counts them all.
    const onePage = (await receipts('creditcards', merchant, 1, 1)).json().request_details;
    expect(onePage.receipts).toHaveLength(1);
    expect(onePage.totals).toEqual([expect.objectContaining({ currency: 'EUR', count: cards.total })]);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('never lists a purchase made without the merchant, one held but not captured, or one that ended unpaid', async () => {
    const before = (await receipts('creditcards')).json().request_details.total as number;
    await paidByCard('');
    const held = await started('Credit Card');
    expect((await flowSend(t.app, 'POST', '/v1/paynet/deposit', held.token, { step: 'card', card: CARD }, newKey())).body.data.outcome).toBe('authorized');
    const declined = await started('Credit Card');
    await flowSend(t.app, 'POST', '/v1/paynet/deposit', declined.token, { step: 'card', card: { ...CARD, number: '4000 0000 0000 0002' } }, newKey());
    expect((await row(declined.id)).status).toBe('failed');
    expect((await receipts('creditcards')).json().request_details.total).toBe(before);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('answers 403 to a member without a merchant and 400 to an unknown kind', async () => {
    const refused = await receipts('creditcards', member);
    expect(refused.status).toBe(403);
    expect(refused.json().error_message.code).toBe('forbidden');
    const unknown = await receipts('cash');
    expect(unknown.status).toBe(400);
    expect(unknown.json().error_message.code).toBe('validation_failed');
  });
});
