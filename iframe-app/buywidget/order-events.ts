// Which buy widget event a checkout's state owes the merchant page, in order. Pure: announce-order.ts
// sends them, once each per order per bridge (claimOnce of widget/merchant-events.ts).
//
// A checkout seen at all was created: order-created. authorized (card held, awaiting checks) is
// payment-authorized; successful owes payment-authorized too (a card captured at once never stops at
// authorized) and then order-completed, whose signed receipt is fetched first. failed, canceled and
// expired end the order: order-failed with that status as the reason.
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import type { CheckoutEventMap } from '#core/protocol.ts';

type OrderFields = Pick<CheckoutAnswer, '_id' | 'status' | 'fiatCurrency' | 'cryptoCurrency'>;

export type OrderAnnouncement =
  | { type: 'order-created'; data: CheckoutEventMap['order-created'] }
  | { type: 'payment-authorized'; data: CheckoutEventMap['payment-authorized'] }
  | { type: 'order-failed'; data: CheckoutEventMap['order-failed'] }
  | { type: 'order-completed' };

export function orderAnnouncementsFor(checkout: OrderFields): OrderAnnouncement[] {
  const order_id = checkout._id;
  // What the buyer pays (fee included) in the fiat, and the coin bought: the order as the server priced it.
  const created: OrderAnnouncement = { type: 'order-created', data: { order_id, amount: checkout.fiatCurrency.amount, currency: checkout.fiatCurrency.currency, coin: checkout.cryptoCurrency.currency } };
  const authorized: OrderAnnouncement = { type: 'payment-authorized', data: { order_id } };
  switch (checkout.status) {
    case 'created':
    case 'pending':
      return [created];
    case 'authorized':
      return [created, authorized];
    case 'successful':
      return [created, authorized, { type: 'order-completed' }];
    case 'failed':
    case 'canceled':
    case 'expired':
      return [created, { type: 'order-failed', data: { order_id, reason: checkout.status } }];
  }
}
