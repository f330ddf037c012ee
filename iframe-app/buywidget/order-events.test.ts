import { describe, expect, it } from 'vitest';
import { isPortMessage } from '#core/protocol.ts';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { orderAnnouncementsFor } from './order-events.ts';

const ORDER = 'chk_Qm4Tz8Wc2Lx9Rb5Vn1Kd8P';
const checkout = (status: CheckoutAnswer['status']) =>
  ({ _id: ORDER, status, fiatCurrency: { currency: 'EUR', amount: '100.00' }, cryptoCurrency: { currency: 'BTC', amount: '0.00159917' } }) as CheckoutAnswer;

describe('which buy widget events a checkout owes the merchant page', () => {
  it.each([
    ['created', ['order-created']],
    ['pending', ['order-created']],
    ['authorized', ['order-created', 'payment-authorized']],
    // A card captured at once never stops at authorized: the page still hears it was authorized first.
    ['successful', ['order-created', 'payment-authorized', 'order-completed']],
    ['failed', ['order-created', 'order-failed']],
    ['canceled', ['order-created', 'order-failed']],
    ['expired', ['order-created', 'order-failed']],
  ] as const)('%s -> %j', (status, types) => {
    expect(orderAnnouncementsFor(checkout(status)).map((plan) => plan.type)).toEqual(types);
  });

  it('order-created carries what the buyer pays, in the fiat, and the coin', () => {
    expect(orderAnnouncementsFor(checkout('created'))[0]).toEqual({ type: 'order-created', data: { order_id: ORDER, amount: '100.00', currency: 'EUR', coin: 'BTC' } });
  });

  it.each(['failed', 'canceled', 'expired'] as const)('order-failed says why: %s', (status) => {
    expect(orderAnnouncementsFor(checkout(status))[1]).toEqual({ type: 'order-failed', data: { order_id: ORDER, reason: status } });
  });

  it('every event it plans passes the protocol\'s guard (the bridge would throw otherwise)', () => {
    const CH = '1-2-3-4';
    for (const status of ['authorized', 'failed'] as const) {
      for (const plan of orderAnnouncementsFor(checkout(status))) {
        if (plan.type === 'order-completed') continue;
        expect(isPortMessage({ v: 1, ch: CH, type: plan.type, data: plan.data }, CH), plan.type).toBe(true);
      }
    }
  });
});
