// What the buyer reads about an order (public/order-status.js), from what the shop's server says.
import { describe, expect, it } from 'vitest';
import type { Order } from './orders.ts';
import { describeOrder, isCancellable } from './public/order-status.js';

function order(over: { status?: Order['status']; paid_by?: Order['paid_by']; receipt?: Order['receipt']; payment?: Partial<Order['payment']> } = {}): Order {
  return {
    id: 'ord_1',
    product_id: 'moss-terrarium',
    product: 'Moss Terrarium',
    amount: '49.00',
    currency: 'EUR',
    status: over.status ?? 'awaiting_payment',
    paid_by: over.paid_by ?? null,
    receipt: over.receipt ?? null,
    payment: { transaction_token: 'pay_AAAAAAAAAAAAAAAAAAAAAA', currency_1_iso: null, currency_1_address: null, currency_1_amount: null, expires_at: '', status: 'new', exception: null, ...over.payment },
  };
}

const verified = { status: 'settled' as const, verified_at: '2026-01-01T00:00:00.000Z' };

describe('an order as the buyer reads it', () => {
  it.each([
    { case: 'a new payment without a coin', order: order(), state: 'awaiting', title: 'Awaiting payment', detail: /Choose a coin/ },
    { case: 'a new payment priced in BTC', order: order({ payment: { currency_1_iso: 'BTC', currency_1_amount: '0.00081000' } }), state: 'awaiting', title: 'Awaiting payment', detail: /Pay 0\.00081000 BTC/ },
    { case: 'a detected payment', order: order({ payment: { status: 'processing' } }), state: 'confirming', title: 'Waiting for the payment to confirm', detail: /confirmations/ },
    { case: 'a verified receipt without a webhook yet', order: order({ receipt: verified }), state: 'confirming', title: 'Waiting for the payment to confirm', detail: /receipt was verified/ },
    { case: 'settled at the platform, the webhook still on its way', order: order({ payment: { status: 'settled' } }), state: 'confirming', title: 'Waiting for the payment to confirm', detail: /./ },
    { case: 'paid by the verified webhook', order: order({ status: 'paid', paid_by: 'webhook', payment: { status: 'settled' } }), state: 'paid', title: 'Paid', detail: /^paid_by webhook: .*signature verified/ },
    { case: 'paid by the status API', order: order({ status: 'paid', paid_by: 'status', payment: { status: 'settled' } }), state: 'paid', title: 'Paid', detail: /^paid_by status: .*status API/ },
    { case: 'underpaid and still watched', order: order({ payment: { status: 'processing', exception: 'paid_partial' } }), state: 'paid_partial', title: 'Underpaid', detail: /paid_partial/ },
    { case: 'underpaid when the window closed', order: order({ payment: { status: 'invalid', exception: 'paid_partial' } }), state: 'paid_partial', title: 'Underpaid', detail: /paid_partial/ },
    { case: 'paid after expiry', order: order({ payment: { status: 'invalid', exception: 'paid_late' } }), state: 'invalid', title: 'Needs the shop’s attention', detail: /paid_late/ },
    { case: 'expired', order: order({ payment: { status: 'expired' } }), state: 'expired', title: 'Expired', detail: /Nothing was charged/ },
    // The page shows what the server proved: a receipt never turns an expired order into a paid one.
    { case: 'expired, whatever receipt came', order: order({ receipt: verified, payment: { status: 'expired' } }), state: 'expired', title: 'Expired', detail: /./ },
    { case: 'cancelled by the shop', order: order({ status: 'cancelled', payment: { status: 'expired' } }), state: 'cancelled', title: 'Cancelled', detail: /Nothing was charged/ },
    // Money that came after the cancel is not hidden behind it: someone has to refund or ship.
    { case: 'cancelled, then paid late', order: order({ status: 'cancelled', payment: { status: 'invalid', exception: 'paid_late' } }), state: 'invalid', title: 'Needs the shop’s attention', detail: /paid_late/ },
  ])('$case: $title', ({ order: value, state, title, detail }) => {
    const shown = describeOrder(value);
    expect(shown).toMatchObject({ state, title });
    expect(shown.detail).toMatch(detail);
  });
});

describe('"Cancel order" is offered', () => {
  it.each([
    { case: 'for a new payment without a coin', order: order(), offered: true },
    { case: 'for a new payment priced in BTC', order: order({ payment: { currency_1_iso: 'BTC', currency_1_amount: '0.00081000' } }), offered: true },
    { case: 'not once money was seen', order: order({ payment: { status: 'processing' } }), offered: false },
    { case: 'not for an underpayment', order: order({ payment: { status: 'processing', exception: 'paid_partial' } }), offered: false },
    { case: 'not for a paid order', order: order({ status: 'paid', paid_by: 'webhook', payment: { status: 'settled' } }), offered: false },
    { case: 'not for an expired payment', order: order({ payment: { status: 'expired' } }), offered: false },
    { case: 'not for a cancelled order', order: order({ status: 'cancelled', payment: { status: 'expired' } }), offered: false },
  ])('$case: $offered', ({ order: value, offered }) => {
    expect(isCancellable(value)).toBe(offered);
  });
});
